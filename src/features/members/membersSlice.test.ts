import membersSlice, {
  filtersCleared,
  filtersToggled,
  initialMembersListState,
  MEMBERS_LIST_TRANSITIONS,
  type MembersListEvent,
  type MembersListState,
  type MembersListStatus,
  searchChanged,
  searchSettled,
  statusFilterChanged,
} from './membersSlice'

const reduce = membersSlice.reducer
const events: Record<MembersListEvent, () => { type: string }> = {
  searchChanged: () => searchChanged('abe'),
  searchSettled: () => searchSettled(),
  statusFilterChanged: () => statusFilterChanged('visitor'),
  filtersToggled: () => filtersToggled(),
  filtersCleared: () => filtersCleared(),
}
const at = (status: MembersListStatus): MembersListState => ({ ...initialMembersListState, status })

describe('members list filter machine', () => {
  it.each([
    ['idle', 'searchChanged', 'filtering'],
    ['idle', 'searchSettled', 'idle'],
    ['idle', 'statusFilterChanged', 'idle'],
    ['idle', 'filtersToggled', 'idle'],
    ['idle', 'filtersCleared', 'idle'],
    ['filtering', 'searchChanged', 'filtering'],
    ['filtering', 'searchSettled', 'idle'],
    ['filtering', 'statusFilterChanged', 'filtering'],
    ['filtering', 'filtersToggled', 'filtering'],
    ['filtering', 'filtersCleared', 'idle'],
  ] as const)('%s + %s → %s', (from, event, to) => {
    expect(reduce(at(from), events[event]()).status).toBe(to)
  })

  it('applies the typed text (trimmed) only when the debounce settles', () => {
    let state = reduce(undefined, searchChanged('  Bahir Dar '))
    expect(state).toMatchObject({
      status: 'filtering',
      searchText: '  Bahir Dar ',
      appliedSearch: '',
    })
    state = reduce(state, searchSettled())
    expect(state).toMatchObject({ status: 'idle', appliedSearch: 'Bahir Dar' })
  })

  it('ignores a stale settle: nothing is pending in idle', () => {
    const state = { ...initialMembersListState, searchText: 'x', appliedSearch: '' }
    expect(reduce(state, searchSettled())).toBe(state)
  })

  it('accepts only the filter statuses and clears everything at once', () => {
    const start = reduce(undefined, statusFilterChanged('inactive'))
    expect(start.statusFilter).toBe('inactive')
    expect(reduce(start, statusFilterChanged('active' as never))).toBe(start)
    const typed = reduce(reduce(start, searchChanged('abe')), searchSettled())
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

  it('names its actions as events', () => {
    expect(searchChanged('a').type).toBe('members/searchChanged')
    expect(statusFilterChanged('all').type).toBe('members/statusFilterChanged')
    expect(filtersToggled().type).toBe('members/filtersToggled')
    expect(Object.keys(MEMBERS_LIST_TRANSITIONS)).toEqual(['idle', 'filtering'])
  })
})
