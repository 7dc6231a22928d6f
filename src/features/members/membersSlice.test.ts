import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { itFollowsTheTable, transitions } from '../../testing/machineTables'
import membersSlice, {
  filtersCleared,
  filtersToggled,
  initialMembersListState,
  MEMBERS_LIST_TRANSITIONS,
  type MembersListEvent,
  type MembersListStatus,
  searchSettled,
  statusFilterChanged,
} from './membersSlice'

const reduce = membersSlice.reducer

// Written by hand: the filters have one status, and every event is legal in it.
const ROWS = transitions<MembersListStatus, MembersListEvent>`
  idle  searchSettled        idle
  idle  statusFilterChanged  idle
  idle  filtersToggled       idle
  idle  filtersCleared       idle
`

describe('members list filter machine', () => {
  itFollowsTheTable({
    table: MEMBERS_LIST_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'members', actionNames: Object.keys(membersSlice.actions) },
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
