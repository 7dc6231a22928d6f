import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  emptyHousehold,
  type Household,
  householdAddressOf,
  type HouseholdListItem,
} from '../../domain'
import { storedPayment } from '../../testing/storedDues'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedMember } from '../../testing/storedMember'
import { familyPrefill } from './familyPrefill'

jest.setTimeout(90_000)

const clerk = { id: 2, username: 'hanna', role: 'clerk' as const }

const household: Household = {
  id: 5,
  name: 'የአቶ አበበ ከበደ ቤተሰብ',
  number: 'F-12',
  state: 'Addis Ababa',
  city: 'Addis Ababa',
  sub_city: 'Bole',
  woreda: '03',
  kebele: '07',
  house_number: '1234',
  street_address: null,
  zip_code: '1000',
  home_phone: '+251111234567',
  wedding_date: '2010-06-12',
  status: 'active',
  notes: null,
  created_at: '2026-11-01T00:00:00Z',
  created_by: 'hanna',
  updated_at: '2026-11-01T00:00:00Z',
  updated_by: 'hanna',
  members: [
    {
      id: 7,
      first_name: 'Abebe',
      middle_name: 'Kebede',
      last_name: 'Tesfaye',
      household_role: 'head',
      gender: 'male',
      date_of_birth: '1980-01-01',
      photo_path: null,
      thumbnail_path: null,
    },
    {
      id: 8,
      first_name: 'Almaz',
      middle_name: 'Bekele',
      last_name: 'Haile',
      household_role: 'spouse',
      gender: 'female',
      date_of_birth: '1985-03-02',
      photo_path: null,
      thumbnail_path: null,
    },
  ],
}

const listed: HouseholdListItem = {
  id: 5,
  name: household.name,
  number: 'F-12',
  member_count: 2,
  head: { id: 7, first_name: 'Abebe', middle_name: 'Kebede', last_name: 'Tesfaye' },
  city: 'Addis Ababa',
  sub_city: 'Bole',
}

let server: MockServer
const originalWidth = window.innerWidth
beforeEach(() => {
  window.innerWidth = 1280
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
})
afterEach(() => {
  server.restore()
  window.innerWidth = originalWidth
})

describe('the households list', () => {
  it('shows households with head, member count and place, and searches on the server', async () => {
    server.on('GET', '/api/households', (req) => ({
      json: {
        items: !req.search.get('q') || req.search.get('q') === 'almaz' ? [listed] : [],
        next_cursor: null,
      },
    }))
    const user = userEvent.setup()
    renderRoute('/households', { signedInAs: clerk })
    const link = await screen.findByRole('link', { name: household.name }, slow)
    const row = within(link.closest('tr') as HTMLElement)
    expect(row.getByText('Abebe Kebede Tesfaye')).toBeInTheDocument()
    expect(row.getByText('F-12')).toBeInTheDocument()
    expect(row.getByText('Bole, Addis Ababa')).toBeInTheDocument()
    expect(row.getByText('2')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox'), 'almaz')
    await waitFor(
      () => expect(server.requests.some((r) => r.search.get('q') === 'almaz')).toBe(true),
      slow,
    )
    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), 'nobody')
    expect(
      await screen.findByText('No household matches this search.', {}, slow),
    ).toBeInTheDocument()
  })

  it('says so when there are no households, and when they cannot be loaded', async () => {
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    renderRoute('/households', { signedInAs: clerk })
    expect(await screen.findByText(/No households yet/, {}, slow)).toBeInTheDocument()
  })

  it('offers Retry when the list fails', async () => {
    server.on('GET', '/api/households', apiError(500, 'x'))
    renderRoute('/households', { signedInAs: clerk })
    expect(
      await screen.findByText('The households could not be loaded.', {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument()
  })
})

describe('the household page', () => {
  it('shows members with role and age, the address, and refuses a second head clearly', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on(
      'PUT',
      '/api/households/5/members/8',
      apiError(409, 'This household already has a head'),
    )
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk })
    expect(await screen.findByRole('heading', { name: household.name }, slow)).toBeInTheDocument()
    const members = screen.getByRole('list', { name: 'Members' })
    const items = within(members).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Abebe Kebede Tesfaye')
    expect(within(items[0]).getAllByText('Head').length).toBeGreaterThan(0)
    expect(items[0]).toHaveTextContent(/years old/)
    expect(screen.getByText('Bole')).toBeInTheDocument()
    expect(screen.getByText('+251111234567')).toBeInTheDocument()

    await user.click(within(items[1]).getByRole('combobox', { name: 'Role of Almaz Bekele Haile' }))
    const heads = await screen.findAllByTitle('Head')
    await user.click(heads[heads.length - 1])
    expect(
      await screen.findByText(/This household already has a head\. Please change/, {}, slow),
    ).toBeInTheDocument()
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ role: 'head' })
  })

  it("says in the user's language why a role change was refused, not in the server's English", async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('PUT', '/api/households/5/members/8', apiError(404, 'Member not found'))
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk, language: 'am' })
    const members = await screen.findByRole('list', { name: 'የቤተሰብ አባላት' }, slow)
    const items = within(members).getAllByRole('listitem')
    await user.click(within(items[1]).getByRole('combobox', { name: 'የAlmaz Bekele Haile ሚና' }))
    const heads = await screen.findAllByTitle('አባወራ/እማወራ')
    await user.click(heads[heads.length - 1])
    expect(
      await screen.findByText('ይህ አባል ወይም ቤተሰብ የለም ወይም እርስዎ ሊያዩት አይችሉም። ምንም አልተቀመጠም።', {}, slow),
    ).toBeInTheDocument()
    expect(screen.queryByText('Member not found')).toBeNull()
  })

  it('opens the registration for a child with the family prefilled', async () => {
    server.on('GET', '/api/households/5', { json: household })
    const user = userEvent.setup()
    const { router } = renderRoute('/households/5', { signedInAs: clerk })
    await user.click(await screen.findByRole('button', { name: /Add a family member/ }, slow))
    await user.click(await screen.findByText('Child', {}, slow))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/registration?household=5&role=child',
      ),
    )
    expect(
      await screen.findByText(/New member of የአቶ አበበ ከበደ ቤተሰብ, as Child/, {}, slow),
    ).toBeInTheDocument()
  })

  it('says so when a family registration is opened for a household that is gone', async () => {
    server.on('GET', '/api/households/5', apiError(404, 'Household not found'))
    renderRoute('/registration?household=5&role=child', { signedInAs: clerk })
    expect(
      await screen.findByText('This household does not exist or is not yours to see.', {}, slow),
    ).toBeVisible()
    expect(screen.queryByText('The household could not be loaded.')).toBeNull()
  })

  /** The link dialog's search answer: one registered member, Selam. */
  const selamFound = {
    json: {
      items: [{ id: 9, first_name: 'Selam', middle_name: 'Abebe', last_name: 'Kebede' }],
      next_cursor: null,
    },
  }

  it('links a registered member found by name, through labelled fields', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', '/api/members/search', selamFound)
    server.on('PUT', '/api/households/5/members/9', { json: household })
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk })
    await user.click(await screen.findByRole('button', { name: /Link a registered member/ }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    // A screen reader names both fields (they had no label it could read).
    await user.type(within(dialog).getByLabelText('Search members'), 'Selam')
    expect(within(dialog).getByLabelText('Role in the household')).toBeInTheDocument()
    await user.click(await within(dialog).findByRole('radio', { name: 'Selam Abebe Kebede' }, slow))
    await user.click(within(dialog).getByRole('button', { name: 'Link a registered member' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ role: 'spouse' }),
    )
  })

  it("says in the user's language why a link was refused, not in the server's English", async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', '/api/members/search', selamFound)
    server.on('PUT', '/api/households/5/members/9', apiError(403, 'Your role does not allow this'))
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk, language: 'am' })
    await user.click(await screen.findByRole('button', { name: /የተመዘገበ አባል ያገናኙ/ }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('አባላትን ይፈልጉ'), 'Selam')
    await user.click(await within(dialog).findByRole('radio', { name: 'Selam Abebe Kebede' }, slow))
    await user.click(within(dialog).getByRole('button', { name: 'የተመዘገበ አባል ያገናኙ' }))
    expect(await screen.findByText('ሚናዎ ይህን አይፈቅድም።', {}, slow)).toBeInTheDocument()
    expect(screen.queryByText('Your role does not allow this')).toBeNull()
  })

  it('labels the move dialog’s fields', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk })
    const members = await screen.findByRole('list', { name: 'Members' }, slow)
    await user.click(within(within(members).getAllByRole('listitem')[1]).getByText('Move'))
    const dialog = await screen.findByRole('dialog', {}, slow)
    expect(within(dialog).getByLabelText('Household to move to')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Role in the household')).toBeInTheDocument()
  })

  it('says when a household has no address yet', async () => {
    const bare = { ...household, ...householdAddressOf(emptyHousehold('')), home_phone: null }
    server.on('GET', '/api/households/5', { json: { ...bare, wedding_date: null, notes: null } })
    renderRoute('/households/5', { signedInAs: clerk })
    expect(await screen.findByText('No address recorded yet.', {}, slow)).toBeVisible()
    expect(screen.queryByText('Bole')).not.toBeInTheDocument()
  })

  const headless: Household = {
    ...household,
    members: household.members.map((m) => ({ ...m, household_role: 'relative' })),
  }
  it.each([
    ['with its head', household],
    ['without a head (a file without family roles)', headless],
  ])('transfers the whole household %s, then lists the households left', async (_, shown) => {
    server.on('GET', '/api/households/5', { json: shown })
    server.on('GET', '/api/users', { json: [{ id: 3, username: 'dawit' }] })
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    server.on('POST', '/api/households/5/transfer', { json: shown })
    const { router } = renderRoute('/households/5', { signedInAs: clerk })
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer household' }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    expect(within(dialog).getByText('Transfer household')).toBeInTheDocument()
    expect(within(dialog).getByText(`${household.name} (2 members)`)).toBeInTheDocument()
    // No choice to leave the household behind: this is the household's transfer.
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    fireEvent.mouseDown(
      within(dialog).getByRole('combobox', { name: 'Select user to transfer to' }),
    )
    fireEvent.click(await screen.findByTitle('dawit', {}, slow))
    fireEvent.click(within(dialog).getByRole('button', { name: /Transfer$/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/households'), slow)
    expect(
      await screen.findByText(`${household.name} and its members were transferred to dawit.`),
    ).toBeInTheDocument()
    const post = server.requests.find((r) => r.method === 'POST')
    expect(post?.path).toBe('/api/households/5/transfer')
    expect(post?.body).toEqual({ targetUserId: 3 })
  })

  it('transfers a household with no members (the household itself changes owner)', async () => {
    const empty: Household = { ...household, members: [] }
    server.on('GET', '/api/households/5', { json: empty })
    server.on('GET', '/api/users', { json: [{ id: 3, username: 'dawit' }] })
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    server.on('POST', '/api/households/5/transfer', { json: empty })
    const { router } = renderRoute('/households/5', { signedInAs: clerk })
    expect(await screen.findByText('No members in this household yet.', {}, slow)).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Transfer household' }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    expect(within(dialog).getByText(`${household.name} (0 members)`)).toBeInTheDocument()
    fireEvent.mouseDown(
      within(dialog).getByRole('combobox', { name: 'Select user to transfer to' }),
    )
    fireEvent.click(await screen.findByTitle('dawit', {}, slow))
    fireEvent.click(within(dialog).getByRole('button', { name: /Transfer$/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/households'), slow)
    expect(await screen.findByText(`${household.name} was transferred to dawit.`)).toBeVisible()
    const posts = server.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/households/5/transfer', { targetUserId: 3 }],
    ])
  })

  const gone = apiError(404, 'Household not found')
  const down = apiError(500, 'Internal server error')
  /** Opens the household, then presses a confirming dialog's OK: its OK button's name. */
  async function confirmOn(open: () => HTMLElement, ok: RegExp) {
    const user = userEvent.setup()
    const page = renderRoute('/households/5', { signedInAs: clerk })
    await screen.findByRole('heading', { name: household.name }, slow)
    await user.click(open())
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.click(within(dialog).getByRole('button', { name: ok }))
    return page
  }
  const deleteButton = () => screen.getByRole('button', { name: /Delete household/ })
  const removeButton = () =>
    screen.getByRole('button', { name: 'Remove from household: Almaz Bekele Haile' })

  it('says so when a household cannot be deleted, and stays on it', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('DELETE', '/api/households/5', down)
    const { router } = await confirmOn(deleteButton, /^Delete$/)
    expect(
      await screen.findByText('The household could not be deleted. Please try again.', {}, slow),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/households/5')
  })

  it('takes a delete that hears the household is gone (a retry) as done', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    server.on('DELETE', '/api/households/5', gone)
    const { router } = await confirmOn(deleteButton, /^Delete$/)
    await waitFor(() => expect(router.state.location.pathname).toBe('/households'), slow)
    expect(await screen.findByText(`${household.name} was deleted.`, {}, slow)).toBeVisible()
  })

  /** Opens the delete dialog once the household's payments were asked for (it says what stays). */
  async function deleteDialogOnceAsked() {
    const user = userEvent.setup()
    renderRoute('/households/5', { signedInAs: clerk })
    await screen.findByRole('heading', { name: household.name }, slow)
    await waitFor(() =>
      expect(server.requests.some((r) => r.search.get('household_id') === '5')).toBe(true),
    )
    await user.click(deleteButton())
    return screen.findByRole('dialog', {}, slow)
  }

  it('tells before a delete that the payments stay, and who opens them then', async () => {
    server.on('GET', '/api/households/5', { json: household })
    const paid = storedPayment({ member_id: null, household_id: 5 })
    server.on('GET', '/api/payments', (req) => ({
      json: { items: req.search.get('household_id') === '5' ? [paid] : [], next_cursor: null },
    }))
    const stay =
      'Its payments and their receipts stay on record; after the delete only an admin can open them.'
    const dialog = await deleteDialogOnceAsked()
    expect(await within(dialog).findByText(stay, {}, slow)).toBeVisible()
  })

  it('says nothing of payments before deleting a household that has none', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', '/api/payments', { json: { items: [], next_cursor: null } })
    const dialog = await deleteDialogOnceAsked()
    expect(within(dialog).getByText(/Its members stay registered/)).toBeVisible()
    expect(within(dialog).queryByText(/payments and their receipts/)).toBeNull()
  })

  it('says so when a member cannot be removed from the household', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('DELETE', '/api/households/5/members/8', down)
    await confirmOn(removeButton, /^Remove from household$/)
    expect(
      await screen.findByText(
        'The member could not be removed from the household. Please try again.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
  })

  it('refreshes the household when a member to remove is out of it already', async () => {
    server.on('GET', '/api/households/5', { json: household })
    server.on('DELETE', '/api/households/5/members/8', () => {
      server.on('GET', '/api/households/5', {
        json: { ...household, members: household.members.slice(0, 1) },
      })
      return gone
    })
    await confirmOn(removeButton, /^Remove from household$/)
    await waitFor(() => expect(screen.queryByText('Almaz Bekele Haile')).toBeNull(), slow)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow)
    expect(screen.getByText('Abebe Kebede Tesfaye')).toBeInTheDocument()
  })

  it('offers no household transfer to an auditor', async () => {
    server.on('GET', '/api/households/5', { json: household })
    renderRoute('/households/5', { signedInAs: { ...clerk, role: 'auditor' as const } })
    expect(await screen.findByRole('heading', { name: household.name }, slow)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Transfer household' })).toBeNull()
  })

  it('tells an unknown household apart from a failure', async () => {
    server.on('GET', '/api/households/9', apiError(404, 'x'))
    renderRoute('/households/9', { signedInAs: clerk })
    expect(await screen.findByText(/does not exist or is not yours/, {}, slow)).toBeInTheDocument()
  })
})

describe('the profile family section', () => {
  it('links the household and its other members', async () => {
    server.on('GET', '/api/members/7', {
      json: storedMember({ household_id: 5, household_role: 'head' }),
    })
    server.on('GET', '/api/households/5', { json: household })
    server.on('GET', /\/api\/members\/7\/history/, { json: { items: [], next_cursor: null } })
    server.on('GET', /\/api\/audit/, { json: { items: [], next_cursor: null } })
    renderRoute('/member/7', { signedInAs: clerk })
    const link = await screen.findByRole('link', { name: household.name }, slow)
    expect(link).toHaveAttribute('href', '/households/5')
    expect(screen.getByRole('link', { name: 'Almaz Bekele Haile' })).toHaveAttribute(
      'href',
      '/member/8',
    )
  })
})

describe('a household made over a weak connection', () => {
  const posts = () =>
    server.requests.filter((r) => r.method === 'POST' && r.path === '/api/households')
  const keysSent = () => posts().map((r) => r.headers.get('Idempotency-Key'))
  /** The first POST's answer is lost; the next one's arrives. */
  function answerSecondTry() {
    let calls = 0
    server.on('POST', '/api/households', () =>
      ++calls === 1 ? 'network-error' : { status: 201, json: household },
    )
  }

  it('from a profile: the retry sends the same key, and the member heads it', async () => {
    server.on('GET', '/api/members/7', { json: storedMember({ id: 7, household_id: null }) })
    server.on('GET', /\/api\/members\/7\/history/, { json: { items: [], next_cursor: null } })
    server.on('GET', /\/api\/audit/, { json: { items: [], next_cursor: null } })
    server.on('PUT', '/api/households/5/members/7', { json: household })
    server.on('GET', '/api/households/5', { json: household })
    answerSecondTry()
    const { router } = renderRoute('/member/7', { signedInAs: clerk })
    const user = userEvent.setup()
    const start = await screen.findByRole(
      'button',
      { name: 'Start a household with this member as head' },
      slow,
    )
    await user.click(start)
    expect(await screen.findByText(/could not be saved/, {}, slow)).toBeVisible()
    await user.click(start)
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'), slow)
    expect(keysSent()).toHaveLength(2)
    expect(keysSent()[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keysSent()[1]).toBe(keysSent()[0])
  })

  it('from the list: the retry sends the same key, and the saved household opens', async () => {
    server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
    server.on('GET', '/api/households/5', { json: household })
    answerSecondTry()
    const { router } = renderRoute('/households', { signedInAs: clerk })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'New household' }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('Household name'), 'Girma family')
    const save = within(dialog).getByRole('button', { name: 'Save' })
    await user.click(save)
    expect(await screen.findByText(/could not be saved/, {}, slow)).toBeVisible()
    await user.click(save)
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'), slow)
    expect(posts()[0].body).toEqual({ name: 'Girma family', status: 'active', wedding_date: null })
    expect(keysSent()).toHaveLength(2)
    expect(keysSent()[1]).toBe(keysSent()[0])
  })
})

describe('a household started from a profile', () => {
  const started = () =>
    server.requests.find((r) => r.method === 'POST' && r.path === '/api/households')?.body

  /** The profile in English, its "Start a household" pressed. */
  async function startFrom(member: Parameters<typeof storedMember>[0]) {
    server.on('GET', '/api/members/7', { json: storedMember({ id: 7, ...member }) })
    server.on('GET', /\/api\/members\/7\/history/, { json: { items: [], next_cursor: null } })
    server.on('GET', /\/api\/audit/, { json: { items: [], next_cursor: null } })
    server.on('POST', '/api/households', { status: 201, json: household })
    server.on('PUT', '/api/households/5/members/7', { json: household })
    server.on('GET', '/api/households/5', { json: household })
    const { router } = renderRoute('/member/7', { signedInAs: clerk })
    const name = 'Start a household with this member as head'
    const start = await screen.findByRole('button', { name }, slow)
    await userEvent.setup().click(start)
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'), slow)
  }

  it("names a family with names in Ge'ez script in Amharic, whatever the screen's language", async () => {
    await startFrom({ first_name: 'አበበ', middle_name: 'ከበደ', gender: 'male', household_id: null })
    expect(started()).toMatchObject({ name: 'የአቶ አበበ ከበደ ቤተሰብ' })
  })
})

describe('familyPrefill', () => {
  it("gives a child the household's address and phone and its father's names", () => {
    expect(familyPrefill(household, 'child')).toEqual({
      state: 'Addis Ababa',
      city: 'Addis Ababa',
      sub_city: 'Bole',
      woreda: '03',
      kebele: '07',
      house_number: '1234',
      zip_code: '1000',
      phone_primary: '+251111234567',
      middle_name: 'Abebe',
      last_name: 'Kebede',
    })
  })

  it('leaves the names alone for a spouse or a relative', () => {
    const spouse = familyPrefill(household, 'spouse')
    expect(spouse).not.toHaveProperty('middle_name')
    expect(spouse).toMatchObject({ city: 'Addis Ababa', phone_primary: '+251111234567' })
  })
})
