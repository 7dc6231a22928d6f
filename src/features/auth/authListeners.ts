import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import { api, TOKEN_KEY } from '../../app/api'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { authApi } from './authApi'
import type { AuthState } from './authSlice'

/**
 * The device's settings, not the session's: they survive a logout (issue 28), as does the
 * church's logo picked for the ID cards and reports (the church's, not a member's).
 */
export const DEVICE_KEYS = [
  'language',
  'themeMode',
  'calendar',
  'installBannerDismissed',
  'churchLogo',
]

/** Side effects of the session: the token on the device, and nothing left behind on logout. */
export function registerAuthListeners(listeners: ListenerMiddlewareInstance<{ auth: AuthState }>) {
  listeners.startListening({
    matcher: authApi.endpoints.login.matchFulfilled,
    effect: (_action, { getState }) => {
      const { auth } = getState()
      if (auth.status === 'signedIn' && auth.token) localStorage.setItem(TOKEN_KEY, auth.token)
    },
  })
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, { dispatch }) => {
      // Spec 2.2: logout clears the device's local storage. The language, theme, calendar and
      // the dismissed install banner are the device's settings, so they are written back.
      const kept = DEVICE_KEYS.map((key) => [key, localStorage.getItem(key)] as const)
      localStorage.clear()
      for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value)
      dispatch(api.util.resetApiState())
    },
  })
  listeners.startListening({
    actionCreator: sessionExpired,
    effect: (_action, { dispatch }) => {
      localStorage.removeItem(TOKEN_KEY)
      dispatch(api.util.resetApiState())
    },
  })
}
