import { File as NodeFile } from 'node:buffer'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ageOn, todayIso } from '../../domain'
import am from '../../../locales/am.json'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedMember } from '../../testing/storedMember'

// A whole profile form in jsdom is slow, more so on a busy two-core machine.
jest.setTimeout(120_000)

const member = storedMember({
  gender: 'male',
  date_of_birth: '1990-05-17',
  marital_status: 'married',
  nationality: 'Ethiopia',
  job: 'Teacher, Beekeeper',
  phone_primary: '+251911000000',
  email: 'abebe@example.org',
  current_ministries: ['choir', 'Prison visits'],
  allergies: ['peanuts', 'dust'],
  membership_status: 'member',
})

let server: MockServer
const gets = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/members/7')
const searches = () => server.requests.filter((r) => r.path === '/api/members/search')
const signedInAs = { id: 1, username: 'admin' }

beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/7', { json: member })
  server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
})
afterEach(() => server.restore())

const button = (name: RegExp) => screen.getByRole('button', { name })

describe('member profile (spec 2.7, 4.8)', () => {
  it('opens /member/edit/{id} in view mode with the summary and the values as text', async () => {
    renderRoute('/member/edit/7', { signedInAs })
    const heading = await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    const summary = within(heading.closest('.profile-summary-card') as HTMLElement)
    const age = ageOn('1990-05-17', todayIso())
    expect(summary.getByText(`${age} years old`)).toBeInTheDocument()
    expect(summary.getByText('Married')).toBeInTheDocument()
    expect(summary.getByText('Teacher, Beekeeper')).toBeInTheDocument()
    expect(summary.getByText('Choir')).toBeInTheDocument()
    expect(summary.getByText('Prison visits')).toBeInTheDocument()
    // Issue 28: view mode reads as a description list, not greyed disabled inputs.
    expect(screen.queryByRole('combobox', { name: 'Gender' })).not.toBeInTheDocument()
    const details = screen.getByRole('tabpanel')
    const terms = within(details).getAllByRole('term')
    expect(terms.map((term) => term.textContent)).toEqual([
      'Gender',
      'Date of birth',
      'Marital status',
      'Nationality',
      'Job',
    ])
    expect(terms[0]?.nextElementSibling).toHaveTextContent('Male')
    expect(terms[1]?.nextElementSibling?.querySelector('time')).toHaveAttribute(
      'datetime',
      '1990-05-17',
    )
    fireEvent.click(screen.getByRole('tab', { name: 'Contact Information' }))
    const contact = screen.getByRole('tabpanel', { name: 'Contact Information' })
    expect(within(contact).getByRole('heading', { name: 'Emergency contact' })).toBeVisible()
    const phone = within(contact).getByText('Secondary phone')
    expect(phone.nextElementSibling).toHaveTextContent('Not provided')
    expect(within(contact).getByText('abebe@example.org').tagName).toBe('DD')
    for (const name of [/Transfer/, /Generate ID Card/, /^Edit$/]) {
      expect(button(name)).toBeEnabled()
    }
    expect(screen.getByRole('tab', { name: 'Personal Information' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Photo of Abebe Kebede Tesfaye' })).toHaveAttribute(
      'src',
      '/default-avatar.png',
    )
  })

  it('edits, saves with a PUT, then Back tells the list to refetch', async () => {
    server.on('PUT', '/api/members/7', (req) => {
      const form = req.body as FormData
      return { json: { ...member, first_name: String(form.get('first_name')) } }
    })
    const { router } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    const first = screen.getByRole('textbox', { name: 'Given name' })
    fireEvent.change(first, { target: { value: 'Abebech' } })
    fireEvent.click(screen.getByRole('tab', { name: 'Additional Information' }))
    expect(screen.getByRole('textbox', { name: 'Allergies' })).toHaveValue('peanuts, dust')
    fireEvent.change(screen.getByRole('textbox', { name: 'Allergies' }), {
      target: { value: 'peanuts, , pollen ' },
    })
    fireEvent.click(button(/Save/))

    expect(await screen.findByText('Member updated successfully', {}, slow)).toBeInTheDocument()
    const put = server.requests.find((r) => r.method === 'PUT')
    const form = put?.body as FormData
    expect(form.get('first_name')).toBe('Abebech')
    expect(form.get('allergies')).toBe('["peanuts","pollen"]')
    expect(form.get('job')).toBe('Teacher, Beekeeper')
    expect(form.get('middle_name')).toBe('Kebede')
    expect(form.get('spouse_name')).toBe('')
    expect(form.has('photo')).toBe(false)
    await waitFor(() => expect(gets().length).toBeGreaterThanOrEqual(2), slow)
    expect(screen.queryByRole('textbox', { name: 'Given name' })).not.toBeInTheDocument()

    const arrivals: unknown[] = []
    router.subscribe((state) => arrivals.push(state.location.state))
    fireEvent.click(button(/Back/))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    expect(arrivals[0]).toEqual({ memberUpdated: true })
  })

  it('asks before an edit with changes is left (issue 42)', async () => {
    const { router } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    fireEvent.change(screen.getByRole('textbox', { name: 'Given name' }), {
      target: { value: 'Abebech' },
    })
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    fireEvent.click(button(/Back/))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, slow)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    expect(router.state.location.pathname).toBe('/member/7')
    expect(screen.getByRole('textbox', { name: 'Given name' })).toHaveValue('Abebech')

    fireEvent.click(button(/Back/))
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' }, slow)
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
  })

  it('leaves an edit without changes without asking', async () => {
    const { router } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(false)
    fireEvent.click(button(/Back/))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
  })

  it('requires the three names (spec 5.8), and Cancel discards the edit and fetches again', async () => {
    renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    for (const name of ['Given name', "Father's name", "Grandfather's name"]) {
      const input = screen.getByRole('textbox', { name })
      expect(input).toHaveAttribute('aria-required', 'true')
      expect(document.querySelector(`label[for="${input.id}"]`)).toHaveClass(
        'ant-form-item-required',
      )
    }
    fireEvent.change(screen.getByRole('textbox', { name: "Grandfather's name" }), {
      target: { value: ' ' },
    })
    fireEvent.click(button(/Save/))
    expect(await screen.findByText('This field is required', {}, slow)).toBeInTheDocument()
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false)

    fireEvent.click(button(/Cancel/))
    expect(await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)).toBeVisible()
    await waitFor(() => expect(gets().length).toBe(2), slow)
  })

  it('a Save with an error on another tab shows that tab and its message', async () => {
    renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    fireEvent.click(screen.getByRole('tab', { name: 'Contact Information' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'not-an-email' },
    })
    fireEvent.click(screen.getByRole('tab', { name: 'Additional Information' }))
    fireEvent.click(button(/Save/))
    await waitFor(
      () =>
        expect(screen.getByRole('tab', { name: 'Contact Information' })).toHaveAttribute(
          'aria-selected',
          'true',
        ),
      slow,
    )
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible()
    // The field in error takes the focus (issue 42), in the tab just shown.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus())
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it('shows saveError and stays in edit mode when the save fails', async () => {
    server.on('PUT', '/api/members/7', { status: 500, json: { message: 'boom' } })
    renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    fireEvent.click(button(/Save/))
    expect(
      await screen.findByText('Could not save the changes. Please try again.', {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Given name' })).toBeEnabled()
  })

  it('sends a newly picked photo in the photo part', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview')
    URL.revokeObjectURL = jest.fn()
    server.on('PUT', '/api/members/7', { json: member })
    const { container } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/^Edit$/))
    expect(screen.getByText('Click to upload photo')).toBeInTheDocument()
    const input = container.querySelector('input[type=file]') as HTMLInputElement
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    // Node's File: the fetch stack under test (undici) accepts only its own Blobs.
    const file = new NodeFile([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', {
      type: 'image/jpeg',
    }) as unknown as File
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } })
    })
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo of Abebe Kebede Tesfaye' })).toHaveAttribute(
        'src',
        'blob:preview',
      ),
    )
    fireEvent.click(button(/Save/))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true), slow)
    const form = server.requests.find((r) => r.method === 'PUT')?.body as FormData
    expect((form.get('photo') as File).name).toBe('me.jpg')
  })

  it('deletes after the confirmation and returns to the list', async () => {
    server.on('DELETE', '/api/members/7', { status: 204 })
    const { router } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/Delete Member/))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Delete Abebe Kebede Tesfaye?')[0]).toBeInTheDocument()
    expect(
      within(dialog).getByText('Are you sure you want to delete this member?'),
    ).toBeInTheDocument()
    // A clerk is told who can bring it back (the spec's "cannot be undone" no longer holds).
    expect(
      within(dialog).getByText('An administrator can restore them within 30 days.'),
    ).toBeInTheDocument()
    // Enter on arrival keeps the member: Cancel has the focus, not Delete.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    )
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false)
    const searchesBefore = searches().length
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/members/7')).toBe(
      true,
    )
    // Issue 28: the list is fetched again, the deleted member is not (that would be a 404).
    await waitFor(() => expect(searches().length).toBeGreaterThan(searchesBefore), slow)
    expect(gets().length).toBe(1)

    // Back to the old address: fetched anew (no stale copy from the cache), and "not found".
    server.on('GET', '/api/members/7', apiError(404, 'x'))
    await act(() => router.navigate('/member/7'))
    expect(await screen.findByRole('heading', { name: 'Member not found' }, slow)).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Abebe Kebede Tesfaye' })).not.toBeInTheDocument()
    expect(gets().length).toBe(2)
    expect(screen.getByRole('button', { name: /Back to members/ })).toBeEnabled()
  })

  it('returns to the list when the member is gone already (a retried delete)', async () => {
    server.on('DELETE', '/api/members/7', apiError(404, 'x'))
    const { router } = renderRoute('/member/7', { signedInAs })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(button(/Delete Member/))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    expect(
      await screen.findByText(
        'Abebe Kebede Tesfaye is no longer in your list: deleted or transferred already.',
      ),
    ).toBeInTheDocument()
  })

  it('tells an admin where to restore the member, in the danger zone and the dialog', async () => {
    renderRoute('/member/7', { signedInAs: { ...signedInAs, role: 'admin' } })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    const restore = 'You can restore them under Office → Deleted members within 30 days.'
    expect(screen.getByText(new RegExp(restore))).toHaveTextContent(
      `Deleting removes this member and their photo from the list. ${restore}`,
    )
    fireEvent.click(button(/Delete Member/))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(restore)).toBeInTheDocument()
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    )
  })

  it('in Amharic names each action by its Amharic label, and Cancel differs from Delete', async () => {
    server.on('DELETE', '/api/members/7', { status: 204 })
    const { router } = renderRoute('/member/7', { signedInAs, language: 'am' })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    // Screen readers read the button alone: no English icon name ("edit", "swap") before it.
    for (const label of [am.back, am.transfer, am.generateIdCard, am.edit]) {
      expect(screen.getByRole('button', { name: label })).toBeEnabled()
    }
    fireEvent.click(screen.getByRole('button', { name: am.deleteMember }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(am.deleteConfirm)).toBeInTheDocument()
    // The confirmation offers two different words: the one that keeps the member is not "delete".
    fireEvent.click(within(dialog).getByRole('button', { name: am.cancel }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: am.deleteMember }))
    const again = await screen.findByRole('dialog')
    fireEvent.click(within(again).getByRole('button', { name: am.delete }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'), slow)
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true)
  })

  it("says in the user's language why a delete was refused, not in the server's English", async () => {
    server.on('DELETE', '/api/members/7', apiError(403, 'Your role does not allow this'))
    renderRoute('/member/7', { signedInAs, language: 'am' })
    await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
    fireEvent.click(screen.getByRole('button', { name: am.deleteMember }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: am.delete }))
    expect(await screen.findByText(am.notAllowed, {}, slow)).toBeInTheDocument()
    expect(screen.queryByText('Your role does not allow this')).toBeNull()
  })

  it.each([
    ['/member/abc', 'Invalid member ID'],
    ['/member/99', 'Member not found'],
    ['/member/99', 'This member may have been deleted or moved to another account.'],
  ])('%s shows "%s"', async (path, text) => {
    renderRoute(path, { signedInAs })
    expect(await screen.findByText(text, {}, slow)).toBeInTheDocument()
  })
})
