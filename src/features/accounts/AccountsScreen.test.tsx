import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { expectLedHome, renderRoute, slow } from '../../testing/renderWithProviders'
import type { Account } from './accountsApi'
import { admin } from '../../testing/staffAccounts'

jest.setTimeout(90_000)

const accounts: Account[] = [
  {
    id: 1,
    username: 'admin',
    role: 'admin',
    disabled: false,
    created_at: '2026-01-05T08:00:00.000Z',
    must_change_password: false,
    last_login_at: '2026-11-20T07:30:00.000Z',
    member_count: 3,
  },
  {
    id: 2,
    username: 'hanna',
    role: 'clerk',
    disabled: false,
    created_at: '2026-02-01T08:00:00.000Z',
    must_change_password: true,
    last_login_at: null,
    member_count: 12,
  },
]

let server: MockServer
const originalWidth = window.innerWidth
beforeEach(() => {
  window.innerWidth = 1280
  server = installMockServer()
  server.on('GET', '/api/admin/users', { json: accounts })
  server.on('GET', /\/api\/members/, { json: { items: [], total: 0, next_cursor: null } })
})
afterEach(() => {
  server.restore()
  window.innerWidth = originalWidth
})

const row = async (name: string) =>
  (await screen.findByText(name, { selector: 'strong' }, slow)).closest('tr') as HTMLElement

describe('Accounts screen (issue 25)', () => {
  it('lists the accounts with role, status, member count and last sign-in', async () => {
    renderRoute('/accounts', { signedInAs: admin })
    const hanna = within(await row('hanna'))
    expect(hanna.getByText('Must choose a new password')).toBeInTheDocument()
    expect(hanna.getByText('Enabled')).toBeInTheDocument()
    expect(hanna.getByText('12')).toBeInTheDocument()
    expect(hanna.getByText('Never signed in')).toBeInTheDocument()
    expect(hanna.getByText('Clerk')).toBeInTheDocument()
    // No one disables their own account from here.
    const me = within(await row('admin'))
    expect(me.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument()
  })

  it('adds an account and shows its one-time password once', async () => {
    server.on('POST', '/api/admin/users', (req) => ({
      status: 201,
      json: {
        user: { ...accounts[1], id: 3, username: (req.body as { username: string }).username },
        temporary_password: 'Xq3-secret12',
      },
    }))
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: /Add account/ }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('Username'), '  board ')
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }))
    await user.click(await screen.findByTitle('Auditor'))
    await user.click(within(dialog).getByRole('button', { name: /Add account/ }))
    expect(await screen.findByTestId('temporary-password', {}, slow)).toHaveTextContent(
      'Xq3-secret12',
    )
    const post = server.requests.find((r) => r.method === 'POST')
    expect(post?.body).toEqual({ username: 'board', role: 'auditor' })

    // × (like Esc, antd's onCancel) asks before the only copy is lost; "Back to the password"
    // keeps it on screen.
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(await screen.findByRole('button', { name: 'Back to the password' }, slow))
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1))
    expect(screen.getByTestId('temporary-password')).toBeVisible()
    // Confirming closes it.
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect((await screen.findAllByText(/is not shown again/, {}, slow)).length).toBeGreaterThan(0)
    const closeAnyway = screen
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.classList.contains('ant-btn-dangerous'))!
    await user.click(closeAnyway)
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'One-time password' })).toBeNull(),
      slow,
    )
  })

  it('shows the server refusal translated, on the field it is about', async () => {
    server.on('POST', '/api/admin/users', apiError(400, 'taken', { username: 'usernameTaken' }))
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin, language: 'am' })
    await user.click(await screen.findByRole('button', { name: /መለያ ያክሉ/ }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('የተጠቃሚ ስም'), 'hanna')
    await user.click(within(dialog).getByRole('button', { name: /መለያ ያክሉ/ }))
    expect(await within(dialog).findByText('በዚህ ስም መለያ አስቀድሞ አለ።', {}, slow)).toBeInTheDocument()
  })

  it('over a weak connection: the retry keeps its key; a refusal or a new opening does not', async () => {
    const refused = apiError(400, 'taken', { username: 'usernameTaken' })
    const created = {
      status: 201,
      json: {
        user: { ...accounts[1], id: 3, username: 'board' },
        temporary_password: 'Kp4-second',
      },
    }
    const answers = ['network-error', created, 'network-error', refused, refused] as const
    let calls = 0
    server.on('POST', '/api/admin/users', () => answers[calls++]!)
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    let dialog: HTMLElement
    const open = async (username: string) => {
      await user.click(await screen.findByRole('button', { name: /Add account/ }, slow))
      dialog = await screen.findByRole('dialog', {}, slow)
      await user.type(within(dialog).getByLabelText('Username'), username)
    }
    const add = () => user.click(within(dialog).getByRole('button', { name: /Add account/ }))
    const lost = async () => {
      await add()
      expect(await within(dialog).findByText(/Could not save/, {}, slow)).toBeVisible()
    }
    await open('board')
    await lost()
    // The answer was lost: the same key again, answered with a password that works.
    await add()
    expect(await screen.findByTestId('temporary-password', {}, slow)).toHaveTextContent(
      'Kp4-second',
    )
    await user.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow)
    // After a success, a new key; after a lost answer and Cancel, the next opening's is new too.
    await open('selam')
    await lost()
    await user.click(within(dialog!).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow)
    await open('selam')
    await add()
    expect(await within(dialog!).findByText(/already exists/, {}, slow)).toBeVisible()
    // A refusal spends the key as well.
    await add()
    await waitFor(() => expect(calls).toBe(5), slow)
    const keys = server.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/admin/users')
      .map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(5)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
    for (const i of [2, 3, 4]) expect(keys[i]).not.toBe(keys[i - 1])
  })

  it('refuses an invalid username before asking the server', async () => {
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: /Add account/ }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('Username'), 'two words')
    await user.click(within(dialog).getByRole('button', { name: /Add account/ }))
    expect(await within(dialog).findByText(/without spaces/, {}, slow)).toBeInTheDocument()
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('disables an account after confirmation; the last-admin refusal is shown', async () => {
    server.on('PATCH', '/api/admin/users/2', { json: { ...accounts[1], disabled: true } })
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    await user.click(within(await row('hanna')).getByRole('button', { name: 'Disable hanna' }))
    const confirm = await screen.findByRole('dialog', {}, slow)
    expect(confirm).toHaveTextContent(/Disable hanna\?/)
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }))
    await waitFor(() => {
      const patch = server.requests.find((r) => r.method === 'PATCH')
      expect(patch?.body).toEqual({ disabled: true })
    }, slow)
  })

  it('resets a password and reveals the new one-time password', async () => {
    server.on('POST', '/api/admin/users/2/reset-password', {
      json: { temporary_password: 'new-one-time' },
    })
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    await user.click(
      within(await row('hanna')).getByRole('button', { name: 'Reset the password of hanna' }),
    )
    const confirm = await screen.findByRole('dialog', {}, slow)
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByTestId('temporary-password', {}, slow)).toHaveTextContent(
      'new-one-time',
    )
  })

  it('offers to transfer the members of an account that owns some, then removes it', async () => {
    const third: Account = { ...accounts[1], id: 3, username: 'selam', member_count: 0 }
    // An auditor can own no members: it is not offered as a target.
    const reader: Account = { ...third, id: 4, username: 'reader', role: 'auditor' }
    let counts = { hanna: 12, selam: 0 }
    server.on('GET', '/api/admin/users', () => ({
      json: [
        accounts[0],
        { ...accounts[1], member_count: counts.hanna },
        { ...third, member_count: counts.selam },
        reader,
      ],
    }))
    server.on('POST', '/api/admin/users/2/transfer-members', () => {
      counts = { hanna: 0, selam: 12 }
      return { json: { moved: 12 } }
    })
    server.on('DELETE', '/api/admin/users/2', { status: 204 })
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin })
    await user.click(within(await row('hanna')).getByRole('button', { name: 'Remove hanna' }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    expect(dialog).toHaveTextContent(/hanna owns 12 members\. An account that owns members/)
    // Nothing is removed while it owns members: only the transfer is offered.
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument()
    const go = within(dialog).getByRole('button', { name: /Transfer 12 members/ })
    expect(go).toBeDisabled()
    await user.click(within(dialog).getByRole('combobox', { name: 'Transfer all its members to' }))
    await user.click(await screen.findByTitle('selam'))
    expect(screen.queryByTitle('reader')).not.toBeInTheDocument()
    await user.click(go)
    expect(
      await within(dialog).findByText('12 members were transferred to selam.', {}, slow),
    ).toBeInTheDocument()
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ target_user_id: 3 })
    await user.click(within(dialog).getByRole('button', { name: /^Remove/ }))
    await waitFor(() => {
      expect(
        server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin/users/2'),
      ).toBe(true)
    }, slow)
    expect(await screen.findByText('The account hanna was removed.', {}, slow)).toBeInTheDocument()
  })

  it('removes an account without members after confirmation; refusals are translated', async () => {
    const empty: Account = { ...accounts[1], member_count: 0 }
    server.on('GET', '/api/admin/users', { json: [accounts[0], empty] })
    server.on(
      'DELETE',
      '/api/admin/users/2',
      apiError(400, 'still has members', { id: 'hasMembers' }),
    )
    const user = userEvent.setup()
    renderRoute('/accounts', { signedInAs: admin, language: 'om' })
    await user.click(within(await row('hanna')).getByRole('button', { name: 'hanna haqaa' }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    expect(dialog).toHaveTextContent(/Herrega hanna haquu barbaadduu\?/)
    await user.click(within(dialog).getByRole('button', { name: /^Haqaa/ }))
    expect(
      await within(dialog).findByText(
        'Herregni kun ammallee miseensota qaba: duraan dursitanii isaan dabarsaa.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
    // Your own account offers no Remove.
    expect(
      within(await row('admin')).queryByRole('button', { name: 'admin haqaa' }),
    ).not.toBeInTheDocument()
  })

  it('is not offered to a clerk: the address leads home', async () => {
    await expectLedHome(server, '/accounts', 'clerk', '/api/admin/users')
  })
})
