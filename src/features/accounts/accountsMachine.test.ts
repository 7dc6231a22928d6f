import { expectTransitions, type Row } from '../../testing/machineTables'
import {
  ACCOUNTS_TRANSITIONS,
  accountsReducer,
  type AccountsEvent,
  type AccountsStatus,
  initialAccountsState,
} from './accountsMachine'

// Every status × event, written out by hand: null means the event is ignored there.
const ROWS: Row<AccountsStatus, AccountsEvent>[] = [
  ['idle', 'addOpened', 'adding'],
  ['idle', 'submitted', null],
  ['idle', 'saveSucceeded', null],
  ['idle', 'saveFailed', null],
  ['idle', 'passwordReset', 'revealed'],
  ['idle', 'closed', null],
  ['adding', 'addOpened', null],
  ['adding', 'submitted', 'saving'],
  ['adding', 'saveSucceeded', null],
  ['adding', 'saveFailed', null],
  ['adding', 'passwordReset', null],
  ['adding', 'closed', 'idle'],
  ['saving', 'addOpened', null],
  ['saving', 'submitted', null],
  ['saving', 'saveSucceeded', 'revealed'],
  ['saving', 'saveFailed', 'adding'],
  ['saving', 'passwordReset', null],
  ['saving', 'closed', null],
  ['revealed', 'addOpened', null],
  ['revealed', 'submitted', null],
  ['revealed', 'saveSucceeded', null],
  ['revealed', 'saveFailed', null],
  ['revealed', 'passwordReset', null],
  ['revealed', 'closed', 'idle'],
]

describe('the Accounts screen machine', () => {
  it('has exactly the transitions of the table', () => {
    expectTransitions(ACCOUNTS_TRANSITIONS, ROWS)
  })

  it.each(ROWS)('%s + %s → %s', (from, event, to) => {
    const state = { ...initialAccountsState, status: from }
    const action =
      event === 'saveSucceeded' || event === 'passwordReset'
        ? { type: event, username: 'hanna', password: 'Xq3-secret12' }
        : { type: event }
    const next = accountsReducer(state, action)
    if (to === null) expect(next).toBe(state)
    else expect(next.status).toBe(to)
  })

  it('shows the one-time password until the dialog closes, then forgets it', () => {
    let state = accountsReducer(initialAccountsState, { type: 'addOpened' })
    state = accountsReducer(state, { type: 'submitted' })
    state = accountsReducer(state, {
      type: 'saveSucceeded',
      username: 'hanna',
      password: 'Xq3-secret12',
    })
    expect(state.revealed).toEqual({ username: 'hanna', password: 'Xq3-secret12' })
    state = accountsReducer(state, { type: 'closed' })
    expect(state).toEqual({ status: 'idle', revealed: null })
  })
})
