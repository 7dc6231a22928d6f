import { makeStore, whenRehydrated } from '../../app/store'
import { initialPreferences } from './model'
import {
  calendarChosen,
  languageChosen,
  languageCycled,
  selectCalendar,
  themeToggled,
} from './preferencesSlice'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('preferences (spec 1, 3.7)', () => {
  it('defaults to Amharic, light mode and no calendar chosen', () => {
    expect(initialPreferences).toEqual({ language: 'am', themeMode: 'light', calendar: null })
  })

  it('a device that never chose a calendar gets the Gregorian one in every language (spec 2.5)', async () => {
    const { store, persistor } = makeStore()
    await settle()
    expect(selectCalendar(store.getState())).toBe('gregorian')
    store.dispatch(languageChosen('om'))
    expect(selectCalendar(store.getState())).toBe('gregorian')
    store.dispatch(languageChosen('en'))
    expect(selectCalendar(store.getState())).toBe('gregorian')
    await persistor.flush()
    expect(localStorage.getItem('calendar')).toBeNull()
    // A choice, once made, stays whatever the language.
    store.dispatch(calendarChosen('ethiopian'))
    store.dispatch(languageChosen('en'))
    expect(selectCalendar(store.getState())).toBe('ethiopian')
    store.dispatch(calendarChosen('gregorian'))
    store.dispatch(languageChosen('am'))
    expect(selectCalendar(store.getState())).toBe('gregorian')
  })

  it('saves language and theme under the spec keys and restores them on the next start', async () => {
    const first = makeStore()
    await settle()
    first.store.dispatch(languageChosen('om'))
    first.store.dispatch(themeToggled())
    first.store.dispatch(calendarChosen('ethiopian'))
    await first.persistor.flush()
    expect(localStorage.getItem('language')).toBe('om')
    expect(localStorage.getItem('themeMode')).toBe('dark')
    expect(localStorage.getItem('calendar')).toBe('ethiopian')

    const second = makeStore()
    await settle()
    expect(second.store.getState().preferences).toMatchObject({
      language: 'om',
      themeMode: 'dark',
      calendar: 'ethiopian',
    })
  })

  it('whenRehydrated resolves only once the saved preferences are in the store (the first render waits for it)', async () => {
    localStorage.setItem('language', 'om')
    localStorage.setItem('themeMode', 'dark')
    const { store, persistor } = makeStore()
    // Before rehydration the store holds the defaults; the app must not render them.
    expect(store.getState().preferences.language).toBe('am')
    await whenRehydrated(persistor)
    expect(store.getState().preferences).toMatchObject({ language: 'om', themeMode: 'dark' })
    // Already rehydrated: resolves again at once.
    await expect(whenRehydrated(persistor)).resolves.toBeUndefined()
  })

  it('ignores a tampered stored value', async () => {
    localStorage.setItem('language', 'xx')
    localStorage.setItem('themeMode', 'purple')
    const { store } = makeStore()
    await settle()
    expect(store.getState().preferences).toMatchObject({ language: 'am', themeMode: 'light' })
  })

  it('cycles en → am → om → en', () => {
    const { store } = makeStore({ preferences: { ...initialPreferences, language: 'en' } as never })
    const seen = [1, 2, 3].map(() => {
      store.dispatch(languageCycled())
      return store.getState().preferences.language
    })
    expect(seen).toEqual(['am', 'om', 'en'])
  })
})
