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
  /** null until the user picks one: Gregorian until then (see effectiveCalendar). */
  calendar: CalendarPreference | null
}

export const initialPreferences: PreferencesState = {
  language: 'am',
  themeMode: 'light',
  calendar: null,
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The calendar dates are shown and typed in: the user's choice, else the Gregorian calendar in
 * every language (spec 2.5: the date switch defaults to it).
 */
export function effectiveCalendar(state: PreferencesState): CalendarPreference {
  return state.calendar ?? 'gregorian'
}
