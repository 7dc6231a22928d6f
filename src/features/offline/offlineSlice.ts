import { type PayloadAction, type WithSlice } from '@reduxjs/toolkit'
import { createSessionSlice } from '../../app/sessionEvents'
import { rootReducer } from '../../app/store'
import type { HouseholdRole } from '../../domain'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'

/**
 * The device's queue of registrations (issue 30): idle → saving → queued → sending → sent or
 * failed. `found`/`emptied` are what reading the queue back finds (at sign-in, after a discard);
 * `sendStopped` is a send that could not reach the server (it is tried again later). A save
 * while sending keeps `sending`: the new entry simply joins the next round. `itemStarted` names
 * the one registration in flight; it is refused for a registration open in the editor.
 */
export const QUEUE_TRANSITIONS = transitionTable({
  idle: { saveStarted: 'saving', found: 'queued', emptied: 'idle' },
  saving: { saved: 'queued', saveFailed: 'failed' },
  queued: { saveStarted: 'saving', found: 'queued', emptied: 'idle', sendStarted: 'sending' },
  sending: {
    itemStarted: 'sending',
    itemSkipped: 'sending',
    itemSent: 'sending',
    itemRefused: 'sending',
    sendFinished: 'sent',
    sendStopped: 'failed',
  },
  sent: { saveStarted: 'saving', found: 'queued', emptied: 'idle', sendStarted: 'sending' },
  failed: { saveStarted: 'saving', found: 'queued', emptied: 'idle', sendStarted: 'sending' },
})
export type QueueStatus = keyof typeof QUEUE_TRANSITIONS
export type QueueEvent = EventOf<typeof QUEUE_TRANSITIONS>

/** What the store keeps of a queued registration: no values, no photo (those stay in IndexedDB). */
export interface QueueItem {
  id: string
  name: string
  savedAt: string
  lastError: string | null
  /** The household it joins once sent, when begun from one. */
  household?: { name: string; role: HouseholdRole }
}

export type QueueProblem = 'storageFull' | 'saveFailed' | 'unreachable' | null

export interface OfflineQueueState {
  status: QueueStatus
  /** The signed-in account's queued registrations, oldest first. */
  items: QueueItem[]
  /** Of the current send: how many are done of how many. */
  progress: { done: number; total: number } | null
  problem: QueueProblem
  /** The name of the registration just saved on the device (the wizard's banner). */
  lastSaved: string | null
  /** The registration whose POST is under way: its editor waits until the answer is in. */
  inFlight: string | null
  /** The registration open in the editor: a send never starts it, so no edit is lost. */
  editing: string | null
  /** Saved, but the device's storage is filling up: told now, before a save fails. */
  storageLow: boolean
  /**
   * Registrations sent from a household that could not join it: the clerk adds them by hand.
   * Kept on the device too (queueStore), so a reload does not lose them.
   */
  unplaced: UnplacedMember[]
  /** Members whose not-added notice the registration itself shows on this page (kept too). */
  unplacedShownElsewhere: number[]
}

export interface UnplacedMember {
  /** The sent member: two registrations of one name into one household stay two notices. */
  memberId: number
  name: string
  householdId: number
  household: string
  /** The household was deleted meanwhile (404): there is nothing to link the member to. */
  householdGone?: boolean
  /** Registered online (not sent from the queue): its notice is worded so. */
  registeredOnline?: boolean
}

export const initialQueueState: OfflineQueueState = {
  status: 'idle',
  items: [],
  progress: null,
  problem: null,
  lastSaved: null,
  inFlight: null,
  editing: null,
  storageLow: false,
  unplaced: [],
  unplacedShownElsewhere: [],
}

const { move } = createMachine<QueueStatus, QueueEvent, OfflineQueueState>(
  QUEUE_TRANSITIONS,
  (state) => {
    if (state.status !== 'sending') {
      state.progress = null
      state.inFlight = null
    }
    if (state.status !== 'failed') state.problem = null
  },
)

// Reset when the session ends: the queue stays on the device after Logout, hidden until its
// account signs in again.
const offlineSlice = createSessionSlice({
  name: 'offlineQueue',
  initialState: initialQueueState,
  reducers: {
    /** The queue as read back from the device. */
    loaded(state, action: PayloadAction<QueueItem[]>) {
      if (state.status === 'sending' || state.status === 'saving') {
        state.items = action.payload
        return
      }
      if (move(state, action.payload.length ? 'found' : 'emptied')) state.items = action.payload
      if (state.items.length === 0) state.storageLow = false
    },
    saveStarted: (state) => void move(state, 'saveStarted'),
    storageRunningLow(state) {
      state.storageLow = true
    },
    saved(state, action: PayloadAction<QueueItem>) {
      // Always kept: a save during a send joins the queue without changing the send's status.
      state.items = [...state.items.filter((i) => i.id !== action.payload.id), action.payload]
      state.lastSaved = action.payload.name
      move(state, 'saved')
    },
    saveFailed(state, action: PayloadAction<'storageFull' | 'saveFailed'>) {
      if (move(state, 'saveFailed')) state.problem = action.payload
    },
    sendStarted(state, action: PayloadAction<number>) {
      if (move(state, 'sendStarted')) state.progress = { done: 0, total: action.payload }
    },
    /** Refused (nothing changes) for the registration being edited: the caller skips it. */
    itemStarted(state, action: PayloadAction<string>) {
      if (state.editing === action.payload) return
      if (move(state, 'itemStarted')) state.inFlight = action.payload
    },
    /** Left for later (open in the editor): counted as done for this round's progress. */
    itemSkipped(state) {
      if (move(state, 'itemSkipped') && state.progress) state.progress.done += 1
    },
    itemSent(state, action: PayloadAction<string>) {
      if (!move(state, 'itemSent')) return
      state.inFlight = null
      state.items = state.items.filter((item) => item.id !== action.payload)
      if (state.progress) state.progress.done += 1
    },
    itemRefused(state, action: PayloadAction<{ id: string; message: string }>) {
      if (!move(state, 'itemRefused')) return
      state.inFlight = null
      const item = state.items.find((i) => i.id === action.payload.id)
      if (item) item.lastError = action.payload.message
      if (state.progress) state.progress.done += 1
    },
    sendFinished(state) {
      if (move(state, 'sendFinished') && state.items.length === 0) state.storageLow = false
    },
    sendStopped(state) {
      if (move(state, 'sendStopped')) state.problem = 'unreachable'
    },
    /** The editor opened on a registration: sends leave it alone until it closes. */
    editOpened(state, action: PayloadAction<string>) {
      state.editing = action.payload
    },
    editClosed(state, action: PayloadAction<string>) {
      if (state.editing === action.payload) state.editing = null
    },
    savedNoticeDismissed(state) {
      state.lastSaved = null
    },
    placementFailed(state, action: PayloadAction<UnplacedMember>) {
      const others = state.unplaced.filter((u) => u.memberId !== action.payload.memberId)
      state.unplaced = [...others, action.payload]
    },
    /** Those kept on the device from before a reload or sign-out, until their notice is closed. */
    unplacedFound(state, action: PayloadAction<UnplacedMember[]>) {
      const known = new Set([
        ...state.unplaced.map((u) => u.memberId),
        ...state.unplacedShownElsewhere,
      ])
      state.unplaced.push(...action.payload.filter((u) => !known.has(u.memberId)))
    },
    /** Kept for after a reload; on this page the registration's own notice shows it. */
    unplacedKeptElsewhere(state, action: PayloadAction<number>) {
      if (!state.unplacedShownElsewhere.includes(action.payload))
        state.unplacedShownElsewhere.push(action.payload)
    },
    placementNoticeClosed(state, action: PayloadAction<UnplacedMember>) {
      const closed = action.payload.memberId
      state.unplaced = state.unplaced.filter((u) => u.memberId !== closed)
      state.unplacedShownElsewhere = state.unplacedShownElsewhere.filter((id) => id !== closed)
    },
  },
  selectors: {
    selectQueue: (state) => state,
    selectQueueCount: (state) => state.items.length,
  },
})

export const queueEvents = offlineSlice.actions
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof offlineSlice> {}
}
const injected = offlineSlice.injectInto(rootReducer)
export const { selectQueue, selectQueueCount } = injected.selectors
export default offlineSlice
