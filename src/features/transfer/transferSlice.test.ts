import type { UnknownAction } from '@reduxjs/toolkit'
import { makeStore } from '../../app/store'
import { membersApi } from '../members'
import { installMockServer } from '../../testing/mockServer'
import transferSlice, {
  closed,
  initialTransferState,
  opened,
  searchSettled,
  searchTyped,
  TRANSFER_TRANSITIONS,
  type TransferEvent,
  type TransferState,
  type TransferStatus,
  userSelected,
} from './transferSlice'

const reduce = transferSlice.reducer
const ARGS = { id: 5, targetUserId: 2 }

// The RTK Query lifecycle actions of POST /api/members/transfer/5, as the middleware sends them.
function lifecycle(phase: 'pending' | 'fulfilled' | 'rejected', payload?: unknown): UnknownAction {
  return {
    type: `api/executeMutation/${phase}`,
    payload,
    meta: {
      requestId: 'r1',
      requestStatus: phase,
      arg: { type: 'mutation', endpointName: 'transferMember', originalArgs: ARGS },
      ...(phase === 'rejected' ? { rejectedWithValue: true } : {}),
    },
    ...(phase === 'rejected' ? { error: { message: 'Rejected' } } : {}),
  }
}

const events: Record<TransferEvent, () => UnknownAction> = {
  opened: () => opened({ memberId: 5, memberName: 'Abebe Kebede' }),
  searchTyped: () => searchTyped('ab'),
  searchSettled: () => searchSettled(),
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

const ALL_STATUSES = Object.keys(TRANSFER_TRANSITIONS) as TransferStatus[]
const ALL_EVENTS = Object.keys(events) as TransferEvent[]
const table = ALL_STATUSES.flatMap((from) =>
  ALL_EVENTS.map((event) => [from, event, TRANSFER_TRANSITIONS[from][event] ?? from] as const),
)

describe('transfer dialog machine (spec 2.8, 4.2)', () => {
  it('lists every status', () => {
    expect(ALL_STATUSES).toEqual(['closed', 'choosing', 'submitting', 'succeeded', 'failed'])
  })

  it.each(table)('%s + %s → %s', (from, event, to) => {
    expect(reduce(at(from), events[event]()).status).toBe(to)
  })

  it.each([
    ['closed', 'submitStarted'],
    ['submitting', 'closed'],
    ['submitting', 'userSelected'],
    ['choosing', 'submitSucceeded'],
    ['succeeded', 'submitFailed'],
  ] as const)('ignores %s + %s (state unchanged)', (from, event) => {
    const state = at(from)
    expect(reduce(state, events[event]())).toBe(state)
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

  it('starts each opening afresh and applies the search only when settled', () => {
    let state = reduce(at('failed'), events.opened())
    expect(state).toEqual({
      ...initialTransferState,
      status: 'choosing',
      memberId: 5,
      memberName: 'Abebe Kebede',
    })
    state = reduce(state, searchTyped(' dawit '))
    expect(state.appliedSearch).toBe('')
    state = reduce(state, searchSettled())
    expect(state.appliedSearch).toBe('dawit')
  })

  it('follows the real mutation through a store', async () => {
    const server = installMockServer()
    server.on('POST', '/api/members/transfer/5', { json: { success: true, member: { id: 5 } } })
    const { store } = makeStore()
    store.dispatch(events.opened())
    store.dispatch(events.userSelected())
    const request = store.dispatch(membersApi.endpoints.transferMember.initiate(ARGS))
    expect(store.getState().transfer?.status).toBe('submitting')
    await request.unwrap()
    expect(store.getState().transfer?.status).toBe('succeeded')
    expect(server.requests[0].body).toEqual({ targetUserId: 2 })
    server.restore()
  })
})
