export {
  default as preferencesSlice,
  languageChosen,
  languageCycled,
  themeToggled,
  calendarChosen,
  selectLanguage,
  selectThemeMode,
  selectCalendar,
} from './preferencesSlice'
export {
  LANGUAGES,
  initialPreferences,
  isLanguage,
  type Language,
  type ThemeMode,
  type CalendarPreference,
  effectiveCalendar,
  type PreferencesState,
} from './model'
export { preferenceStorage } from './preferenceStorage'
export {
  CalendarMenu,
  LanguageMenu,
  LANGUAGE_ENDONYMS,
  PreferenceControls,
  ThemeToggle,
} from './PreferenceControls'
