import type { UnknownAction } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { itFollowsTheTable, mutationAction, transitions } from '../../testing/machineTables'
import authSlice, {
  AUTH_TRANSITIONS,
  type AuthEvent,
  type AuthState,
  type AuthStatus,
  initialAuthState,
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
`

const at = (status: AuthStatus): AuthState => ({
  ...initialAuthState,
  status,
  ...(status === 'signedIn' ? { token: TOKEN, user: { id: 1, username: 'abebe' } } : {}),
})

describe('session machine', () => {
  itFollowsTheTable({
    table: AUTH_TRANSITIONS,
    rows: ROWS,
    reducer: {
      stateIn: at,
      apply: (state, event) => authSlice.reducer(state, events[event]()),
      statusOf: (s) => s.status,
    },
  })

  it('keeps the token and user of a sign-in and forgets them on logout', () => {
    const signedIn = authSlice.reducer(at('signingIn'), events.loginSucceeded())
    expect(signedIn).toMatchObject({ token: TOKEN, user: { id: 1, username: 'abebe' } })
    expect(authSlice.reducer(signedIn, loggedOut())).toEqual(initialAuthState)
  })
})
