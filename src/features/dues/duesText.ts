// How dues words read in each language: months with their era mark, fund and church names.
import { ethiopianMonthName, ethiopianToIso, GREGORIAN_MONTHS, parseIsoDate } from '../../domain'
import type { CalendarPreference, Language } from '../preferences'

const ERA: Record<Language, string> = { am: 'ዓ.ም.', en: 'E.C.', om: 'ALI' }

/** "2018-01" → "Meskerem 2018 E.C." / "መስከረም 2018 ዓ.ም." / "Fulbaana 2018 ALI". */
export function duesMonthLabel(month: string, language: Language): string {
  const year = month.slice(0, 4)
  const name = ethiopianMonthName(Number(month.slice(5, 7)), language)
  return `${name} ${year} ${ERA[language]}`
}

/**
 * The Gregorian days an Ethiopian dues month spans (its 30 days):
 * "2018-01" → en "Sep 11 – Oct 10, 2025", am "ሴፕቴምበር 11 – ኦክቶበር 10 ቀን 2025 እ.ኤ.አ.",
 * om "11 Fulbaana – 10 Onkoloolessa 2025 ALA"; a month across New Year names both years.
 */
export function duesMonthGregorianSpan(month: string, language: Language): string {
  const year = Number(month.slice(0, 4))
  const number = Number(month.slice(5, 7))
  const first = parseIsoDate(ethiopianToIso(year, number, 1) ?? '')
  const last = parseIsoDate(ethiopianToIso(year, number, 30) ?? '')
  if (!first || !last) return duesMonthLabel(month, language)
  const name = (m: number) =>
    language === 'en' ? GREGORIAN_MONTHS.en[m - 1].slice(0, 3) : GREGORIAN_MONTHS[language][m - 1]
  const sameYear = first.year === last.year
  if (language === 'am') {
    const from = `${name(first.month)} ${first.day}${sameYear ? '' : ` ቀን ${first.year}`}`
    return `${from} – ${name(last.month)} ${last.day} ቀን ${last.year} እ.ኤ.አ.`
  }
  if (language === 'om') {
    const from = `${first.day} ${name(first.month)}${sameYear ? '' : ` ${first.year}`}`
    return `${from} – ${last.day} ${name(last.month)} ${last.year} ALA`
  }
  const from = `${name(first.month)} ${first.day}${sameYear ? '' : `, ${first.year}`}`
  return `${from} – ${name(last.month)} ${last.day}, ${last.year}`
}

/** A dues month as the reader's calendar writes it: its Ethiopian name, or its Gregorian days. */
export function duesMonthIn(month: string, language: Language, calendar: CalendarPreference) {
  return calendar === 'gregorian'
    ? duesMonthGregorianSpan(month, language)
    : duesMonthLabel(month, language)
}

/**
 * antd's tag text on its pale tint (green on pale green: 2.2:1) at full text contrast. Inline:
 * antd's own rule for a coloured tag outweighs any plain class selector.
 */
export const READABLE_TAG = { color: 'var(--ant-color-text, rgba(0, 0, 0, 0.88))' } as const
