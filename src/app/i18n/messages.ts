import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type en from '../../../locales/en.json'
import type { Language } from '../../features/preferences'

export type MessageId = keyof typeof en
/** Plain ICU strings in tests; parsed ASTs in the built client (compile-messages-loader). */
export type Messages = Record<string, string | MessageFormatElement[]>

/** A catalogue over English: any text missing (or left empty) falls back to English. */
export function withEnglishFallback(english: Messages, chosen: Messages): Messages {
  const merged = { ...english }
  for (const [key, text] of Object.entries(chosen)) {
    if (typeof text !== 'string' || text.trim()) merged[key] = text
  }
  return merged
}

/** BCP 47 tag for Intl: Afaan Oromoo as spoken in Ethiopia. */
export function intlLocale(language: Language): string {
  return language === 'om' ? 'om-ET' : language === 'am' ? 'am-ET' : 'en'
}
