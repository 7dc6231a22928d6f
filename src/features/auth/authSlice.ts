import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'
import { isRole, type Role } from '../../domain'
import { authApi, type LoginResponse } from './authApi'

/**
 * Which event may move the session from which status; anything else is ignored. A sign-in that
 * cannot reach the server fails, then checks the device's verifier (`signingInOffline`); an
 * offline session has no token, and its online sign-in (`resuming`) falls back to it on failure.
 */
export const AUTH_TRANSITIONS = transitionTable({
  signedOut: { loginStarted: 'signingIn' },
  signingIn: { loginSucceeded: 'signedIn', loginFailed: 'failed' },
  signedIn: { loggedOut: 'signedOut', expired: 'signedOut' },
  failed: { loginStarted: 'signingIn', loggedOut: 'signedOut', offlineStarted: 'signingInOffline' },
  signingInOffline: { offlineSucceeded: 'signedInOffline', offlineFailed: 'failed' },
  signedInOffline: { loginStarted: 'resuming', loggedOut: 'signedOut' },
  resuming: { loginSucceeded: 'signedIn', loginFailed: 'signedInOffline', loggedOut: 'signedOut' },
})
export type AuthStatus = keyof typeof AUTH_TRANSITIONS
export type AuthEvent = EventOf<typeof AUTH_TRANSITIONS>

/**
 * Why a sign-in failed (spec 8.1). `message` carries the server's own words where the spec
 * says to show them; the screen turns the kind into a translated sentence.
 */
export type LoginFailure =
  | { kind: 'invalidCredentials' }
  | { kind: 'serverError' }
  | { kind: 'network' }
  | { kind: 'tooManyAttempts' }
  | { kind: 'busy' }
  | { kind: 'serverMessage'; message: string }
  | { kind: 'offlineWrongPassword' }
  | { kind: 'offlineWait'; seconds: number }

export interface AuthUser {
  id: number
  username: string
  /** admin | clerk | auditor, from the sign-in answer (issue 25); clerk when absent. */
  role?: Role
  /** A temporary password: the app asks for a new one before anything else. */
  mustChangePassword?: boolean
}

export interface AuthState {
  status: AuthStatus
  token: string | null
  user: AuthUser | null
  failure: LoginFailure | null
}

export const initialAuthState: AuthState = {
  status: 'signedOut',
  token: null,
  user: null,
  failure: null,
}

const { move } = createMachine<AuthStatus, AuthEvent, AuthState>(AUTH_TRANSITIONS)

/** The claims of the JWT payload (id, username): the product reads the user from its token. */
export function userFromToken(token: string): AuthUser | null {
  try {
    const payload = token.split('.')[1]
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0))
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<AuthUser>
    if (typeof claims.id === 'number' && typeof claims.username === 'string') {
      return { id: claims.id, username: claims.username }
    }
  } catch {
    // fall through
  }
  return null
}

export function failureFromError(error: unknown): LoginFailure {
  const err = error as FetchBaseQueryError | undefined
  if (!err) return { kind: 'invalidCredentials' }
  if (err.status === 401) return { kind: 'invalidCredentials' }
  if (err.status === 500) return { kind: 'serverError' }
  // The server's refusals in English have texts of their own in the user's language.
  if (err.status === 429) return { kind: 'tooManyAttempts' }
  if (err.status === 503) return { kind: 'busy' }
  if (err.status === 'FETCH_ERROR' || err.status === 'TIMEOUT_ERROR') return { kind: 'network' }
  const data = 'data' in err ? (err.data as { message?: unknown } | undefined) : undefined
  if (data && typeof data.message === 'string' && data.message) {
    return { kind: 'serverMessage', message: data.message }
  }
  return { kind: 'invalidCredentials' }
}

function failureFromResponse(response: LoginResponse): LoginFailure {
  return response.message
    ? { kind: 'serverMessage', message: response.message }
    : { kind: 'invalidCredentials' }
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The account chose its own password: the app opens normally from now on. */
    passwordChanged: (state) => {
      if (state.status === 'signedIn' && state.user) state.user.mustChangePassword = false
    },
    offlineSignInStarted: (state) => {
      if (move(state, 'offlineStarted')) state.failure = null
    },
    offlineSignInSucceeded: (state, { payload }: PayloadAction<AuthUser>) => {
      if (move(state, 'offlineSucceeded')) {
        state.user = { ...payload, mustChangePassword: false }
        state.token = null
      }
    },
    offlineSignInFailed: (state, { payload }: PayloadAction<LoginFailure>) => {
      if (move(state, 'offlineFailed')) state.failure = payload
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => {
        if (move(state, 'loggedOut')) Object.assign(state, initialAuthState)
      })
      .addCase(sessionExpired, (state) => {
        if (move(state, 'expired')) Object.assign(state, initialAuthState)
      })
      .addMatcher(authApi.endpoints.login.matchPending, (state) => {
        if (move(state, 'loginStarted')) state.failure = null
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        const user = payload.token ? (userFromToken(payload.token) ?? payload.user ?? null) : null
        if (payload.success === true && payload.token && user) {
          if (move(state, 'loginSucceeded')) {
            state.token = payload.token
            const role = payload.user?.role
            state.user = {
              ...user,
              role: isRole(role) ? role : 'clerk',
              mustChangePassword: payload.user?.must_change_password === true,
            }
          }
        } else if (move(state, 'loginFailed')) {
          state.failure = failureFromResponse(payload)
        }
      })
      .addMatcher(authApi.endpoints.login.matchRejected, (state, action) => {
        if (move(state, 'loginFailed')) state.failure = failureFromError(action.payload)
      })
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectIsSignedIn: (state) => state.status === 'signedIn' && state.token !== null,
    /** Signed in online, or offline on this device's verifier: the signed-in screens open. */
    selectHasSession: (state) =>
      (state.status === 'signedIn' && state.token !== null) ||
      state.status === 'signedInOffline' ||
      state.status === 'resuming',
    selectIsOfflineSession: (state) =>
      state.status === 'signedInOffline' || state.status === 'resuming',
    selectCurrentUser: (state) => state.user,
    selectLoginFailure: (state) => state.failure,
  },
})

export const {
  selectAuthStatus,
  selectIsSignedIn,
  selectHasSession,
  selectIsOfflineSession,
  selectCurrentUser,
  selectLoginFailure,
} = authSlice.selectors
export const {
  passwordChanged,
  offlineSignInStarted,
  offlineSignInSucceeded,
  offlineSignInFailed,
} = authSlice.actions
export default authSlice
