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
/** The controls as a chunk of their own, for the login screen to load when reached for. */
export const loadPreferenceControls = () =>
  import(/* webpackChunkName: "preference-controls" */ './PreferenceControls')
export {
  CalendarMenu,
  LanguageMenu,
  LANGUAGE_ENDONYMS,
  PreferenceControls,
  ThemeToggle,
} from './PreferenceControls'
