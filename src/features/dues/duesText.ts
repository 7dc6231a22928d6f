// How dues words read in each language: months with their era mark, fund and church names.
import { ethiopianMonthName } from '../../domain'
import type { Language } from '../preferences'

const ERA: Record<Language, string> = { am: 'ዓ.ም.', en: 'E.C.', om: 'ALI' }

/** "2018-01" → "Meskerem 2018 E.C." / "መስከረም 2018 ዓ.ም." / "Fulbaana 2018 ALI". */
export function duesMonthLabel(month: string, language: Language): string {
  const year = month.slice(0, 4)
  const name = ethiopianMonthName(Number(month.slice(5, 7)), language)
  return `${name} ${year} ${ERA[language]}`
}

/** A name kept in three languages: the reader's, else the first one written. */
export function nameIn(
  names: { name_am: string; name_en: string; name_om: string },
  language: Language,
): string {
  const own = names[`name_${language}`].trim()
  return own || names.name_en.trim() || names.name_am.trim() || names.name_om.trim()
}

/**
 * antd's tag text on its pale tint (green on pale green: 2.2:1) at full text contrast. Inline:
 * antd's own rule for a coloured tag outweighs any plain class selector.
 */
export const READABLE_TAG = { color: 'var(--ant-color-text, rgba(0, 0, 0, 0.88))' } as const
