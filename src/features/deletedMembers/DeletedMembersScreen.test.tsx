import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { expectLedHome, renderRoute, slow } from '../../testing/renderWithProviders'
import type { DeletedMember } from './deletedMembersApi'
import { admin } from '../../testing/staffAccounts'

jest.setTimeout(90_000)

const kept: DeletedMember = {
  id: 7,
  first_name: 'Abebe',
  middle_name: 'Kebede',
  last_name: 'Tesfaye',
  membership_status: 'member',
  owner_user_id: 2,
  owner_username: 'hanna',
  deleted_at: '2026-11-20T09:05:00.000Z',
  deleted_by: 'hanna',
  has_photo: true,
  purge_at: '2026-12-20T09:05:00.000Z',
}

let server: MockServer
let bin: DeletedMember[]
const originalWidth = window.innerWidth
beforeEach(() => {
  window.innerWidth = 1280
  bin = [kept]
  server = installMockServer()
  server.on('GET', '/api/admin/deleted-members', () => ({ json: { items: bin } }))
})
afterEach(() => {
  server.restore()
  window.innerWidth = originalWidth
})

describe('Deleted members (issue 25)', () => {
  it('lists who deleted whom and when, and restores after confirmation', async () => {
    server.on('POST', '/api/admin/deleted-members/7/restore', () => {
      bin = []
      return { json: { id: 7 } }
    })
    const user = userEvent.setup()
    renderRoute('/deleted-members', { signedInAs: admin })
    const name = await screen.findByText('Abebe Kebede Tesfaye', {}, slow)
    const row = within(name.closest('tr') as HTMLElement)
    expect(row.getAllByText('hanna')).toHaveLength(2)
    expect(row.getByText('20 November 2026', { exact: false })).toBeInTheDocument()
    await user.click(row.getByRole('button', { name: 'Restore Abebe Kebede Tesfaye' }))
    const confirm = await screen.findByRole('dialog', {}, slow)
    expect(confirm).toHaveTextContent('owned by hanna')
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }))
    await waitFor(
      () => expect(screen.queryByText('Abebe Kebede Tesfaye')).not.toBeInTheDocument(),
      slow,
    )
    expect(
      await screen.findByText('No deleted members in the last 30 days.', {}, slow),
    ).toBeVisible()
  })

  it('says so when the member is no longer in the bin', async () => {
    server.on(
      'POST',
      '/api/admin/deleted-members/7/restore',
      apiError(404, 'Deleted member not found'),
    )
    const user = userEvent.setup()
    renderRoute('/deleted-members', { signedInAs: admin, language: 'am' })
    await user.click(await screen.findByRole('button', { name: /ይመልሱ/ }, slow))
    const confirm = await screen.findByRole('dialog', {}, slow)
    await user.click(within(confirm).getByRole('button', { name: 'ይመልሱ' }))
    expect(await screen.findByText(/ከአሁን በኋላ እዚህ የለም/, {}, slow)).toBeInTheDocument()
  })

  it('ends a restore retried after a lost answer as done: no longer in the bin', async () => {
    // The first press restores the member, but its answer and the list's reload are lost; the
    // second press finds the member gone from the bin.
    let restores = 0
    let linkDown = false
    server.on('GET', '/api/admin/deleted-members', () =>
      linkDown ? 'network-error' : { json: { items: bin } },
    )
    server.on('POST', '/api/admin/deleted-members/7/restore', () => {
      restores += 1
      if (restores === 1) {
        bin = []
        linkDown = true
        return 'network-error'
      }
      linkDown = false
      return apiError(404, 'Deleted member not found')
    })
    const user = userEvent.setup()
    renderRoute('/deleted-members', { signedInAs: admin })
    const restore = await screen.findByRole(
      'button',
      { name: 'Restore Abebe Kebede Tesfaye' },
      slow,
    )
    await user.click(restore)
    await user.click(
      within(await screen.findByRole('dialog', {}, slow)).getByRole('button', { name: 'Restore' }),
    )
    expect(
      await screen.findByText('Could not restore the member. Please try again.', {}, slow),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Restore Abebe Kebede Tesfaye' }))
    await user.click(
      within(await screen.findByRole('dialog', {}, slow)).getByRole('button', { name: 'Restore' }),
    )
    expect(
      await screen.findByText(
        'Abebe Kebede Tesfaye is no longer in the bin: restored already or removed for good.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/no longer in the bin \(/)).not.toBeInTheDocument()
    expect(
      await screen.findByText('No deleted members in the last 30 days.', {}, slow),
    ).toBeVisible()
    expect(restores).toBe(2)
  })

  it('is for admins only', async () => {
    await expectLedHome(server, '/deleted-members', 'auditor', '/api/admin/deleted-members')
  })
})
