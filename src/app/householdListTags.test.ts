// The household list shows heads, member counts and a search over members' names: a change
// made to members elsewhere in the app refetches it rather than leave a cached page as it was.
import { waitFor } from '@testing-library/react'
import { accountsApi } from '../features/accounts/accountsApi'
import { deletedMembersApi } from '../features/deletedMembers/deletedMembersApi'
import { householdsApi } from '../features/households/householdsApi'
import { importApi } from '../features/import/importApi'
import { membersApi } from '../features/members/membersApi'
import { installMockServer, type MockServer } from '../testing/mockServer'
import { setupStore } from '../testing/renderWithProviders'
import { storedMember } from '../testing/storedMember'

const admin = { id: 1, username: 'admin', role: 'admin' as const }

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/households', { json: { items: [], next_cursor: null } })
})
afterEach(() => server.restore())

const listReads = () =>
  server.requests.filter((r) => r.method === 'GET' && r.path === '/api/households').length

describe('the households list', () => {
  const changes: [string, (store: ReturnType<typeof setupStore>['store']) => Promise<unknown>][] = [
    [
      'a member deleted',
      (store) => {
        server.on('DELETE', '/api/members/7', { status: 204 })
        return store.dispatch(membersApi.endpoints.deleteMember.initiate(7)).unwrap()
      },
    ],
    [
      'a member renamed',
      (store) => {
        server.on('PUT', '/api/members/7', { json: storedMember({ id: 7 }) })
        const values = { first_name: 'Dawit' }
        return store
          .dispatch(membersApi.endpoints.updateMember.initiate({ id: 7, values }))
          .unwrap()
      },
    ],
    [
      'a member restored',
      (store) => {
        server.on('POST', '/api/admin/deleted-members/7/restore', { json: storedMember({ id: 7 }) })
        return store.dispatch(deletedMembersApi.endpoints.restoreMember.initiate(7)).unwrap()
      },
    ],
    [
      'an import committed',
      (store) => {
        server.on('POST', /\/api\/imports\/\w+\/commit/, {
          json: { created: 2, updated: 0, skipped: 0, refused: 0 },
        })
        const commit = { id: 'a'.repeat(32), mapping: {}, on_duplicate: 'skip' as const }
        return store.dispatch(importApi.endpoints.commitImport.initiate(commit)).unwrap()
      },
    ],
    [
      'an account’s members handed over',
      (store) => {
        server.on('POST', '/api/admin/users/3/transfer-members', { json: { moved: 4 } })
        const args = { id: 3, targetUserId: 4 }
        return store.dispatch(accountsApi.endpoints.transferAllMembers.initiate(args)).unwrap()
      },
    ],
  ]

  it.each(changes)('is read again after %s', async (_change, change) => {
    const { store } = setupStore({ signedInAs: admin })
    const list = store.dispatch(householdsApi.endpoints.householdList.initiate({ q: '' }))
    await list
    expect(listReads()).toBe(1)
    await change(store)
    await waitFor(() => expect(listReads()).toBe(2))
    list.unsubscribe()
  })
})
