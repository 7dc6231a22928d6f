import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import {
  type CalendarPreference,
  effectiveCalendar,
  initialPreferences,
  isLanguage,
  type Language,
  LANGUAGES,
} from './model'

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    languageChosen(state, action: PayloadAction<Language>) {
      if (isLanguage(action.payload)) state.language = action.payload
    },
    /** The spec's cycling control: en → am → om → en. */
    languageCycled(state) {
      state.language = LANGUAGES[(LANGUAGES.indexOf(state.language) + 1) % LANGUAGES.length]
    },
    themeToggled(state) {
      state.themeMode = state.themeMode === 'dark' ? 'light' : 'dark'
    },
    calendarChosen(state, action: PayloadAction<CalendarPreference>) {
      if (action.payload === 'gregorian' || action.payload === 'ethiopian') {
        state.calendar = action.payload
      }
    },
  },
  selectors: {
    selectLanguage: (state) => state.language,
    selectThemeMode: (state) => state.themeMode,
    selectCalendar: (state) => effectiveCalendar(state),
  },
})

export const { languageChosen, languageCycled, themeToggled, calendarChosen } =
  preferencesSlice.actions
export const { selectLanguage, selectThemeMode, selectCalendar } = preferencesSlice.selectors
export default preferencesSlice
