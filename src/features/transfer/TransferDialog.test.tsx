import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedMember } from '../../testing/storedMember'

jest.setTimeout(120_000)

const member = storedMember()

let server: MockServer
const userSearches = () => server.requests.filter((r) => r.path === '/api/users')
const searches = () => server.requests.filter((r) => r.path === '/api/members/search')
const memberGets = () =>
  server.requests.filter((r) => r.method === 'GET' && r.path === '/api/members/7')

beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/7', { json: member })
  server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
  server.on('GET', '/api/users', (req) => {
    const search = req.search.get('search') ?? ''
    const users = [
      { id: 2, username: 'dawit' },
      { id: 3, username: 'hanna' },
    ]
    return { json: users.filter((u) => u.username.includes(search)) }
  })
})
afterEach(() => {
  server.restore()
  jest.useRealTimers()
})

async function openDialog() {
  const view = renderRoute('/member/7', { signedInAs: { id: 1, username: 'admin' } })
  await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
  fireEvent.click(screen.getByRole('button', { name: /Transfer/ }))
  const dialog = await screen.findByRole('dialog', {}, slow)
  return { ...view, dialog }
}

async function chooseUser(dialog: HTMLElement, username: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Select user to transfer to' }))
  fireEvent.click(await screen.findByTitle(username, {}, slow))
}

describe('transfer dialog (spec 2.8, 5.9, 8.4)', () => {
  it('names the member, waits 350 ms before searching users and needs a choice', async () => {
    const { dialog } = await openDialog()
    expect(within(dialog).getByText('Transfer Member')).toBeInTheDocument()
    expect(within(dialog).getByText('Member to transfer:')).toBeInTheDocument()
    expect(within(dialog).getByText('Abebe Kebede Tesfaye')).toBeInTheDocument()
    expect(within(dialog).getByText('Please select a user to transfer to')).toBeInTheDocument()
    const transfer = within(dialog).getByRole('button', { name: /Transfer$/ })
    expect(transfer).toBeDisabled()
    await waitFor(() => expect(userSearches()).toHaveLength(1), slow)
    expect(userSearches()[0].search.get('purpose')).toBe('transfer')

    jest.useFakeTimers()
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' })
    fireEvent.change(search, { target: { value: 'ha' } })
    await act(async () => jest.advanceTimersByTimeAsync(200))
    fireEvent.change(search, { target: { value: 'han ' } })
    await act(async () => jest.advanceTimersByTimeAsync(349))
    expect(userSearches()).toHaveLength(1)
    await act(async () => jest.advanceTimersByTimeAsync(1))
    jest.useRealTimers()
    await waitFor(() => expect(userSearches()).toHaveLength(2), slow)
    expect(userSearches()[1].search.get('search')).toBe('han')

    await chooseUser(dialog, 'hanna')
    await waitFor(() => expect(transfer).toBeEnabled(), slow)
  })

  it('shows "No users found" for an empty result', async () => {
    server.on('GET', '/api/users', { json: [] })
    const { dialog } = await openDialog()
    fireEvent.mouseDown(
      within(dialog).getByRole('combobox', { name: 'Select user to transfer to' }),
    )
    expect(await screen.findByText('No users found', {}, slow)).toBeInTheDocument()
  })

  it('closes the machine when the profile is left with the dialog open', async () => {
    const { router, store } = await openDialog()
    expect(store.getState().transfer?.status).toBe('choosing')
    await act(() => router.navigate('/members'))
    expect(store.getState().transfer?.status).toBe('closed')
  })

  it('offers a head to take the household along, and sends it only when chosen', async () => {
    server.on('GET', '/api/members/7', {
      json: storedMember({ household_id: 5, household_role: 'head' }),
    })
    server.on('GET', '/api/households/5', {
      json: {
        id: 5,
        name: 'Abebe family',
        members: [{ id: 7 }, { id: 8 }, { id: 9 }],
      },
    })
    server.on('POST', '/api/members/transfer/7', { json: { success: true, member } })
    const { dialog, router } = await openDialog()
    const along = await within(dialog).findByRole(
      'checkbox',
      {
        name: 'Take the household along: Abebe family and all its members (3) move to the same account',
      },
      slow,
    )
    expect(along).not.toBeChecked()
    fireEvent.click(along)
    await chooseUser(dialog, 'dawit')
    fireEvent.click(within(dialog).getByRole('button', { name: /Transfer$/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    const post = server.requests.find((r) => r.method === 'POST')
    expect(post?.body).toEqual({ targetUserId: 2, with_household: true })
  })

  it('offers no household to a member who is not its head', async () => {
    server.on('GET', '/api/members/7', {
      json: storedMember({ household_id: 5, household_role: 'child' }),
    })
    const { dialog } = await openDialog()
    await within(dialog).findByText('Member to transfer:', {}, slow)
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
  })

  it('transfers and lands on the list with the success banner', async () => {
    server.on('POST', '/api/members/transfer/7', { json: { success: true, member } })
    const { dialog, router, store } = await openDialog()
    await chooseUser(dialog, 'dawit')
    fireEvent.click(within(dialog).getByRole('button', { name: /Transfer$/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    expect(
      await screen.findByText('Member Abebe Kebede Tesfaye has been successfully transferred'),
    ).toBeInTheDocument()
    const post = server.requests.find((r) => r.method === 'POST')
    expect(post?.body).toEqual({ targetUserId: 2 })
    expect(store.getState().transfer?.status).toBe('closed')
    // Issue 28: the moved member is not fetched again on the way out (for a clerk, a 404)...
    await waitFor(() => expect(searches().length).toBeGreaterThan(0), slow)
    expect(memberGets().length).toBe(1)
    // ...and a later visit asks the server afresh: now someone else's, it is "not found".
    server.on('GET', '/api/members/7', { status: 404, json: { success: false, message: 'x' } })
    await act(() => router.navigate('/member/7'))
    expect(await screen.findByText('Member not found', {}, slow)).toBeInTheDocument()
    expect(memberGets().length).toBe(2)
  })

  it.each([
    [
      { status: 400, json: { success: false, message: 'Target user not found' } },
      'Target user not found',
    ],
    [{ status: 500, body: 'oops' }, 'Failed to transfer member'],
  ])('shows the server message or the fallback on failure', async (response, text) => {
    server.on('POST', '/api/members/transfer/7', response)
    const { dialog, router } = await openDialog()
    await chooseUser(dialog, 'dawit')
    fireEvent.click(within(dialog).getByRole('button', { name: /Transfer$/ }))
    expect(await within(dialog).findByText(text, {}, slow)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/member/7')
  })
})
