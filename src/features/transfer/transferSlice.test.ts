import type { UnknownAction } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { makeStore } from '../../app/store'
import {
  itFollowsTheTable,
  mutationAction,
  reducerFedEvents,
  transitions,
} from '../../testing/machineTables'
import { installMockServer } from '../../testing/mockServer'
import { transferApi } from './transferApi'
import transferSlice, {
  closed,
  initialTransferState,
  opened,
  searchSettled,
  TRANSFER_TRANSITIONS,
  type TransferEvent,
  type TransferState,
  type TransferStatus,
  userSelected,
} from './transferSlice'

const reduce = transferSlice.reducer
const ARGS = { id: 5, targetUserId: 2 }

// The RTK Query lifecycle actions of POST /api/members/transfer/5.
const lifecycle = (phase: 'pending' | 'fulfilled' | 'rejected', payload?: unknown) =>
  mutationAction('transferMember', phase, ARGS, payload)

const events: Record<TransferEvent, () => UnknownAction> = {
  opened: () => opened({ memberId: 5, memberName: 'Abebe Kebede' }),
  searchSettled: () => searchSettled('ab'),
  userSelected: () => userSelected({ id: 2, username: 'dawit' }),
  submitStarted: () => lifecycle('pending'),
  submitSucceeded: () => lifecycle('fulfilled', { success: true }),
  submitFailed: () => lifecycle('rejected', { status: 400, data: { message: 'No such user' } }),
  closed: () => closed(),
}

const at = (status: TransferStatus): TransferState => ({
  ...initialTransferState,
  status,
  memberId: status === 'closed' ? null : 5,
  selectedUser: status === 'closed' ? null : { id: 2, username: 'dawit' },
})

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<TransferStatus, TransferEvent>`
  closed      opened           choosing
  closed      searchSettled    -
  closed      submitStarted    -
  closed      closed           -
  choosing    searchSettled    choosing
  choosing    userSelected     choosing
  choosing    submitStarted    submitting
  choosing    closed           closed
  choosing    submitSucceeded  -
  choosing    opened           -
  submitting  submitSucceeded  succeeded
  submitting  submitFailed     failed
  submitting  closed           -
  submitting  userSelected     -
  submitting  searchSettled    -
  succeeded   opened           choosing
  succeeded   closed           closed
  succeeded   submitFailed     -
  failed      opened           choosing
  failed      searchSettled    failed
  failed      userSelected     choosing
  failed      submitStarted    submitting
  failed      closed           closed
  failed      submitSucceeded  -
`

describe('transfer dialog machine (spec 2.8, 4.2)', () => {
  itFollowsTheTable({
    table: TRANSFER_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'transfer', actionNames: Object.keys(transferSlice.actions) },
    reducer: reducerFedEvents(at, reduce, events),
  })

  it.each([loggedOut(), sessionExpired()])('forgets the dialog on %p', (ended) => {
    const state = reduce(reduce(at('failed'), events.opened()), searchSettled('dawit'))
    expect(reduce(state, ended)).toEqual(initialTransferState)
  })

  it('keeps the server message of a failure, or null for the translated fallback', () => {
    const failed = reduce(at('submitting'), events.submitFailed())
    expect(failed.error).toBe('No such user')
    const silent = reduce(at('submitting'), lifecycle('rejected', { status: 'FETCH_ERROR' }))
    expect(silent).toMatchObject({ status: 'failed', error: null })
  })

  it('does not start without a chosen user, nor for another member', () => {
    const noUser = { ...at('choosing'), selectedUser: null }
    expect(reduce(noUser, events.submitStarted()).status).toBe('choosing')
    const other = { ...at('choosing'), memberId: 9 }
    expect(reduce(other, events.submitStarted()).status).toBe('choosing')
  })

  it('starts each opening afresh and keeps the settled search as typed, applied trimmed', () => {
    let state = reduce(at('failed'), events.opened())
    expect(state).toEqual({
      ...initialTransferState,
      status: 'choosing',
      memberId: 5,
      memberName: 'Abebe Kebede',
    })
    state = reduce(state, searchSettled(' dawit '))
    expect(state).toMatchObject({ searchText: ' dawit ', appliedSearch: 'dawit' })
  })

  it('follows the real mutation through a store', async () => {
    const server = installMockServer()
    server.on('POST', '/api/members/transfer/5', { json: { success: true, member: { id: 5 } } })
    const { store } = makeStore()
    store.dispatch(events.opened())
    store.dispatch(events.userSelected())
    const request = store.dispatch(transferApi.endpoints.transferMember.initiate(ARGS))
    expect(store.getState().transfer?.status).toBe('submitting')
    await request.unwrap()
    expect(store.getState().transfer?.status).toBe('succeeded')
    expect(server.requests[0].body).toEqual({ targetUserId: 2 })
    server.restore()
  })
})
