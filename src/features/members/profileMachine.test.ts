import { itFollowsTheTable, type Row } from '../../testing/machineTables'
import {
  initialProfileState,
  PROFILE_TRANSITIONS,
  type ProfileEvent,
  type ProfileMode,
  profileReducer,
} from './profileMachine'

// Written by hand, illegal events included (null: ignored, the state unchanged).
const ROWS: Row<ProfileMode, ProfileEvent>[] = [
  ['view', 'editRequested', 'edit'],
  ['view', 'saveRequested', null],
  ['view', 'cancelled', null],
  ['edit', 'cancelled', 'view'],
  ['edit', 'saveRequested', 'saving'],
  ['edit', 'saveSucceeded', null],
  ['saving', 'saveSucceeded', 'view'],
  ['saving', 'saveFailed', 'edit'],
  ['saving', 'cancelled', null],
  ['saving', 'editRequested', null],
]

describe('profile machine (spec 4.8)', () => {
  itFollowsTheTable({
    table: PROFILE_TRANSITIONS,
    rows: ROWS,
    stateIn: (mode: ProfileMode) => ({ ...initialProfileState, mode }),
    apply: profileReducer,
    statusOf: (s) => s.mode,
  })

  it('remembers a save for the way back to the list', () => {
    const saved = profileReducer({ ...initialProfileState, mode: 'saving' }, 'saveSucceeded')
    expect(saved).toEqual({ mode: 'view', saveStatus: 'success', saved: true })
  })
})
