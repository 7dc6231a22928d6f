import { screen, waitFor, within } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { storedMember } from '../../testing/storedMember'
import { admin } from '../../testing/staffAccounts'

// Issue 25: the UI hides what the role cannot do rather than showing buttons that fail.
jest.setTimeout(120_000)
const slow = { timeout: 30_000 }

const member = storedMember({ registerd_by: 'hanna' })
const hers = { ...member, owner_user_id: 2, owner_username: 'hanna' }
const auditor = { id: 5, username: 'board', role: 'auditor' as const }

let server: MockServer
const originalWidth = window.innerWidth
beforeEach(() => {
  window.innerWidth = 1280
  server = installMockServer()
  server.on('GET', '/api/members/7/history', { json: { items: [] } })
  server.on('GET', '/api/admin/users', {
    json: [{ id: 2, username: 'hanna', role: 'clerk', disabled: false, member_count: 1 }],
  })
})
afterEach(() => {
  server.restore()
  window.innerWidth = originalWidth
})

const profileButtons = async () => {
  await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
  await screen.findByText('Nothing has been recorded yet.', {}, slow)
  return {
    edit: screen.queryByRole('button', { name: /^Edit$/ }),
    transfer: screen.queryByRole('button', { name: /Transfer/ }),
    remove: screen.queryByRole('button', { name: /Delete/ }),
  }
}

describe('what each role is shown on a profile', () => {
  it('an admin on its own member: Edit, Transfer and Delete', async () => {
    server.on('GET', '/api/members/7', { json: member })
    renderRoute('/member/7', { signedInAs: admin })
    const { edit, transfer, remove } = await profileButtons()
    expect(edit).toBeInTheDocument()
    expect(transfer).toBeInTheDocument()
    expect(remove).toBeInTheDocument()
  })

  it("an admin on another account's member: Transfer only", async () => {
    server.on('GET', '/api/members/7', { json: hers })
    renderRoute('/member/7', { signedInAs: admin })
    const { edit, transfer, remove } = await profileButtons()
    expect(transfer).toBeInTheDocument()
    expect(edit).not.toBeInTheDocument()
    expect(remove).not.toBeInTheDocument()
  })

  it('an auditor: none of them', async () => {
    server.on('GET', '/api/members/7', { json: hers })
    renderRoute('/member/7', { signedInAs: auditor })
    const { edit, transfer, remove } = await profileButtons()
    expect(edit).not.toBeInTheDocument()
    expect(transfer).not.toBeInTheDocument()
    expect(remove).not.toBeInTheDocument()
  })
})

describe('whose members, in the list', () => {
  it("keeps the choice in the address, shows the owner and no Edit on others' rows", async () => {
    server.on('GET', '/api/members/search', {
      json: {
        items: [
          { ...hers, gender: null, phone_primary: null, email: null, membership_status: null },
          {
            ...member,
            id: 8,
            first_name: 'Sara',
            owner_user_id: 1,
            owner_username: 'admin',
            gender: null,
            phone_primary: null,
            email: null,
            membership_status: null,
          },
        ],
        total: 2,
        next_cursor: null,
      },
    })
    renderRoute('/members?owner=all', { signedInAs: admin })
    const table = await screen.findByRole('table', {}, slow)
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeInTheDocument()
    const abebe = within(within(table).getByText('Abebe Kebede Tesfaye').closest('tr')!)
    expect(abebe.getByText('hanna')).toBeInTheDocument()
    expect(abebe.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    const sara = within(within(table).getByText('Sara Kebede Tesfaye').closest('tr')!)
    expect(sara.getByRole('button', { name: /Edit/ })).toBeInTheDocument()
    await waitFor(() =>
      expect(server.requests.some((r) => r.search.get('owner') === 'all')).toBe(true),
    )
  })

  it('asks for one account when the address names it', async () => {
    server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
    renderRoute('/members?owner=2', { signedInAs: admin })
    await waitFor(
      () => expect(server.requests.some((r) => r.search.get('owner') === '2')).toBe(true),
      slow,
    )
  })

  it('a clerk gets no choice and sends none', async () => {
    server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
    renderRoute('/members?owner=all', { signedInAs: { id: 2, username: 'hanna', role: 'clerk' } })
    await screen.findByText(/No members/i, {}, slow)
    expect(screen.queryByRole('combobox', { name: 'Whose members' })).not.toBeInTheDocument()
    expect(server.requests.some((r) => r.search.has('owner'))).toBe(false)
  })
})
