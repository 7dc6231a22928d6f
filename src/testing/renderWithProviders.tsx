import { render, type RenderOptions, waitFor } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { Provider } from 'react-redux'
import { TOKEN_KEY } from '../app/api'
import { LocaleAndTheme } from '../app/providers'
import { routes as appRoutes } from '../app/router'
import { makeStore, type RootState } from '../app/store'
import { type AuthUser, initialAuthState } from '../features/auth/authSlice'
import { initialPreferences, type PreferencesState } from '../features/preferences'
import { fakeToken, type MockServer } from './mockServer'

export interface ProviderOptions {
  preloadedState?: Partial<RootState>
  /** Shorthand: start in this language (default English so assertions read naturally). */
  language?: PreferencesState['language']
  /** Shorthand: a calendar the device has chosen (none by default, so Gregorian: spec 2.5). */
  calendar?: PreferencesState['calendar']
  /** Shorthand: start signed in as this user (a token is stored as the app would). */
  signedInAs?: AuthUser
}

export function setupStore({
  preloadedState,
  language = 'en',
  calendar = null,
  signedInAs,
}: ProviderOptions = {}) {
  const state: Partial<RootState> = {
    preferences: { ...initialPreferences, language, calendar } as RootState['preferences'],
    ...preloadedState,
  }
  if (signedInAs) {
    const token = fakeToken({ id: signedInAs.id, username: signedInAs.username })
    localStorage.setItem(TOKEN_KEY, token)
    state.auth = { ...initialAuthState, status: 'signedIn', token, user: signedInAs }
  }
  return makeStore(state)
}

/** Renders a component with the real store, intl and antd providers. */
export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & Omit<RenderOptions, 'queries'> = {},
) {
  const { store } = setupStore(options)
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <LocaleAndTheme>{children}</LocaleAndTheme>
    </Provider>
  )
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) }
}

/** How long a screen test waits for what a lazily loaded route renders (findBy, waitFor). */
export const slow = { timeout: 20_000 }

/** Renders the app's routes (or given ones) at a path, with the real store. */
export function renderRoute(
  path: string,
  options: ProviderOptions & { routes?: RouteObject[] } = {},
) {
  const { store } = setupStore(options)
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] })
  const result = render(
    <Provider store={store}>
      <LocaleAndTheme>
        <RouterProvider router={router} />
      </LocaleAndTheme>
    </Provider>,
  )
  return { store, router, ...result }
}

/**
 * A screen `role` may not open: its address leads home, and the screen's own data (`dataPath`)
 * is never asked for. The home figures fail, so that nothing waits for them.
 */
export async function expectLedHome(
  server: Pick<MockServer, 'on' | 'requests'>,
  path: string,
  role: AuthUser['role'],
  dataPath: string,
) {
  server.on('GET', '/api/stats', { status: 500, json: {} })
  const { router } = renderRoute(path, { signedInAs: { id: 2, username: 'hanna', role } })
  await waitFor(() => expect(router.state.location.pathname).toBe('/home'), slow)
  expect(server.requests.some((request) => request.path === dataPath)).toBe(false)
}
