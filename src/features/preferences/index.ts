export {
  default as preferencesSlice,
  themeToggled,
  selectLanguage,
  selectThemeMode,
  selectCalendar,
} from './preferencesSlice'
export {
  initialPreferences,
  type Language,
  type ThemeMode,
  type CalendarPreference,
  type PreferencesState,
} from './model'
export { preferenceStorage } from './preferenceStorage'
/** The controls as a chunk of their own, for the login screen to load when reached for. */
export const loadPreferenceControls = () =>
  import(/* webpackChunkName: "preference-controls" */ './PreferenceControls')
export { CalendarMenu, LanguageMenu, PreferenceControls, ThemeToggle } from './PreferenceControls'
