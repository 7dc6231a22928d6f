import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'
import type { Language } from '../../features/preferences'

export type MessageId = keyof typeof en
type Messages = Record<string, string>

const catalogs: Record<Language, Messages> = { en, am, om }

/** A catalogue over English: any text missing (or left empty) falls back to English. */
export function withEnglishFallback(english: Messages, chosen: Messages): Messages {
  const merged = { ...english }
  for (const [key, text] of Object.entries(chosen)) if (text.trim()) merged[key] = text
  return merged
}

export function messagesFor(language: Language): Messages {
  return language === 'en' ? en : withEnglishFallback(en, catalogs[language])
}

/** BCP 47 tag for Intl: Afaan Oromoo as spoken in Ethiopia. */
export function intlLocale(language: Language): string {
  return language === 'om' ? 'om-ET' : language === 'am' ? 'am-ET' : 'en'
}
