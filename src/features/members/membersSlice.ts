import { createSlice, type WithSlice, type PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import { sessionEnded } from '../../app/sessionEvents'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'
import { createMachine, type TransitionTable } from '../../shared/createMachine'

/**
 * The directory's filter state (spec 2.6). The search box keeps its keystrokes to itself and
 * settles the text here once typing pauses, so a 20,000-member list is queried once per pause
 * and the store's log shows one search per pause. One status: every event is legal in it.
 */
export type MembersListStatus = 'idle'
export type MembersListEvent =
  'searchSettled' | 'statusFilterChanged' | 'filtersToggled' | 'filtersCleared'

/** Which event may move the filters from which status; anything else is ignored. */
export const MEMBERS_LIST_TRANSITIONS: TransitionTable<MembersListStatus, MembersListEvent> = {
  idle: {
    searchSettled: 'idle',
    statusFilterChanged: 'idle',
    filtersToggled: 'idle',
    filtersCleared: 'idle',
  },
}

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

const { move } = createMachine<MembersListStatus, MembersListEvent, MembersListState>(
  MEMBERS_LIST_TRANSITIONS,
)

const membersSlice = createSlice({
  name: 'members',
  initialState: initialMembersListState,
  reducers: {
    /** The typed search, once typing pauses. */
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
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionEnded, () => initialMembersListState)
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

export const { searchSettled, statusFilterChanged, filtersToggled, filtersCleared } =
  membersSlice.actions
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
