// Spec 4.8: the profile's modes and save status, as a reducer with a transition table. It is
// local to the screen (useReducer): nothing else needs it, and the form values live in Formik.

import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'

export const PROFILE_TRANSITIONS = transitionTable({
  view: { editRequested: 'edit' },
  edit: { cancelled: 'view', saveRequested: 'saving' },
  saving: { saveSucceeded: 'view', saveFailed: 'edit' },
})
export type ProfileMode = keyof typeof PROFILE_TRANSITIONS
export type ProfileEvent = EventOf<typeof PROFILE_TRANSITIONS>

export type SaveStatus = 'idle' | 'saving' | 'success' | 'error'

export interface ProfileState {
  mode: ProfileMode
  saveStatus: SaveStatus
  /** A save succeeded during this visit: Back tells the list to fetch again (spec 2.7). */
  saved: boolean
}

export const initialProfileState: ProfileState = { mode: 'view', saveStatus: 'idle', saved: false }

const STATUS_AFTER: Record<ProfileEvent, SaveStatus> = {
  editRequested: 'idle',
  cancelled: 'idle',
  saveRequested: 'saving',
  saveSucceeded: 'success',
  saveFailed: 'error',
}

const machine = createMachine(PROFILE_TRANSITIONS)

export function profileReducer(state: ProfileState, event: ProfileEvent): ProfileState {
  if (!machine.can(state.mode, event)) return state
  return {
    mode: machine.next(state.mode, event),
    saveStatus: STATUS_AFTER[event],
    saved: state.saved || event === 'saveSucceeded',
  }
}
