import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import { api, TOKEN_KEY } from '../../app/api'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { accountApi } from '../account'
import { authApi } from './authApi'
import {
  type AuthState,
  failureFromError,
  type LoginFailure,
  offlineSignInFailed,
  offlineSignInStarted,
  offlineSignInSucceeded,
} from './authSlice'
import type { OfflineCheck } from './offlineVerifier'
import { forgetTemporaryPassword, holdTemporaryPassword } from './temporaryPassword'

// The verifier (PBKDF2 and IndexedDB) loads only when a sign-in succeeds or finds no server: the
// sign-in page's first paint does not wait for it (the login route's size budget).
const verifier = () => import(/* webpackChunkName: "offline-verifier" */ './offlineVerifier')

/** Whether this browser can derive a verifier at all (WebCrypto needs a secure origin). */
const canVerifyOffline = () =>
  typeof indexedDB !== 'undefined' && Boolean(globalThis.crypto?.subtle)

/** What an offline check's answer means for the sign-in screen. */
const OFFLINE_FAILURES: Record<'noVerifier' | 'wrongPassword', LoginFailure> = {
  // No verifier: the server's own "cannot be reached" is the true answer.
  noVerifier: { kind: 'network' },
  wrongPassword: { kind: 'offlineWrongPassword' },
}

/**
 * The device's display settings, not the session's: they survive a logout (issue 28). Nothing
 * else does, the church's logo included (docs/decisions/0150, docs/spec-conformance.md).
 */
export const DEVICE_KEYS = ['language', 'themeMode', 'calendar', 'installBannerDismissed']

/** Side effects of the session: the token on the device, and nothing left behind on logout. */
export function registerAuthListeners(listeners: ListenerMiddlewareInstance<{ auth: AuthState }>) {
  listeners.startListening({
    matcher: authApi.endpoints.login.matchFulfilled,
    effect: async (action, { getState }) => {
      const { auth } = getState()
      if (auth.status === 'signedIn' && auth.token) localStorage.setItem(TOKEN_KEY, auth.token)
      const { user } = auth
      // A temporary password is not worth a verifier: it must be changed online first. The
      // change-password screen takes it from memory rather than asking for it again.
      if (auth.status === 'signedIn' && user?.mustChangePassword) {
        holdTemporaryPassword(user.username, action.meta.arg.originalArgs.password)
      }
      if (auth.status !== 'signedIn' || !user || user.mustChangePassword || !canVerifyOffline()) {
        return
      }
      const { password } = action.meta.arg.originalArgs
      const account = { id: user.id, username: user.username, role: user.role ?? 'clerk' }
      await verifier()
        .then((v) => v.rememberPassword(account, password))
        .catch(() => undefined)
    },
  })
  listeners.startListening({
    matcher: authApi.endpoints.login.matchRejected,
    effect: async (action, { dispatch, getState }) => {
      // Only a sign-in from the login screen that reached no server at all is tried offline.
      if (getState().auth.status !== 'failed') return
      if (failureFromError(action.payload).kind !== 'network' || !canVerifyOffline()) return
      dispatch(offlineSignInStarted())
      const { username, password } = action.meta.arg.originalArgs
      const check: OfflineCheck = await verifier()
        .then((v) => v.checkOffline(username, password))
        .catch(() => ({ kind: 'noVerifier' as const }))
      if (check.kind === 'ok') dispatch(offlineSignInSucceeded(check.account))
      else if (check.kind === 'wait') {
        dispatch(offlineSignInFailed({ kind: 'offlineWait', seconds: check.seconds }))
      } else dispatch(offlineSignInFailed(OFFLINE_FAILURES[check.kind]))
    },
  })
  listeners.startListening({
    matcher: accountApi.endpoints.changePassword.matchFulfilled,
    effect: async (_action, { getState }) => {
      const username = getState().auth.user?.username
      if (username)
        await verifier()
          .then((v) => v.forgetPassword(username))
          .catch(() => undefined)
    },
  })
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, { dispatch, getOriginalState }) => {
      forgetTemporaryPassword()
      const username = getOriginalState().auth.user?.username
      if (username && canVerifyOffline()) {
        void verifier()
          .then((v) => v.forgetPassword(username))
          .catch(() => undefined)
      }
      // The member list and profiles kept for an offline session go with the verifier.
      if (username && typeof indexedDB !== 'undefined') {
        void import(/* webpackChunkName: "offline-verifier" */ '../../shared/deviceMembers')
          .then((kept) => kept.forgetAccountMembers(username))
          .catch(() => undefined)
      }
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
      forgetTemporaryPassword()
      localStorage.removeItem(TOKEN_KEY)
      dispatch(api.util.resetApiState())
    },
  })
}
