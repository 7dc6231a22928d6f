import { type WithSlice, type PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import { serverMessage, translatedErrorId } from '../../app/api'
import { createSessionSlice } from '../../app/sessionEvents'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'
import { transferApi, type TransferUser } from './transferApi'

/**
 * Spec 2.8 / 4.2 as a machine: nothing may close the dialog or change the chosen user while the
 * request is in flight, and the server's answer is only taken while submitting. `opened` is legal
 * after an outcome too, because the profile that showed it may have been left in the meantime.
 */
export const TRANSFER_TRANSITIONS = transitionTable({
  closed: { opened: 'choosing' },
  choosing: {
    searchSettled: 'choosing',
    userSelected: 'choosing',
    submitStarted: 'submitting',
    closed: 'closed',
  },
  submitting: { submitSucceeded: 'succeeded', submitFailed: 'failed' },
  succeeded: { opened: 'choosing', closed: 'closed' },
  failed: {
    opened: 'choosing',
    searchSettled: 'failed',
    userSelected: 'choosing',
    submitStarted: 'submitting',
    closed: 'closed',
  },
})
export type TransferStatus = keyof typeof TRANSFER_TRANSITIONS
export type TransferEvent = EventOf<typeof TRANSFER_TRANSITIONS>

/** Spec 9.6: the user search waits this long after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 350

export interface TransferState {
  status: TransferStatus
  memberId: number | null
  memberName: string
  /** The search as typed, once typing paused (the field keeps the keystrokes). */
  searchText: string
  /** What the user list was last asked for: the search, trimmed. */
  appliedSearch: string
  selectedUser: TransferUser | null
  /** The server's message on failure; null means the translated fallback (spec 8.4). */
  error: string | null
  /** A refusal shown in its own translated words (src/app/api.ts translatedErrorId). */
  errorId: string | null
}

export const initialTransferState: TransferState = {
  status: 'closed',
  memberId: null,
  memberName: '',
  searchText: '',
  appliedSearch: '',
  selectedUser: null,
  error: null,
  errorId: null,
}

const { move } = createMachine<TransferStatus, TransferEvent, TransferState>(TRANSFER_TRANSITIONS)

const { transferMember } = transferApi.endpoints

const transferSlice = createSessionSlice({
  name: 'transfer',
  initialState: initialTransferState,
  reducers: {
    opened(state, action: PayloadAction<{ memberId: number; memberName: string }>) {
      if (move(state, 'opened')) {
        Object.assign(state, initialTransferState, action.payload, { status: 'choosing' })
      }
    },
    /** The typed search, once typing pauses (spec 2.8): one action per pause, not per key. */
    searchSettled(state, action: PayloadAction<string>) {
      if (move(state, 'searchSettled')) {
        state.searchText = action.payload
        state.appliedSearch = action.payload.trim()
      }
    },
    userSelected(state, action: PayloadAction<TransferUser | null>) {
      if (move(state, 'userSelected')) {
        state.selectedUser = action.payload
        state.error = null
      }
    },
    closed(state) {
      if (move(state, 'closed')) Object.assign(state, initialTransferState)
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(transferMember.matchPending, (state, action) => {
        // Only the dialog's own request, and only with a user chosen (spec 5.9).
        const { id, targetUserId } = action.meta.arg.originalArgs
        if (id !== state.memberId || state.selectedUser?.id !== targetUserId) return
        if (move(state, 'submitStarted')) {
          state.error = null
          state.errorId = null
        }
      })
      .addMatcher(transferMember.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.memberId) return
        move(state, 'submitSucceeded')
      })
      .addMatcher(transferMember.matchRejected, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.memberId) return
        if (move(state, 'submitFailed')) {
          state.errorId = translatedErrorId(action.payload) ?? null
          state.error = serverMessage(action.payload) ?? null
        }
      })
  },
  selectors: {
    selectTransfer: (state) => state,
    selectTransferStatus: (state) => state.status,
    selectTransferOpen: (state) => state.status !== 'closed',
  },
})

export const { opened, searchSettled, userSelected, closed } = transferSlice.actions
// Lazily registered: the reducer joins the store when this feature's code loads (with its
// route), so the login route does not carry it. Injected selectors read the initial state
// until then.
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof transferSlice> {}
}
const injectedTransferSlice = transferSlice.injectInto(rootReducer)

export const { selectTransfer, selectTransferStatus, selectTransferOpen } =
  injectedTransferSlice.selectors
export default transferSlice
