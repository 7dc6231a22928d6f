/**
 * The preferences' values and defaults, without Redux: start-up reads the saved language before
 * the store's code has loaded (src/index.tsx). The feature's index exports all of it.
 */
export const LANGUAGES = ['en', 'am', 'om'] as const
export type Language = (typeof LANGUAGES)[number]
export type ThemeMode = 'light' | 'dark'
export type CalendarPreference = 'gregorian' | 'ethiopian'

export interface PreferencesState {
  language: Language
  themeMode: ThemeMode
  calendar: CalendarPreference
}

export const initialPreferences: PreferencesState = {
  language: 'am',
  themeMode: 'light',
  calendar: 'gregorian',
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
