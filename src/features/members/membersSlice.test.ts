import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { itFollowsTheTable, reducerFedEvents, transitions } from '../../testing/machineTables'
import membersSlice, {
  filtersCleared,
  filtersToggled,
  initialMembersListState,
  listFailed,
  listLoaded,
  listRequested,
  MEMBERS_LIST_TRANSITIONS,
  type MembersListEvent,
  type MembersListState,
  type MembersListStatus,
  searchSettled,
  searchTyped,
  statusFilterChanged,
} from './membersSlice'

const reduce = membersSlice.reducer

const ACTIONS: Record<MembersListEvent, () => Parameters<typeof reduce>[1]> = {
  searchTyped: () => searchTyped(),
  searchSettled: () => searchSettled('abe'),
  statusFilterChanged: () => statusFilterChanged('inactive'),
  filtersToggled: () => filtersToggled(),
  filtersCleared: () => filtersCleared(),
  listRequested: () => listRequested(),
  listLoaded: () => listLoaded(),
  listFailed: () => listFailed(),
}

// Written by hand: a change to the slice's table must change a row here. "-" is ignored.
const ROWS = transitions<MembersListStatus, MembersListEvent>`
  idle        searchTyped          debouncing
  idle        searchSettled        loading
  idle        statusFilterChanged  loading
  idle        filtersToggled       idle
  idle        filtersCleared       idle
  idle        listRequested        loading
  idle        listLoaded           ready
  idle        listFailed           error
  debouncing  searchTyped          -
  debouncing  searchSettled        loading
  debouncing  statusFilterChanged  debouncing
  debouncing  filtersToggled       debouncing
  debouncing  filtersCleared       idle
  debouncing  listRequested        -
  debouncing  listLoaded           -
  debouncing  listFailed           -
  loading     searchTyped          debouncing
  loading     searchSettled        loading
  loading     statusFilterChanged  loading
  loading     filtersToggled       loading
  loading     filtersCleared       idle
  loading     listRequested        -
  loading     listLoaded           ready
  loading     listFailed           error
  ready       searchTyped          debouncing
  ready       searchSettled        loading
  ready       statusFilterChanged  loading
  ready       filtersToggled       ready
  ready       filtersCleared       idle
  ready       listRequested        loading
  ready       listLoaded           -
  ready       listFailed           -
  error       searchTyped          debouncing
  error       searchSettled        loading
  error       statusFilterChanged  loading
  error       filtersToggled       error
  error       filtersCleared       idle
  error       listRequested        loading
  error       listLoaded           -
  error       listFailed           -
`

describe('members list machine', () => {
  itFollowsTheTable({
    table: MEMBERS_LIST_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'members', actionNames: Object.keys(membersSlice.actions) },
    reducer: reducerFedEvents(
      // A search already applied, so that every legal move changes the state.
      (from: MembersListStatus): MembersListState => ({
        ...initialMembersListState,
        status: from,
        searchText: 'kebede',
        appliedSearch: 'kebede',
      }),
      reduce,
      ACTIONS,
    ),
  })

  it('goes idle → debouncing → loading → ready for a typed search, ignoring a stale answer', () => {
    let state = reduce(undefined, listLoaded())
    expect(state.status).toBe('ready')
    state = reduce(state, searchTyped())
    // The previous search's page arriving while the user types does not end the wait.
    expect(reduce(state, listLoaded())).toBe(state)
    state = reduce(state, searchSettled('abe'))
    expect(state).toMatchObject({ status: 'loading', appliedSearch: 'abe' })
    expect(reduce(state, listFailed()).status).toBe('error')
    expect(reduce(state, listLoaded()).status).toBe('ready')
  })

  it('refuses the filter events that a status has no row for, keeping their payload out', () => {
    const typing = { ...initialMembersListState, status: 'debouncing' as const }
    expect(reduce(typing, searchTyped())).toBe(typing)
  })

  it('keeps the settled text as typed and searches it trimmed', () => {
    const state = reduce(undefined, searchSettled('  Bahir Dar '))
    expect(state).toMatchObject({ searchText: '  Bahir Dar ', appliedSearch: 'Bahir Dar' })
  })

  it('accepts only the filter statuses and clears everything at once', () => {
    const start = reduce(undefined, statusFilterChanged('inactive'))
    expect(start.statusFilter).toBe('inactive')
    expect(reduce(start, statusFilterChanged('active' as never))).toBe(start)
    const typed = reduce(start, searchSettled('abe'))
    expect(reduce(typed, filtersCleared())).toMatchObject({
      status: 'idle',
      searchText: '',
      appliedSearch: '',
      statusFilter: 'all',
    })
  })

  it('toggles the filter panel', () => {
    const shown = reduce(undefined, filtersToggled())
    expect(shown.filtersVisible).toBe(true)
    expect(reduce(shown, filtersToggled()).filtersVisible).toBe(false)
  })

  it.each([loggedOut(), sessionExpired()])('forgets search and filters on %p', (ended) => {
    let state = reduce(undefined, searchSettled('abe'))
    state = reduce(reduce(state, statusFilterChanged('visitor')), filtersToggled())
    expect(reduce(state, ended)).toEqual(initialMembersListState)
  })
})
