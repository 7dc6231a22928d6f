// The Accounts screen's one workflow: add an account, then show its one-time password once.
// A reset shows a new one-time password the same way. Local to the screen (useReducer).

import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'

export const ACCOUNTS_TRANSITIONS = transitionTable({
  idle: { addOpened: 'adding', passwordReset: 'revealed' },
  adding: { submitted: 'saving', closed: 'idle' },
  saving: { saveSucceeded: 'revealed', saveFailed: 'adding' },
  revealed: { closed: 'idle' },
})
export type AccountsStatus = keyof typeof ACCOUNTS_TRANSITIONS
export type AccountsEvent = EventOf<typeof ACCOUNTS_TRANSITIONS>

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
