import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import { api, TOKEN_KEY } from '../../app/api'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { authApi } from './authApi'
import type { AuthState } from './authSlice'

/**
 * The device's display settings, not the session's: they survive a logout (issue 28). Nothing
 * else does, the church's logo included (docs/decisions/0150, docs/spec-conformance.md).
 */
export const DEVICE_KEYS = ['language', 'themeMode', 'calendar', 'installBannerDismissed']

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
