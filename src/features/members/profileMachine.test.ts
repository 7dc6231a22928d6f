import { itFollowsTheTable, transitions } from '../../testing/machineTables'
import {
  initialProfileState,
  PROFILE_TRANSITIONS,
  type ProfileEvent,
  type ProfileMode,
  profileReducer,
} from './profileMachine'

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<ProfileMode, ProfileEvent>`
  view    editRequested  edit
  view    saveRequested  -
  view    cancelled      -
  edit    cancelled      view
  edit    saveRequested  saving
  edit    saveSucceeded  -
  saving  saveSucceeded  view
  saving  saveFailed     edit
  saving  cancelled      -
  saving  editRequested  -
`

describe('profile machine (spec 4.8)', () => {
  itFollowsTheTable({
    table: PROFILE_TRANSITIONS,
    rows: ROWS,
    reducer: {
      stateIn: (mode) => ({ ...initialProfileState, mode }),
      apply: profileReducer,
      statusOf: (s) => s.mode,
    },
  })

  it('remembers a save for the way back to the list', () => {
    const saved = profileReducer({ ...initialProfileState, mode: 'saving' }, 'saveSucceeded')
    expect(saved).toEqual({ mode: 'view', saveStatus: 'success', saved: true })
  })
})
