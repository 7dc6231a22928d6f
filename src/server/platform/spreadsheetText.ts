// What every spreadsheet the server writes shares (the member export, the import's templates,
// the history export): the interface's texts in the asked language, and cells a spreadsheet
// must not run. Here, not in a feature, so the features that write spreadsheets need no other.
import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'

export const LANGUAGES = ['en', 'am', 'om'] as const
export type Language = (typeof LANGUAGES)[number]
export type Calendar = 'gregorian' | 'ethiopian'

const MESSAGES: Readonly<Record<Language, Readonly<Record<string, string>>>> = { en, am, om }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** A message of locales/ in a language, English when it has none there. */
export function message(lang: Language, id: string): string | undefined {
  return messageIn(lang, id) ?? MESSAGES.en[id]
}

/** message() with its `{name}` placeholders filled (no plurals needed in spreadsheets). */
export function filledMessage(
  lang: Language,
  id: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return (message(lang, id) ?? id).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

/** A message of locales/ in that language only. */
export function messageIn(lang: Language, id: string): string | undefined {
  return MESSAGES[lang][id]
}

/**
 * OWASP CSV injection: a cell a spreadsheet would read as a formula gets a leading '. So does
 * one that already starts with quotes before such a character, so that the import, which takes
 * one quote off, gives back the value as stored.
 */
export function neutralise(text: string): string {
  return /^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text
}
