import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { loggedOut } from '../../app/sessionEvents'
import { initialAuthState } from '../auth/authSlice'
import { readList, readProfile } from '../../shared/deviceMembers'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { listedMember, storedMember } from '../../testing/storedMember'
import { emptyDevice } from '../../testing/device'

const SLOW = { timeout: 10_000 }
const abebe = listedMember()
const hanna = listedMember({
  id: 3,
  first_name: 'Hanna',
  middle_name: null,
  last_name: 'Girma',
  phone_primary: '0922 123 456',
  email: null,
  membership_status: 'visitor',
})
const clerk = { id: 1, username: 'Selam', role: 'clerk' as const }

let server: MockServer
beforeEach(async () => {
  await emptyDevice()
  server = installMockServer()
  server.on('GET', '/api/members/search', {
    json: { items: [abebe, hanna], total: 2, next_cursor: null },
  })
  server.on('GET', '/api/members/7', { json: storedMember() })
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 })
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

/** The screens an offline session opens after a reload: no token, the store starts empty. */
function renderOffline(path: string) {
  return renderRoute(path, {
    preloadedState: { auth: { ...initialAuthState, status: 'signedInOffline', user: clerk } },
  })
}

async function openOnline(path: string, seen: string) {
  const online = renderRoute(path, { signedInAs: clerk })
  await screen.findByText(seen, {}, SLOW)
  return online
}

describe('the member list offline after a reload (issue 42)', () => {
  it('keeps the unfiltered list online and shows it offline, counted as shown', async () => {
    const online = await openOnline('/members', 'Hanna Girma')
    await waitFor(async () => expect(await readList('selam')).toHaveLength(2))
    online.unmount()
    const before = server.requests.length

    renderOffline('/members')
    const table = await screen.findByRole('table', {}, SLOW)
    expect(within(table).getByText('Abebe Kebede Tesfaye')).toBeInTheDocument()
    expect(within(table).getByText('Hanna Girma')).toBeInTheDocument()
    expect(screen.getByTitle('2 members')).toBeInTheDocument()
    expect(screen.getByText(/2 members are kept on this device/)).toBeInTheDocument()
    // Offline, rows change nothing: no Edit, and nothing was asked of the server.
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull()
    expect(server.requests.length).toBe(before)
  })

  it('searches only the kept rows, by what they carry, and never claims other details', async () => {
    ;(await openOnline('/members', 'Hanna Girma')).unmount()
    await waitFor(async () => expect(await readList('selam')).toHaveLength(2))
    const user = userEvent.setup()
    renderOffline('/members?q=0922')
    const table = await screen.findByRole('table', {}, SLOW)
    expect(within(table).queryByText('Abebe Kebede Tesfaye')).toBeNull()
    expect(within(table).getByText('Hanna Girma')).toBeInTheDocument()
    expect(screen.getByTitle('1 member')).toBeInTheDocument()
    expect(screen.queryByText('Found in other details of the profile')).toBeNull()

    const search = screen.getByRole('searchbox')
    await user.clear(search)
    await user.type(search, 'nobody-here')
    expect(
      await screen.findByText(/No member kept on this device matches/, {}, SLOW),
    ).toBeInTheDocument()
    expect(screen.getByTitle('0 members')).toBeInTheDocument()
  })

  it('searches every detail of the profiles kept here, and says when the match is there', async () => {
    server.on('GET', '/api/members/7', {
      json: storedMember({ parish: 'Kidist Selassie', spouse_name: 'Tigist Alemu' }),
    })
    server.on('GET', '/api/members/9', {
      json: storedMember({ id: 9, first_name: 'Meron', last_name: 'Haile', notes: 'choir' }),
    })
    ;(await openOnline('/members', 'Hanna Girma')).unmount()
    ;(await openOnline('/member/7', 'Abebe Kebede Tesfaye')).unmount()
    ;(await openOnline('/member/9', 'Meron Kebede Haile')).unmount()
    await waitFor(async () => expect(await readProfile('selam', 9)).not.toBeNull())

    const parish = renderOffline('/members?q=selassie')
    const table = await screen.findByRole('table', {}, SLOW)
    expect(within(table).getByText('Abebe Kebede Tesfaye')).toBeInTheDocument()
    expect(within(table).getByText('Found in other details of the profile')).toBeInTheDocument()
    expect(within(table).queryByText('Hanna Girma')).toBeNull()
    expect(screen.getByTitle('1 member')).toBeInTheDocument()
    // The list's two rows and the profile opened that it does not hold.
    expect(screen.getByText(/3 members are kept on this device/)).toBeInTheDocument()
    parish.unmount()

    // A kept profile's other name is told by name, not as "other details".
    const spouse = renderOffline('/members?q=tigist')
    expect(await screen.findByText(/Spouse/, {}, SLOW)).toBeInTheDocument()
    expect(screen.queryByText('Found in other details of the profile')).toBeNull()
    spouse.unmount()

    // A profile the list never held is found too, by a note.
    const notes = renderOffline('/members?q=choir')
    expect(await screen.findByText('Meron Kebede Haile', {}, SLOW)).toBeInTheDocument()
    expect(screen.getByTitle('1 member')).toBeInTheDocument()
    notes.unmount()
  })

  it('honours the status filter with a search, counting what is shown', async () => {
    ;(await openOnline('/members', 'Hanna Girma')).unmount()
    await waitFor(async () => expect(await readList('selam')).toHaveLength(2))
    const visitors = renderOffline('/members?status=visitor&q=a')
    const table = await screen.findByRole('table', {}, SLOW)
    expect(within(table).getByText('Hanna Girma')).toBeInTheDocument()
    expect(within(table).queryByText('Abebe Kebede Tesfaye')).toBeNull()
    expect(screen.getByTitle('1 member')).toBeInTheDocument()
    visitors.unmount()

    renderOffline('/members?status=inactive')
    expect(
      await screen.findByText(/No member kept on this device matches/, {}, SLOW),
    ).toBeInTheDocument()
    expect(screen.getByTitle('0 members')).toBeInTheDocument()
  })

  it('adds the rows of a searched list online to what is kept', async () => {
    ;(await openOnline('/members', 'Hanna Girma')).unmount()
    await waitFor(async () => expect(await readList('selam')).toHaveLength(2))
    const dawit = listedMember({
      id: 12,
      first_name: 'Dawit',
      middle_name: 'Bekele',
      last_name: 'Alemu',
    })
    server.on('GET', '/api/members/search', {
      json: { items: [dawit], total: 1, next_cursor: null },
    })
    ;(await openOnline('/members?q=dawit', 'Dawit Bekele Alemu')).unmount()
    await waitFor(async () => expect(await readList('selam')).toHaveLength(3))

    renderOffline('/members')
    const table = await screen.findByRole('table', {}, SLOW)
    expect(within(table).getByText('Dawit Bekele Alemu')).toBeInTheDocument()
    expect(within(table).getByText('Hanna Girma')).toBeInTheDocument()
    expect(screen.getByTitle('3 members')).toBeInTheDocument()
  })

  it('says so when no list was kept on this device', async () => {
    renderOffline('/members')
    expect(
      await screen.findByText(/No member list is kept on this device yet/, {}, SLOW),
    ).toBeInTheDocument()
  })

  it('opens offline a profile opened online, and says when one was not', async () => {
    ;(await openOnline('/member/7', 'Abebe Kebede Tesfaye')).unmount()
    await waitFor(async () => expect(await readProfile('selam', 7)).not.toBeNull())

    const first = renderOffline('/member/7')
    expect(await screen.findByText(/this profile as it was when last opened/, {}, SLOW))
    expect(screen.getAllByText('Abebe Kebede Tesfaye').length).toBeGreaterThan(0)
    // Nothing that needs the server: no Edit, Transfer or ID card.
    for (const name of ['Edit', 'Transfer', 'Generate ID Card']) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
    first.unmount()

    renderOffline('/member/3')
    expect(
      await screen.findByRole('heading', { name: 'This profile is not kept on this device' }, SLOW),
    ).toBeInTheDocument()
  })

  it('lets go of a profile the server no longer shows this account', async () => {
    ;(await openOnline('/member/7', 'Abebe Kebede Tesfaye')).unmount()
    await waitFor(async () => expect(await readProfile('selam', 7)).not.toBeNull())
    server.on('GET', '/api/members/7', { status: 404, json: { message: 'Member not found' } })
    await openOnline('/member/7', 'Member not found')
    await waitFor(async () => expect(await readProfile('selam', 7)).toBeNull())
  })

  it('deletes what was kept when the account logs out', async () => {
    ;(await openOnline('/member/7', 'Abebe Kebede Tesfaye')).unmount()
    const online = await openOnline('/members', 'Hanna Girma')
    await waitFor(async () => expect(await readList('selam')).toHaveLength(2))
    act(() => {
      online.store.dispatch(loggedOut())
    })
    await waitFor(async () => expect(await readList('selam')).toBeNull())
    expect(await readProfile('selam', 7)).toBeNull()
  })
})
