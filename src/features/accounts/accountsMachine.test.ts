import { itFollowsTheTable, transitions } from '../../testing/machineTables'
import {
  ACCOUNTS_TRANSITIONS,
  accountsReducer,
  type AccountsEvent,
  type AccountsStatus,
  initialAccountsState,
} from './accountsMachine'

// Every status × event, written out by hand: - means the event is ignored there.
const ROWS = transitions<AccountsStatus, AccountsEvent>`
  idle      addOpened      adding
  idle      submitted      -
  idle      saveSucceeded  -
  idle      saveFailed     -
  idle      passwordReset  revealed
  idle      closed         -
  adding    addOpened      -
  adding    submitted      saving
  adding    saveSucceeded  -
  adding    saveFailed     -
  adding    passwordReset  -
  adding    closed         idle
  saving    addOpened      -
  saving    submitted      -
  saving    saveSucceeded  revealed
  saving    saveFailed     adding
  saving    passwordReset  -
  saving    closed         -
  revealed  addOpened      -
  revealed  submitted      -
  revealed  saveSucceeded  -
  revealed  saveFailed     -
  revealed  passwordReset  -
  revealed  closed         idle
`

describe('the Accounts screen machine', () => {
  itFollowsTheTable({
    table: ACCOUNTS_TRANSITIONS,
    rows: ROWS,
    reducer: {
      stateIn: (status) => ({ ...initialAccountsState, status }),
      apply: (state, event) =>
        accountsReducer(
          state,
          event === 'saveSucceeded' || event === 'passwordReset'
            ? { type: event, username: 'hanna', password: 'Xq3-secret12' }
            : { type: event },
        ),
      statusOf: (s) => s.status,
    },
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
