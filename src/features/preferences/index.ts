export {
  default as preferencesSlice,
  languageChosen,
  languageCycled,
  themeToggled,
  calendarChosen,
  selectLanguage,
  selectThemeMode,
  selectCalendar,
  LANGUAGES,
  initialPreferences,
  isLanguage,
  type Language,
  type ThemeMode,
  type CalendarPreference,
  type PreferencesState,
} from './preferencesSlice'
export { preferenceStorage } from './preferenceStorage'
export {
  CalendarMenu,
  LanguageMenu,
  LANGUAGE_ENDONYMS,
  PreferenceControls,
  ThemeToggle,
} from './PreferenceControls'
