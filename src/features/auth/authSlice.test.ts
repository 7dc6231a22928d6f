import type { UnknownAction } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import {
  itFollowsTheTable,
  mutationAction,
  reducerFedEvents,
  transitions,
} from '../../testing/machineTables'
import authSlice, {
  AUTH_TRANSITIONS,
  type AuthEvent,
  type AuthState,
  type AuthStatus,
  initialAuthState,
  offlineSignInFailed,
  offlineSignInStarted,
  offlineSignInSucceeded,
  selectHasSession,
  selectIsOfflineSession,
} from './authSlice'

// A token whose payload is {"id":1,"username":"abebe"}.
const TOKEN = `x.${btoa(JSON.stringify({ id: 1, username: 'abebe' }))}.y`

const login = (phase: 'pending' | 'fulfilled' | 'rejected', payload?: unknown) =>
  mutationAction('login', phase, {}, payload)

const events: Record<AuthEvent, () => UnknownAction> = {
  loginStarted: () => login('pending'),
  loginSucceeded: () => login('fulfilled', { success: true, token: TOKEN }),
  loginFailed: () => login('rejected', { status: 401, data: {} }),
  loggedOut: () => loggedOut(),
  expired: () => sessionExpired(),
  offlineStarted: () => offlineSignInStarted(),
  offlineSucceeded: () => offlineSignInSucceeded({ id: 1, username: 'abebe', role: 'clerk' }),
  offlineFailed: () => offlineSignInFailed({ kind: 'offlineWrongPassword' }),
}

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<AuthStatus, AuthEvent>`
  signedOut  loginStarted    signingIn
  signedOut  loginSucceeded  -
  signedOut  loggedOut       -
  signedOut  expired         -
  signingIn  loginSucceeded  signedIn
  signingIn  loginFailed     failed
  signingIn  loginStarted    -
  signingIn  loggedOut       -
  signedIn   loggedOut       signedOut
  signedIn   expired         signedOut
  signedIn   loginStarted    -
  signedIn   loginFailed     -
  failed     loginStarted    signingIn
  failed     loggedOut       signedOut
  failed     loginSucceeded  -
  failed     expired         -
  failed     offlineStarted  signingInOffline
  signedOut  offlineStarted  -
  signingIn  offlineStarted  -
  signedIn   offlineStarted  -
  signingInOffline  offlineSucceeded  signedInOffline
  signingInOffline  offlineFailed     failed
  signingInOffline  loginStarted      -
  signingInOffline  loggedOut         -
  signedOut  offlineSucceeded  -
  failed     offlineSucceeded  -
  signedInOffline   loginStarted      resuming
  signedInOffline   loggedOut         signedOut
  signedInOffline   expired           -
  signedInOffline   offlineStarted    -
  resuming   loginSucceeded  signedIn
  resuming   loginFailed     signedInOffline
  resuming   loggedOut       signedOut
  resuming   expired         -
  resuming   loginStarted    -
`

const at = (status: AuthStatus): AuthState => ({
  ...initialAuthState,
  status,
  ...(status === 'signedIn' ? { token: TOKEN, user: { id: 1, username: 'abebe' } } : {}),
  ...(status === 'signedInOffline' || status === 'resuming'
    ? { user: { id: 1, username: 'abebe' } }
    : {}),
})

describe('session machine', () => {
  itFollowsTheTable({
    table: AUTH_TRANSITIONS,
    rows: ROWS,
    reducer: reducerFedEvents(at, authSlice.reducer, events),
  })

  it('keeps the token and user of a sign-in and forgets them on logout', () => {
    const signedIn = authSlice.reducer(at('signingIn'), events.loginSucceeded())
    expect(signedIn).toMatchObject({ token: TOKEN, user: { id: 1, username: 'abebe' } })
    expect(authSlice.reducer(signedIn, loggedOut())).toEqual(initialAuthState)
  })

  it("opens an offline session with the verifier's account and no token", () => {
    const offline = authSlice.reducer(at('signingInOffline'), events.offlineSucceeded())
    expect(offline).toMatchObject({ status: 'signedInOffline', token: null })
    expect(offline.user).toMatchObject({ id: 1, username: 'abebe', role: 'clerk' })
    expect(selectHasSession({ auth: offline })).toBe(true)
    expect(selectIsOfflineSession({ auth: offline })).toBe(true)
    expect(selectHasSession({ auth: at('failed') })).toBe(false)
  })

  it('keeps the offline session when its online sign-in is refused, with the reason', () => {
    const resuming = authSlice.reducer(at('signedInOffline'), events.loginStarted())
    const refused = authSlice.reducer(resuming, events.loginFailed())
    expect(refused).toMatchObject({ status: 'signedInOffline', user: { id: 1 } })
    expect(refused.failure).toEqual({ kind: 'invalidCredentials' })
    const online = authSlice.reducer(resuming, events.loginSucceeded())
    expect(online).toMatchObject({ status: 'signedIn', token: TOKEN })
    expect(selectIsOfflineSession({ auth: online })).toBe(false)
  })

  it('says why an offline sign-in failed', () => {
    const waiting = authSlice.reducer(
      at('signingInOffline'),
      offlineSignInFailed({ kind: 'offlineWait', seconds: 4 }),
    )
    expect(waiting).toMatchObject({
      status: 'failed',
      failure: { kind: 'offlineWait', seconds: 4 },
    })
  })
})
