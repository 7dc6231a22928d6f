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
