// The Accounts screen's one workflow: add an account, then show its one-time password once.
// A reset shows a new one-time password the same way. Local to the screen (useReducer).

import { createMachine, type TransitionTable } from '../../shared/createMachine'

export type AccountsStatus = 'idle' | 'adding' | 'saving' | 'revealed'
export type AccountsEvent =
  'addOpened' | 'submitted' | 'saveSucceeded' | 'saveFailed' | 'passwordReset' | 'closed'

export const ACCOUNTS_TRANSITIONS: TransitionTable<AccountsStatus, AccountsEvent> = {
  idle: { addOpened: 'adding', passwordReset: 'revealed' },
  adding: { submitted: 'saving', closed: 'idle' },
  saving: { saveSucceeded: 'revealed', saveFailed: 'adding' },
  revealed: { closed: 'idle' },
}

export interface AccountsState {
  status: AccountsStatus
  /** The one-time password being shown, and whose; forgotten when the dialog closes. */
  revealed: { username: string; password: string } | null
}

export type AccountsAction =
  | { type: Exclude<AccountsEvent, 'saveSucceeded' | 'passwordReset'> }
  | { type: 'saveSucceeded' | 'passwordReset'; username: string; password: string }

export const initialAccountsState: AccountsState = { status: 'idle', revealed: null }

const machine = createMachine(ACCOUNTS_TRANSITIONS)

export function accountsReducer(state: AccountsState, action: AccountsAction): AccountsState {
  if (!machine.can(state.status, action.type)) return state
  const status = machine.next(state.status, action.type)
  if (action.type === 'saveSucceeded' || action.type === 'passwordReset') {
    return { status, revealed: { username: action.username, password: action.password } }
  }
  return { status, revealed: status === 'revealed' ? state.revealed : null }
}
