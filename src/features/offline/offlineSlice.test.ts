import { loggedOut } from '../../app/sessionEvents'
import { itFollowsTheTable, transitions } from '../../testing/machineTables'
import offlineSlice, {
  initialQueueState,
  type OfflineQueueState,
  QUEUE_TRANSITIONS,
  queueEvents,
  type QueueEvent,
  type QueueStatus,
} from './offlineSlice'

// Written by hand, illegal events included (-: ignored).
const ROWS = transitions<QueueStatus, QueueEvent>`
  idle     saveStarted   saving
  idle     found         queued
  idle     emptied       idle
  idle     sendStarted   -
  idle     saved         -
  saving   saved         queued
  saving   saveFailed    failed
  saving   sendStarted   -
  queued   saveStarted   saving
  queued   found         queued
  queued   emptied       idle
  queued   sendStarted   sending
  queued   itemSent      -
  queued   itemStarted   -
  sending  itemStarted   sending
  sending  itemSkipped   sending
  sending  itemSent      sending
  sending  itemRefused   sending
  sending  sendFinished  sent
  sending  sendStopped   failed
  sending  sendStarted   -
  sending  saveStarted   -
  sending  found         -
  sent     saveStarted   saving
  sent     found         queued
  sent     emptied       idle
  sent     sendStarted   sending
  sent     itemSent      -
  failed   saveStarted   saving
  failed   found         queued
  failed   emptied       idle
  failed   sendStarted   sending
  failed   sendFinished  -
`

const NOT_EVENTS = [
  'loaded',
  'storageRunningLow',
  'editOpened',
  'editClosed',
  'savedNoticeDismissed',
  'placementFailed',
  'placementNoticeClosed',
  'unplacedFound',
  'unplacedKeptElsewhere',
]

const reduce = (state: OfflineQueueState, ...actions: { type: string }[]) =>
  actions.reduce((s, a) => offlineSlice.reducer(s, a as never), state)
const item = (id: string) => ({
  id,
  name: `N ${id}`,
  savedAt: '2026-11-26T10:00:00Z',
  lastError: null,
})

describe('the offline queue machine', () => {
  itFollowsTheTable({
    table: QUEUE_TRANSITIONS,
    rows: ROWS,
    // `loaded` is `found` or `emptied`; the rest keep notes beside the machine.
    dispatchedBy: {
      feature: 'offline',
      actionNames: Object.keys(queueEvents).filter((name) => !NOT_EVENTS.includes(name)),
    },
  })

  it('saves, sends with progress, keeps a refusal with its message, and ends sent', () => {
    let state = reduce(initialQueueState, queueEvents.saveStarted(), queueEvents.saved(item('a')))
    expect(state).toMatchObject({ status: 'queued', lastSaved: 'N a' })
    state = reduce(state, queueEvents.saved(item('b')), queueEvents.sendStarted(2))
    expect(state).toMatchObject({ status: 'sending', progress: { done: 0, total: 2 } })
    state = reduce(state, queueEvents.itemSent('a'))
    expect(state.progress).toEqual({ done: 1, total: 2 })
    expect(state.items.map((i) => i.id)).toEqual(['b'])
    state = reduce(state, queueEvents.itemRefused({ id: 'b', message: 'Phone is invalid' }))
    state = reduce(state, queueEvents.sendFinished())
    expect(state.status).toBe('sent')
    expect(state.progress).toBeNull()
    expect(state.items).toEqual([{ ...item('b'), lastError: 'Phone is invalid' }])
  })

  it('a send that cannot reach the server fails with the problem shown; a new send clears it', () => {
    let state = reduce(
      initialQueueState,
      queueEvents.loaded([item('a')]),
      queueEvents.sendStarted(1),
      queueEvents.sendStopped(),
    )
    expect(state).toMatchObject({ status: 'failed', problem: 'unreachable' })
    expect(state.items).toHaveLength(1)
    state = reduce(state, queueEvents.sendStarted(1))
    expect(state).toMatchObject({ status: 'sending', problem: null })
  })

  it('names the registration in flight, and refuses to start one open in the editor', () => {
    let state = reduce(
      initialQueueState,
      queueEvents.loaded([item('a'), item('b')]),
      queueEvents.editOpened('a'),
      queueEvents.sendStarted(2),
      queueEvents.itemStarted('a'),
    )
    expect(state).toMatchObject({ status: 'sending', inFlight: null, editing: 'a' })
    state = reduce(state, queueEvents.itemSkipped(), queueEvents.itemStarted('b'))
    expect(state).toMatchObject({ inFlight: 'b', progress: { done: 1, total: 2 } })
    // Opened while in flight: the lock is taken for later sends; this one keeps its answer.
    state = reduce(state, queueEvents.editOpened('b'))
    expect(state).toMatchObject({ inFlight: 'b', editing: 'b' })
    state = reduce(state, queueEvents.itemRefused({ id: 'b', message: 'Bad' }))
    expect(state.inFlight).toBeNull()
    state = reduce(state, queueEvents.editClosed('a'), queueEvents.sendFinished())
    expect(state).toMatchObject({ status: 'sent', editing: 'b', inFlight: null })
    state = reduce(state, queueEvents.editClosed('b'))
    expect(state.editing).toBeNull()
  })

  it('a send that stops leaves nothing in flight', () => {
    const state = reduce(
      initialQueueState,
      queueEvents.loaded([item('a')]),
      queueEvents.sendStarted(1),
      queueEvents.itemStarted('a'),
      queueEvents.sendStopped(),
    )
    expect(state).toMatchObject({ status: 'failed', inFlight: null })
  })

  it('ignores the payload of an illegal move', () => {
    const state = reduce(initialQueueState, queueEvents.itemSent('x'), queueEvents.sendStarted(3))
    expect(state).toEqual(initialQueueState)
  })

  it('keeps each member that could not join its household until its notice is closed', () => {
    const abebe = { memberId: 7, name: 'Abebe', householdId: 5, household: 'Abebe family' }
    const selam = { memberId: 8, name: 'Selam', householdId: 5, household: 'Abebe family' }
    // A second registration of the same name is another member, with a notice of its own.
    const selamAgain = { ...selam, memberId: 9 }
    const state = reduce(
      initialQueueState,
      queueEvents.placementFailed(abebe),
      queueEvents.placementFailed(selam),
      queueEvents.placementFailed(selamAgain),
      queueEvents.placementNoticeClosed(abebe),
      queueEvents.placementNoticeClosed(selam),
    )
    expect(state.unplaced).toEqual([selamAgain])
    expect(state.status).toBe('idle')
  })

  it('shows each not-added member once, however often it is found or told', () => {
    const abebe = { memberId: 7, name: 'Abebe', householdId: 5, household: 'Abebe family' }
    const selam = { memberId: 8, name: 'Selam', householdId: 5, household: 'Abebe family' }
    const state = reduce(
      initialQueueState,
      queueEvents.placementFailed(abebe),
      // Read back from the device at sign-in while a send tells of the same member.
      queueEvents.unplacedFound([abebe, selam]),
      queueEvents.placementFailed(selam),
      queueEvents.unplacedFound([abebe]),
    )
    expect(state.unplaced).toEqual([abebe, selam])
  })

  it('leaves a member whose registration shows its own notice to it, until that is closed', () => {
    const selam = {
      memberId: 8,
      name: 'Selam',
      householdId: 5,
      household: 'Abebe family',
      registeredOnline: true,
    }
    const kept = reduce(
      initialQueueState,
      queueEvents.unplacedKeptElsewhere(8),
      // Read back again on this page (the frame mounted anew): the registration's notice is up.
      queueEvents.unplacedFound([selam]),
    )
    expect(kept.unplaced).toEqual([])
    const closed = reduce(kept, queueEvents.placementNoticeClosed(selam))
    expect(closed.unplacedShownElsewhere).toEqual([])
    expect(reduce(closed, queueEvents.unplacedFound([selam])).unplaced).toEqual([selam])
  })

  it('forgets the account’s queue on logout (it stays on the device)', () => {
    const state = reduce(initialQueueState, queueEvents.loaded([item('a')]), loggedOut())
    expect(state).toEqual(initialQueueState)
  })
})
