import {
  expectDispatchedEventsInTable,
  expectTransitions,
  type Row,
} from '../../testing/machineTables'
import pwaSlice, {
  DIALOG_TRANSITIONS,
  INSTALL_TRANSITIONS,
  initialPwaState,
  pwaActions,
  type PwaState,
  UPDATE_TRANSITIONS,
  VERSION_TRANSITIONS,
} from './pwaSlice'

const reduce = (state: PwaState, ...actions: { type: string }[]) =>
  actions.reduce((s, a) => pwaSlice.reducer(s, a as never), state)

// Written by hand, illegal events included (null: ignored, the state unchanged).
const UPDATE_ROWS: Row<string, string>[] = [
  ['idle', 'updateReady', 'available'],
  ['available', 'updateAccepted', 'applying'],
  ['available', 'updateDismissed', 'idle'],
  ['idle', 'updateAccepted', null],
  ['applying', 'updateDismissed', null],
]
const INSTALL_ROWS: Row<string, string>[] = [
  ['unavailable', 'promptOffered', 'offered'],
  ['unavailable', 'appInstalled', 'installed'],
  ['offered', 'installRequested', 'prompting'],
  ['offered', 'appInstalled', 'installed'],
  ['prompting', 'promptAnswered', 'unavailable'],
  ['prompting', 'appInstalled', 'installed'],
  ['unavailable', 'installRequested', null],
  ['installed', 'promptOffered', null],
]
const DIALOG_ROWS: Row<string, string>[] = [
  ['closed', 'dialogScheduled', 'scheduled'],
  ['scheduled', 'dialogDue', 'open'],
  ['open', 'maybeLaterPressed', 'dismissed'],
  ['open', 'installNowPressed', 'closed'],
  ['closed', 'dialogDue', null],
  ['dismissed', 'dialogScheduled', null],
]
const VERSION_ROWS: Row<string, string>[] = [
  ['unchecked', 'versionCheckStarted', 'checking'],
  ['checking', 'versionFirstSeen', 'current'],
  ['checking', 'versionMatched', 'current'],
  ['checking', 'versionChanged', 'changed'],
  ['checking', 'versionCheckFailed', 'failed'],
  ['unchecked', 'versionChanged', null],
  ['changed', 'versionCheckStarted', null],
]
/** Actions that record facts about the device rather than move a machine. */
const DEVICE_FACTS = ['started', 'bannerDismissed', 'connectionChanged']

describe('pwa transition tables', () => {
  it.each([
    ['update', UPDATE_TRANSITIONS, UPDATE_ROWS],
    ['install', INSTALL_TRANSITIONS, INSTALL_ROWS],
    ['dialog', DIALOG_TRANSITIONS, DIALOG_ROWS],
    ['version', VERSION_TRANSITIONS, VERSION_ROWS],
  ] as const)('%s moves as the hand-written table says', (_name, table, rows) => {
    expectTransitions(table as never, rows)
  })

  it('has a row for every action the code dispatches', () => {
    const events = Object.keys(pwaActions).filter((name) => !DEVICE_FACTS.includes(name))
    const rows = [...UPDATE_ROWS, ...INSTALL_ROWS, ...DIALOG_ROWS, ...VERSION_ROWS]
    expectDispatchedEventsInTable('pwa', events, rows)
  })
})

describe('pwa state machines (spec 2.4, 2.11)', () => {
  it.each([
    ['idle', 'updateReady', 'available'],
    ['idle', 'updateAccepted', 'idle'],
    ['available', 'updateAccepted', 'applying'],
    ['available', 'updateDismissed', 'idle'],
    ['applying', 'updateDismissed', 'applying'],
  ] as const)('update: %s --%s--> %s', (from, event, to) => {
    const state = { ...initialPwaState, update: from }
    expect(reduce(state, pwaActions[event]()).update).toBe(to)
    expect(UPDATE_TRANSITIONS[from][event] ?? from).toBe(to)
  })

  it.each([
    ['unavailable', 'promptOffered', 'offered'],
    ['unavailable', 'installRequested', 'unavailable'],
    ['offered', 'installRequested', 'prompting'],
    ['prompting', 'promptAnswered', 'unavailable'],
    ['offered', 'appInstalled', 'installed'],
    ['installed', 'promptOffered', 'installed'],
  ] as const)('install: %s --%s--> %s', (from, event, to) => {
    const state = { ...initialPwaState, install: from }
    expect(reduce(state, pwaActions[event]()).install).toBe(to)
    expect(INSTALL_TRANSITIONS[from][event] ?? from).toBe(to)
  })

  it.each([
    ['closed', 'dialogScheduled', 'scheduled'],
    ['closed', 'dialogDue', 'closed'],
    ['scheduled', 'dialogDue', 'open'],
    ['open', 'maybeLaterPressed', 'dismissed'],
    ['open', 'installNowPressed', 'closed'],
    ['dismissed', 'dialogScheduled', 'dismissed'],
  ] as const)('dialog: %s --%s--> %s', (from, event, to) => {
    const state = { ...initialPwaState, dialog: from }
    expect(reduce(state, pwaActions[event]()).dialog).toBe(to)
    expect(DIALOG_TRANSITIONS[from][event] ?? from).toBe(to)
  })

  it.each([
    ['unchecked', 'versionCheckStarted', 'checking'],
    ['unchecked', 'versionChanged', 'unchecked'],
    ['checking', 'versionFirstSeen', 'current'],
    ['checking', 'versionMatched', 'current'],
    ['checking', 'versionChanged', 'changed'],
    ['checking', 'versionCheckFailed', 'failed'],
    ['changed', 'versionCheckStarted', 'changed'],
  ] as const)('version: %s --%s--> %s', (from, event, to) => {
    const state = { ...initialPwaState, version: from }
    expect(reduce(state, pwaActions[event]()).version).toBe(to)
    expect(VERSION_TRANSITIONS[from][event] ?? from).toBe(to)
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
