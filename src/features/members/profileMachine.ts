// Spec 4.8: the profile's modes and save status, as a reducer with a transition table. It is
// local to the screen (useReducer): nothing else needs it, and the form values live in Formik.

export type ProfileMode = 'view' | 'edit' | 'saving'
export type ProfileEvent =
  'editRequested' | 'cancelled' | 'saveRequested' | 'saveSucceeded' | 'saveFailed'

export const PROFILE_TRANSITIONS: Record<
  ProfileMode,
  Partial<Record<ProfileEvent, ProfileMode>>
> = {
  view: { editRequested: 'edit' },
  edit: { cancelled: 'view', saveRequested: 'saving' },
  saving: { saveSucceeded: 'view', saveFailed: 'edit' },
}

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

export function profileReducer(state: ProfileState, event: ProfileEvent): ProfileState {
  const mode = PROFILE_TRANSITIONS[state.mode][event]
  if (!mode) return state
  return {
    mode,
    saveStatus: STATUS_AFTER[event],
    saved: state.saved || event === 'saveSucceeded',
  }
}
