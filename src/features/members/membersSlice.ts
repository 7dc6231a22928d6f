import { createSlice, type WithSlice, type PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'

/**
 * The directory's filter state (spec 2.6). `filtering` means the user is typing and the search
 * has not been applied yet; the list keeps showing the last applied result until the debounce
 * settles, so a 20,000-member list is queried once per pause instead of once per keystroke.
 */
export type MembersListStatus = 'idle' | 'filtering'
export type MembersListEvent =
  'searchChanged' | 'searchSettled' | 'statusFilterChanged' | 'filtersToggled' | 'filtersCleared'

/** Which event may move the filters from which status; anything else is ignored. */
export const MEMBERS_LIST_TRANSITIONS: Record<
  MembersListStatus,
  Partial<Record<MembersListEvent, MembersListStatus>>
> = {
  idle: {
    searchChanged: 'filtering',
    statusFilterChanged: 'idle',
    filtersToggled: 'idle',
    filtersCleared: 'idle',
  },
  filtering: {
    searchChanged: 'filtering',
    // A settle with no pending text (a stale timer) is not legal in idle, so it cannot apply.
    searchSettled: 'idle',
    statusFilterChanged: 'filtering',
    filtersToggled: 'filtering',
    filtersCleared: 'idle',
  },
}

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300

export interface MembersListState {
  status: MembersListStatus
  filtersVisible: boolean
  /** What the search box shows. */
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

function move(state: MembersListState, event: MembersListEvent): boolean {
  const next = MEMBERS_LIST_TRANSITIONS[state.status][event]
  if (!next) return false
  state.status = next
  return true
}

const membersSlice = createSlice({
  name: 'members',
  initialState: initialMembersListState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      if (move(state, 'searchChanged')) state.searchText = action.payload
    },
    searchSettled(state) {
      if (move(state, 'searchSettled')) state.appliedSearch = state.searchText.trim()
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
  selectors: {
    selectMembersListStatus: (state) => state.status,
    selectFiltersVisible: (state) => state.filtersVisible,
    selectSearchText: (state) => state.searchText,
    selectAppliedSearch: (state) => state.appliedSearch,
    selectStatusFilter: (state) => state.statusFilter,
    selectFiltersActive: (state) => state.appliedSearch !== '' || state.statusFilter !== 'all',
  },
})

export const { searchChanged, searchSettled, statusFilterChanged, filtersToggled, filtersCleared } =
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
