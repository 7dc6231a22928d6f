/**
 * The sign-in screen rendered to HTML at build time, for index.html (see chooserScript.ts): the
 * real LoginScreen with the app's providers and a fresh store, as a first visit with the given
 * language and theme saved would draw it. Run in Node by scripts/prerender-login.cjs, which gives
 * these modules what the browser build would (CSS imports, storage, antd's static styles).
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import LoginScreen from '../../features/auth/LoginScreen'
import { initialPreferences, type Language, type ThemeMode } from '../../features/preferences'
import { loadLanguage } from '../i18n/bundles'
import { Providers } from '../providers'
import { makeStore, type RootState } from '../store'

export const PRERENDER_LANGUAGES: readonly Language[] = ['am', 'en', 'om']
export const PRERENDER_THEMES: readonly ThemeMode[] = ['light', 'dark']

/** The sign-in screen as its first render draws it, for one language and theme. */
export async function renderLogin(language: Language, themeMode: ThemeMode): Promise<string> {
  await loadLanguage(language)
  const preferences = { ...initialPreferences, language, themeMode }
  const { store } = makeStore({ preferences: preferences as RootState['preferences'] })
  return renderToString(
    <StrictMode>
      <Providers store={store}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginScreen />
        </MemoryRouter>
      </Providers>
    </StrictMode>,
  )
}

export async function renderLoginVariants(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const language of PRERENDER_LANGUAGES) {
    for (const mode of PRERENDER_THEMES)
      out[`${language}-${mode}`] = await renderLogin(language, mode)
  }
  return out
}
