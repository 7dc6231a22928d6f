import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import am from '../../../locales/am.json'
import { api } from '../../app/api'
import { LocaleAndTheme } from '../../app/providers'
import { routes } from '../../app/router'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { setupStore } from '../../testing/renderWithProviders'
import { listedMember } from '../../testing/storedMember'
import type { MemberListItem } from './membersApi'

const abebe = listedMember({
  photo_path: 'uploads/a.jpg',
  thumbnail_path: 'uploads/a-thumb.jpg',
})
const sparse: MemberListItem = {
  ...abebe,
  id: 3,
  first_name: 'Hanna',
  middle_name: null,
  last_name: 'Girma',
  gender: null,
  phone_primary: null,
  email: '',
  membership_status: null,
  photo_path: null,
  thumbnail_path: null,
}

// antd renders slowly in jsdom; these drive whole screens.
const SLOW = { timeout: 10_000 }
/** The list's columns as spec 2.6 names them, in order. */
const COLUMNS = ['Photo', 'Name', 'Gender', 'Phone', 'Email', 'Membership Status', 'Actions']

let server: MockServer
const searches = () => server.requests.filter((r) => r.path === '/api/members/search')
/** Types into the list's search box, as a change of its whole value. */
const typeSearch = (value: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), {
    target: { value },
  })

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
}

function renderList(state?: unknown, language: 'en' | 'am' | 'om' = 'en') {
  const { store } = setupStore({ signedInAs: { id: 1, username: 'admin' }, language })
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: '/members', state }],
  })
  render(
    <Provider store={store}>
      <LocaleAndTheme>
        <RouterProvider router={router} />
      </LocaleAndTheme>
    </Provider>,
  )
  return { store, router }
}

beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/search', {
    json: { items: [abebe, sparse], total: 212, next_cursor: 'c2' },
  })
  setWidth(1280)
})
afterEach(() => {
  server.restore()
  jest.useRealTimers()
})

describe('member list (spec 2.6)', () => {
  it('shows a table on wide screens with the server total, fallbacks and row navigation', async () => {
    const { router } = renderList()
    const table = await screen.findByRole('table', {}, SLOW)
    expect(screen.getByRole('heading', { name: 'Church Members' })).toBeInTheDocument()
    expect(screen.getByTitle('212 members')).toBeInTheDocument()
    for (const header of COLUMNS) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    const row = within(table).getByText('Hanna Girma').closest('tr') as HTMLElement
    expect(within(row).getByText('Not specified')).toBeInTheDocument()
    expect(within(row).getByText('No phone provided')).toBeInTheDocument()
    expect(within(row).getByText('No email provided')).toBeInTheDocument()
    expect(within(row).getByText('No status')).toBeInTheDocument()
    expect(searches()[0].search.get('limit')).toBe('50')

    fireEvent.click(within(table).getByText('Abebe Kebede Tesfaye'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/7'))
  })

  it.each(['Enter', ' '])('opens a focused row with the %p key', async (key) => {
    const { router } = renderList()
    const table = await screen.findByRole('table', {}, SLOW)
    const row = within(table).getByText('Hanna Girma').closest('tr') as HTMLElement
    expect(row).toHaveAttribute('tabindex', '0')
    // A key on a button inside the row is the button's, not the row's.
    fireEvent.keyDown(within(row).getByRole('button', { name: 'View Hanna Girma' }), { key })
    expect(router.state.location.pathname).toBe('/members')
    fireEvent.keyDown(row, { key })
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/3'))
  })

  it('opens the editor route from the Edit action without also opening the row', async () => {
    const { router } = renderList()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Abebe Kebede Tesfaye' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/edit/7'))
  })

  it.each([768, 800, 1099])(
    'at %i px shows the seven columns of spec 2.6, long values whole in a tooltip',
    async (width) => {
      setWidth(width)
      renderList()
      const table = await screen.findByRole('table', {}, SLOW)
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
      expect(headers).toEqual(COLUMNS)
      const row = within(table).getByText('Abebe Kebede Tesfaye').closest('tr') as HTMLElement
      const cells = within(row).getAllByRole('cell')
      expect(
        cells.map(
          (cell) => cell.getAttribute('title') ?? cell.firstElementChild?.getAttribute('title'),
        ),
      ).toEqual([
        null,
        'Abebe Kebede Tesfaye',
        'Male',
        '+251911000000',
        'abebe@example.org',
        'Member',
        null,
      ])
      const sparseRow = within(table).getByText('Hanna Girma').closest('tr') as HTMLElement
      expect(within(sparseRow).getByText('No email provided')).toBeInTheDocument()
    },
  )

  it('shows cards below the medium breakpoint', async () => {
    setWidth(767)
    const { router } = renderList()
    const list = await screen.findByRole('list', { name: 'Member list' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(list).getByText('Male • +251911000000')).toBeInTheDocument()
    expect(within(list).getByText('abebe@example.org')).toBeInTheDocument()
    expect(within(list).getByText('Not specified • No phone provided')).toBeInTheDocument()
    fireEvent.click(within(list).getByRole('button', { name: 'View Hanna Girma' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/3'))
  })

  it('on a phone keeps the skeleton until the first cards have rendered, never "no members"', async () => {
    setWidth(375)
    // Every node the screen adds, in any commit: the cards render in a background render after
    // the answer arrives, and the screen in between must not say the list is empty.
    const added: string[] = []
    const record = (records: MutationRecord[]) => {
      for (const r of records) r.addedNodes.forEach((node) => added.push(node.textContent ?? ''))
    }
    const observer = new MutationObserver(record)
    observer.observe(document.body, { childList: true, subtree: true })
    renderList()
    const list = await screen.findByRole('list', { name: 'Member list' }, SLOW)
    record(observer.takeRecords())
    observer.disconnect()
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(added.join('\n')).not.toContain('No members found')
    expect(document.querySelector('.ant-skeleton')).not.toBeInTheDocument()
  })

  it('debounces the search and sends the status filter to the server', async () => {
    jest.useFakeTimers()
    renderList()
    await act(async () => jest.advanceTimersByTimeAsync(0))
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
    const search = screen.getByRole('searchbox', { name: 'Search members' })
    fireEvent.change(search, { target: { value: 'ab' } })
    fireEvent.change(search, { target: { value: 'abebe ' } })
    await act(async () => jest.advanceTimersByTimeAsync(299))
    expect(searches()).toHaveLength(1)
    await act(async () => jest.advanceTimersByTimeAsync(1))
    await waitFor(() => expect(searches()).toHaveLength(2))
    expect(searches()[1].search.get('q')).toBe('abebe')

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by membership status' }))
    fireEvent.click(await screen.findByTitle('Visitor'))
    await act(async () => jest.advanceTimersByTimeAsync(0))
    await waitFor(() => expect(searches()).toHaveLength(3))
    expect(searches()[2].search.get('status')).toBe('visitor')
    expect(searches()[2].search.get('q')).toBe('abebe')
  })

  it('walks its machine as the list goes: ready, debouncing while typing, loading, error', async () => {
    jest.useFakeTimers()
    const { store } = renderList()
    const listStatus = () => store.getState().members?.status
    await act(async () => jest.advanceTimersByTimeAsync(0))
    await screen.findByRole('table')
    await waitFor(() => expect(listStatus()).toBe('ready'))
    server.on('GET', '/api/members/search', { status: 500, json: { message: 'boom' } })
    fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
    typeSearch('ab')
    expect(listStatus()).toBe('debouncing')
    await act(async () => jest.advanceTimersByTimeAsync(300))
    await waitFor(() => expect(listStatus()).toBe('error'))
    expect(searches()).toHaveLength(2)
    // Typed back to the search already shown: the wait ends without another request.
    typeSearch('abc')
    typeSearch('ab')
    expect(listStatus()).toBe('debouncing')
    await act(async () => jest.advanceTimersByTimeAsync(300))
    await waitFor(() => expect(listStatus()).toBe('error'))
    expect(searches()).toHaveLength(2)
  })

  it('clears the filters back to idle, then shows the cached unfiltered page as ready', async () => {
    const { store } = renderList()
    const listStatus = () => store.getState().members?.status
    await screen.findByRole('table')
    await waitFor(() => expect(listStatus()).toBe('ready'))
    server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
    fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
    typeSearch('zz')
    const clear = await screen.findByRole('button', { name: 'Clear filters' }, SLOW)
    await waitFor(() => expect(listStatus()).toBe('ready'))
    const seen: unknown[] = []
    const unsubscribe = store.subscribe(() => seen.push(listStatus()))
    fireEvent.click(clear)
    unsubscribe()
    expect(seen).toEqual(['idle', 'ready'])
    expect(await screen.findByRole('table')).toBeInTheDocument()
    expect(searches()).toHaveLength(2)
  })

  it.each([1280, 800, 375])(
    'a result found by its phone or another field says so, at %d px (issue 28)',
    async (width) => {
      setWidth(width)
      server.on('GET', '/api/members/search', (req) => ({
        json: {
          items: req.search.get('q') ? [abebe, sparse] : [abebe],
          total: 2,
          next_cursor: null,
        },
      }))
      renderList()
      await screen.findAllByText('Abebe Kebede Tesfaye', {}, SLOW)
      expect(screen.queryByText(/^Phone:/)).not.toBeInTheDocument()
      fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: '91100' } })
      const marked = await screen.findByText('91100', { selector: 'mark' }, SLOW)
      expect(marked.closest('.member-search-match')).toHaveTextContent('Phone: +2519110000')
      const other = await screen.findByText('Found in other details of the profile', {}, SLOW)
      expect(other.closest(width < 768 ? 'li' : 'tr')).toHaveTextContent('Hanna Girma')
    },
  )

  it('a result found by its email marks it, in Amharic with the Amharic label', async () => {
    server.on('GET', '/api/members/search', {
      json: { items: [abebe], total: 1, next_cursor: null },
    })
    renderList(undefined, 'am')
    await screen.findByText('Abebe Kebede Tesfaye', {}, SLOW)
    fireEvent.click(screen.getByRole('button', { name: new RegExp(am.showFilters) }))
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'EXAMPLE' } })
    const marked = await screen.findByText('example', { selector: 'mark' }, SLOW)
    expect(marked.closest('.member-search-match')).toHaveTextContent(
      `${am.columnEmail}፦ abebe@example.org`,
    )
  })

  it('says so when nothing matches, and when the list cannot be fetched', async () => {
    server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
    renderList()
    expect(await screen.findByText('No members found')).toBeInTheDocument()
    server.on('GET', '/api/members/search', { status: 500, json: { message: 'boom' } })
    fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'x' } })
    expect(await screen.findByText('Failed to fetch members')).toBeInTheDocument()
  })

  it('keeps the loaded rows without a red error when the server cannot be reached (issue 42)', async () => {
    const { store } = renderList()
    await screen.findByRole('table', {}, SLOW)
    server.on('GET', '/api/members/search', 'network-error')
    act(() => {
      store.dispatch(api.util.invalidateTags(['MemberList']))
    })
    expect(
      await screen.findByText(
        'The server cannot be reached: these are the members already loaded on this device.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Failed to fetch members')).toBeNull()
    expect(screen.getByRole('table')).toHaveTextContent('Abebe')
  })

  it('shows the transfer success banner for 5 seconds', async () => {
    jest.useFakeTimers()
    renderList({ transferred: 'Abebe Kebede Tesfaye' })
    const message = 'Member Abebe Kebede Tesfaye has been successfully transferred'
    expect(screen.getByText(message)).toBeInTheDocument()
    await act(async () => jest.advanceTimersByTimeAsync(4900))
    expect(screen.getByText(message)).toBeInTheDocument()
    await act(async () => jest.advanceTimersByTimeAsync(100))
    expect(screen.queryByText(message)).not.toBeInTheDocument()
  })

  it('fetches the list again when a profile returns after a save', async () => {
    const { router } = renderList()
    await screen.findByRole('table')
    await act(() => router.navigate('/member/7'))
    await act(() => router.navigate('/members'))
    await screen.findByRole('table')
    expect(searches()).toHaveLength(1)
    await act(() => router.navigate('/member/7'))
    await act(() => router.navigate('/members', { state: { memberUpdated: true } }))
    await waitFor(() => expect(searches()).toHaveLength(2))
  })

  it('loads the next page with the server cursor', async () => {
    server.on('GET', '/api/members/search', (req) =>
      req.search.get('cursor')
        ? {
            json: {
              items: [{ ...sparse, id: 2, first_name: 'Selam' }],
              total: 3,
              next_cursor: null,
            },
          }
        : { json: { items: [abebe, sparse], total: 3, next_cursor: 'c2' } },
    )
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /Load more members/ }))
    await waitFor(() => expect(searches()).toHaveLength(2))
    expect(searches()[1].search.get('cursor')).toBe('c2')
    expect(await screen.findByText('Selam Girma')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Load more members/ })).not.toBeInTheDocument()
  })
})

describe('list header (spec 2.6)', () => {
  it('on a phone keeps the filter toggle to an icon, named and expandable for screen readers', async () => {
    setWidth(375)
    renderList()
    await screen.findByRole('list', { name: 'Member list' }, SLOW)
    const toggle = screen.getByRole('button', { name: 'Show Filters' })
    expect(toggle).not.toHaveTextContent('Show Filters')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', 'member-filters')
    expect(screen.getByRole('heading', { level: 1, name: 'Church Members' })).toBeInTheDocument()
    // The count as words under the title: a bare number tag wrapped alone in long titles.
    expect(screen.getByText('212 members')).toHaveClass('member-count')

    fireEvent.click(toggle)
    const hide = screen.getByRole('button', { name: 'Hide Filters' })
    expect(hide).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toBeInTheDocument()
    expect(document.getElementById('member-filters')).toBeInTheDocument()
    fireEvent.click(hide)
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it.each([
    ['en', 375, '1,000+ members'],
    ['am', 375, 'ከ1,000 በላይ አባላት'],
    ['om', 375, 'Miseensota 1,000 ol'],
  ] as const)(
    'says "1,000+" in %s when the server stopped counting (%d px)',
    async (language, width, words) => {
      server.on('GET', '/api/members/search', {
        json: { items: [abebe, sparse], total: 1000, total_capped: true, next_cursor: 'c2' },
      })
      setWidth(width)
      renderList(undefined, language)
      // A language's messages load on their own: wait for the words, not only the list.
      expect(await screen.findByText(words, {}, SLOW)).toHaveClass('member-count')
    },
  )

  it.each([1280, 375])(
    'asks a search uncounted and shows its count when it comes on its own, at %d px',
    async (width) => {
      let release = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      server.on('GET', '/api/members/search', (req) => ({
        json: req.search.get('q')
          ? { items: [abebe, sparse], total: null, total_capped: false, next_cursor: 'c2' }
          : { items: [abebe, sparse], total: 212, next_cursor: 'c2' },
      }))
      server.on('GET', '/api/members/search/count', async () => {
        await gate
        return { json: { total: 1000, total_capped: true } }
      })
      const counts = () => server.requests.filter((r) => r.path === '/api/members/search/count')
      // A phone says the count in words; a desktop tags it, with the words as its title.
      const findCount = (words: string) =>
        width < 768 ? screen.findByText(words, {}, SLOW) : screen.findByTitle(words, {}, SLOW)
      const queryCount = (words: string) =>
        width < 768 ? screen.queryByText(words) : screen.queryByTitle(words)
      setWidth(width)
      renderList()
      expect(await findCount('212 members')).toHaveClass('member-count')
      // The list without a search is counted by its page: no count asked, no count=false.
      expect(searches()[0].search.has('count')).toBe(false)
      fireEvent.click(screen.getByRole('button', { name: /Show Filters/ }))
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'abeb' } })
      expect(await screen.findByText('Counting members…', {}, SLOW)).toBeInTheDocument()
      expect(queryCount('212 members')).not.toBeInTheDocument()
      expect(searches().at(-1)?.search.get('count')).toBe('false')
      expect(counts()).toHaveLength(1)
      expect(Object.fromEntries(counts()[0].search)).toEqual({ q: 'abeb' })
      release()
      expect(await findCount('1,000+ members')).toHaveClass('member-count')
      expect(screen.queryByText('Counting members…')).not.toBeInTheDocument()
    },
  )

  it('tags a capped count "1,000+" on a desktop, with the words as its title', async () => {
    server.on('GET', '/api/members/search', {
      json: { items: [abebe, sparse], total: 1000, total_capped: true, next_cursor: 'c2' },
    })
    renderList()
    await screen.findByRole('table', {}, SLOW)
    expect(screen.getByTitle('1,000+ members')).toHaveTextContent('1,000+')
  })

  it('on a desktop shows the toggle with its label', async () => {
    renderList()
    await screen.findByRole('table', {}, SLOW)
    expect(screen.getByRole('button', { name: 'Show Filters' })).toHaveTextContent('Show Filters')
  })

  it('names the toggle in the interface language only, not with the icon’s English name', async () => {
    renderList(undefined, 'am')
    await screen.findByRole('table', {}, SLOW)
    fireEvent.click(screen.getByRole('button', { name: am.showFilters }))
    expect(screen.getByRole('button', { name: am.hideFilters })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: am.searchMembers })).toBeInTheDocument()
  })
})
