import { type WithSlice, type PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import { createSessionSlice } from '../../app/sessionEvents'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'

/**
 * The directory's filter state (spec 2.6) and where the list stands. The search box keeps its
 * keystrokes to itself: it reports that typing began (`debouncing`) and settles the text here
 * once typing pauses, so a 20,000-member list is queried once per pause. The screen reports its
 * first page's request, answer and failure (`listRequested`, `listLoaded`, `listFailed`); a
 * further page ("Load more") is that button's own wait, not a state of the list.
 *
 * Which event may move the list from which status; anything else is ignored. An answer that
 * arrives while the user is still typing (`debouncing`) or for a list already shown is refused:
 * only a list that is loading, or not yet asked for (a cached page on arrival), becomes ready.
 * Clearing the filters returns the list to its start, the unfiltered list not yet asked for:
 * the screen then reports its request, or its cached page, as on arrival.
 */
export const MEMBERS_LIST_TRANSITIONS = transitionTable({
  idle: {
    searchTyped: 'debouncing',
    searchSettled: 'loading',
    statusFilterChanged: 'loading',
    filtersToggled: 'idle',
    filtersCleared: 'idle',
    listRequested: 'loading',
    listLoaded: 'ready',
    listFailed: 'error',
  },
  debouncing: {
    searchSettled: 'loading',
    statusFilterChanged: 'debouncing',
    filtersToggled: 'debouncing',
    filtersCleared: 'idle',
  },
  loading: {
    searchTyped: 'debouncing',
    searchSettled: 'loading',
    statusFilterChanged: 'loading',
    filtersToggled: 'loading',
    filtersCleared: 'idle',
    listLoaded: 'ready',
    listFailed: 'error',
  },
  ready: {
    searchTyped: 'debouncing',
    searchSettled: 'loading',
    statusFilterChanged: 'loading',
    filtersToggled: 'ready',
    filtersCleared: 'idle',
    listRequested: 'loading',
  },
  error: {
    searchTyped: 'debouncing',
    searchSettled: 'loading',
    statusFilterChanged: 'loading',
    filtersToggled: 'error',
    filtersCleared: 'idle',
    listRequested: 'loading',
  },
})
export type MembersListStatus = keyof typeof MEMBERS_LIST_TRANSITIONS
export type MembersListEvent = EventOf<typeof MEMBERS_LIST_TRANSITIONS>

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300

export interface MembersListState {
  status: MembersListStatus
  filtersVisible: boolean
  /** The search as typed, once typing paused (the box shows it again on a later visit). */
  searchText: string
  /** What the server was last asked for. */
  appliedSearch: string
  statusFilter: StatusFilter
}

export const initialMembersListState: MembersListState = {
  status: 'idle',
  filtersVisible: false,
  searchText: '',
  appliedSearch: '',
  statusFilter: 'all',
}

export const membersListMachine = createMachine<
  MembersListStatus,
  MembersListEvent,
  MembersListState
>(MEMBERS_LIST_TRANSITIONS)
const { move } = membersListMachine

const membersSlice = createSessionSlice({
  name: 'members',
  initialState: initialMembersListState,
  reducers: {
    /** Typing began in the search box: the list waits for it to pause. */
    searchTyped(state) {
      move(state, 'searchTyped')
    },
    /** The typed search, once typing pauses (unchanged text too: the wait is over). */
    searchSettled(state, action: PayloadAction<string>) {
      if (move(state, 'searchSettled')) {
        state.searchText = action.payload
        state.appliedSearch = action.payload.trim()
      }
    },
    statusFilterChanged(state, action: PayloadAction<StatusFilter>) {
      if (!FILTER_STATUSES.includes(action.payload)) return
      if (move(state, 'statusFilterChanged')) state.statusFilter = action.payload
    },
    filtersToggled(state) {
      if (move(state, 'filtersToggled')) state.filtersVisible = !state.filtersVisible
    },
    filtersCleared(state) {
      if (move(state, 'filtersCleared')) {
        state.searchText = ''
        state.appliedSearch = ''
        state.statusFilter = 'all'
      }
    },
    /** The list's first page is being fetched (a new search or filter, a refetch). */
    listRequested(state) {
      move(state, 'listRequested')
    },
    listLoaded(state) {
      move(state, 'listLoaded')
    },
    listFailed(state) {
      move(state, 'listFailed')
    },
  },
  selectors: {
    selectMembersListStatus: (state) => state.status,
    selectFiltersVisible: (state) => state.filtersVisible,
    selectSearchText: (state) => state.searchText,
    selectAppliedSearch: (state) => state.appliedSearch,
    selectStatusFilter: (state) => state.statusFilter,
    selectFiltersActive: (state) => state.appliedSearch !== '' || state.statusFilter !== 'all',
  },
})

export const {
  searchTyped,
  searchSettled,
  statusFilterChanged,
  filtersToggled,
  filtersCleared,
  listRequested,
  listLoaded,
  listFailed,
} = membersSlice.actions
// Lazily registered: the reducer joins the store when this feature's code loads (with its
// route), so the login route does not carry it. Injected selectors read the initial state
// until then.
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof membersSlice> {}
}
const injectedMembersSlice = membersSlice.injectInto(rootReducer)

export const {
  selectMembersListStatus,
  selectFiltersVisible,
  selectSearchText,
  selectAppliedSearch,
  selectStatusFilter,
  selectFiltersActive,
} = injectedMembersSlice.selectors
export default membersSlice
