import {
  expectDispatchedEventsInTable,
  itFollowsTheTable,
  transitions,
} from '../../testing/machineTables'
import type { TransitionTable } from '../../shared/createMachine'
import pwaSlice, {
  DIALOG_TRANSITIONS,
  type DialogEvent,
  type DialogStatus,
  INSTALL_TRANSITIONS,
  type InstallEvent,
  type InstallStatus,
  initialPwaState,
  pwaActions,
  type PwaState,
  UPDATE_TRANSITIONS,
  type UpdateEvent,
  type UpdateStatus,
  VERSION_TRANSITIONS,
  type VersionEvent,
  type VersionStatus,
} from './pwaSlice'

const reduce = (state: PwaState, ...actions: { type: string }[]) =>
  actions.reduce((s, a) => pwaSlice.reducer(s, a as never), state)

// Written by hand, illegal events included (-: ignored, the state unchanged).
const UPDATE_ROWS = transitions<UpdateStatus, UpdateEvent>`
  idle       updateReady      available
  available  updateAccepted   applying
  available  updateDismissed  idle
  idle       updateAccepted   -
  applying   updateDismissed  -
`
const INSTALL_ROWS = transitions<InstallStatus, InstallEvent>`
  unavailable  promptOffered     offered
  unavailable  appInstalled      installed
  offered      installRequested  prompting
  offered      appInstalled      installed
  prompting    promptAnswered    unavailable
  prompting    appInstalled      installed
  unavailable  installRequested  -
  installed    promptOffered     -
`
const DIALOG_ROWS = transitions<DialogStatus, DialogEvent>`
  closed     dialogScheduled    scheduled
  scheduled  dialogDue          open
  open       maybeLaterPressed  dismissed
  open       installNowPressed  closed
  closed     dialogDue          -
  dismissed  dialogScheduled    -
`
const VERSION_ROWS = transitions<VersionStatus, VersionEvent>`
  unchecked  versionCheckStarted  checking
  checking   versionFirstSeen     current
  checking   versionMatched       current
  checking   versionChanged       changed
  checking   versionCheckFailed   failed
  unchecked  versionChanged       -
  changed    versionCheckStarted  -
`
/** Actions that record facts about the device rather than move a machine. */
const DEVICE_FACTS = ['started', 'bannerDismissed', 'connectionChanged']

describe('pwa state machines (spec 2.4, 2.11)', () => {
  // Each machine moves one field of the state, by the action of the event's name.
  describe.each([
    ['update', UPDATE_TRANSITIONS, UPDATE_ROWS],
    ['install', INSTALL_TRANSITIONS, INSTALL_ROWS],
    ['dialog', DIALOG_TRANSITIONS, DIALOG_ROWS],
    ['version', VERSION_TRANSITIONS, VERSION_ROWS],
  ] as const)('%s', (field, table, rows) => {
    itFollowsTheTable<string, string, PwaState>({
      table: table as TransitionTable<string, string>,
      rows,
      reducer: {
        stateIn: (from) => ({ ...initialPwaState, [field]: from }),
        apply: (state, event) => reduce(state, { type: `pwa/${event}` }),
        statusOf: (state) => state[field],
      },
    })
  })

  it('has a row for every action the code dispatches', () => {
    const events = Object.keys(pwaActions).filter((name) => !DEVICE_FACTS.includes(name))
    const rows = [...UPDATE_ROWS, ...INSTALL_ROWS, ...DIALOG_ROWS, ...VERSION_ROWS]
    expectDispatchedEventsInTable('pwa', events, rows)
  })

  it('never schedules the dialog in the installed app or after Maybe Later in this session', () => {
    const device = initialPwaState.device
    const standalone = reduce(initialPwaState, pwaActions.started({ ...device, standalone: true }))
    expect(standalone.install).toBe('installed')
    expect(reduce(standalone, pwaActions.dialogScheduled()).dialog).toBe('closed')
    const dismissed = reduce(
      initialPwaState,
      pwaActions.started({ ...device, promptDismissed: true }),
    )
    expect(reduce(dismissed, pwaActions.dialogScheduled()).dialog).toBe('closed')
  })

  it('Maybe Later remembers the dismissal for the session', () => {
    const open = { ...initialPwaState, dialog: 'open' as const }
    expect(reduce(open, pwaActions.maybeLaterPressed()).device.promptDismissed).toBe(true)
  })
})
