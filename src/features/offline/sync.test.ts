import 'fake-indexeddb/auto'
import { File as NodeFile } from 'node:buffer'
import { IDBFactory } from 'fake-indexeddb'
import type { BaseQueryApi } from '@reduxjs/toolkit/query'
import { setupStore } from '../../testing/renderWithProviders'
import { selectQueue } from './offlineSlice'
import { closeQueueForTests, listRegistrations, putRegistration } from './queueStore'
import { sendOrQueue } from './sendOrQueue'
import { outcomeOf, sendQueue } from './sync'

const ALICE = { id: 1, username: 'alice' }

function entry(id: string, owner: number, second: number) {
  return {
    id,
    owner,
    savedAt: `2026-11-26T10:00:0${second}.000Z`,
    values: { first_name: `Name${id}`, last_name: 'Test' },
    photo: null,
    lastError: null,
    attempts: 0,
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let fetchMock: jest.Mock
beforeEach(async () => {
  await closeQueueForTests()
  globalThis.indexedDB = new IDBFactory()
  fetchMock = jest.fn()
  globalThis.fetch = fetchMock
})

const sentKeys = () =>
  fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('Idempotency-Key'))

describe('outcomeOf', () => {
  it('tells sent, refused, unreachable and signed out apart', () => {
    expect(outcomeOf(undefined)).toBe('sent')
    expect(outcomeOf({ status: 409, data: {} })).toBe('sent')
    expect(outcomeOf({ status: 400, data: {} })).toBe('refused')
    expect(outcomeOf({ status: 413, data: {} })).toBe('refused')
    expect(outcomeOf({ status: 401, data: {} })).toBe('signedOut')
    expect(outcomeOf({ status: 503, data: {} })).toBe('unreachable')
    expect(outcomeOf({ status: 429, data: {} })).toBe('unreachable')
    expect(outcomeOf({ status: 'FETCH_ERROR', error: 'x' })).toBe('unreachable')
    expect(outcomeOf({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe('unreachable')
  })
})

describe('sendQueue', () => {
  it('sends oldest first with each client id as the key; a 400 stays queued with its message', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('c', 1, 3))
    await putRegistration(entry('a', 1, 1))
    await putRegistration(entry('b', 1, 2))
    await putRegistration(entry('z', 2, 0))
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockResolvedValueOnce(json(400, { success: false, message: 'Phone number is invalid' }))
      .mockResolvedValueOnce(json(200, { id: 11 }))
    await expect(store.dispatch(sendQueue())).resolves.toBe('sent')
    expect(sentKeys()).toEqual(['a', 'b', 'c'])
    const left = await listRegistrations(1)
    expect(left.map((e) => [e.id, e.lastError])).toEqual([['b', 'Phone number is invalid']])
    expect(await listRegistrations(2)).toHaveLength(1)
    expect(selectQueue(store.getState())).toMatchObject({
      status: 'sent',
      items: [{ id: 'b', lastError: 'Phone number is invalid' }],
    })
  })

  it('stops at a network failure, keeps everything not sent, and skips refused ones next time', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('a', 1, 1))
    await putRegistration({ ...entry('b', 1, 2), lastError: 'Bad' })
    await putRegistration(entry('c', 1, 3))
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(store.dispatch(sendQueue())).resolves.toBe('unreachable')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(selectQueue(store.getState())).toMatchObject({
      status: 'failed',
      problem: 'unreachable',
    })
    expect((await listRegistrations(1)).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    fetchMock.mockReset().mockImplementation(async () => json(201, { id: 1 }))
    await store.dispatch(sendQueue())
    expect(sentKeys()).toEqual(['a', 'c'])
    expect((await listRegistrations(1)).map((e) => e.id)).toEqual(['b'])
  })

  it('sends only the registration asked for by Send now, refused before or not', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('a', 1, 1))
    await putRegistration({ ...entry('b', 1, 2), lastError: 'Bad' })
    fetchMock.mockImplementation(async () => json(201, { id: 1 }))
    await store.dispatch(sendQueue('b'))
    expect(sentKeys()).toEqual(['b'])
    expect((await listRegistrations(1)).map((e) => e.id)).toEqual(['a'])
  })
})

describe('sendOrQueue (the wizard’s submit)', () => {
  function call(store: ReturnType<typeof setupStore>['store'], photo?: File) {
    const api = {
      dispatch: store.dispatch,
      getState: store.getState,
      signal: new AbortController().signal,
    } as unknown as BaseQueryApi
    const baseQuery = jest.fn(async () => {
      try {
        const res = await fetch('http://localhost/api/members', { method: 'POST' })
        return res.status >= 400
          ? { error: { status: res.status, data: await res.json() } }
          : { data: await res.json() }
      } catch {
        return { error: { status: 'FETCH_ERROR' as const, error: 'Failed to fetch' } }
      }
    })
    return {
      result: sendOrQueue({ values: { first_name: 'Hanna' }, photo }, api, baseQuery as never),
      baseQuery,
    }
  }

  it('saves the registration with its photo on the device when the server cannot be reached', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    // Node's File: the FormData the tests run with (jest-fixed-jsdom) is Node's too.
    const photo = new NodeFile([new Uint8Array([9, 9])], 'me.jpg', { type: 'image/jpeg' }) as File
    const { result, baseQuery } = call(store, photo)
    const answer = await result
    expect(answer).toMatchObject({ data: { queued: true } })
    const [saved] = await listRegistrations(1)
    const sentKey = (baseQuery.mock.calls[0] as unknown as [{ headers: Record<string, string> }])[0]
      .headers['Idempotency-Key']
    expect(saved.id).toBe(sentKey)
    expect(saved.values).toEqual({ first_name: 'Hanna' })
    expect(saved.photo?.size).toBe(2)
    expect(selectQueue(store.getState())).toMatchObject({ status: 'queued', lastSaved: 'Hanna' })
  })

  it('queues on a 5xx too, but a 400 is the wizard’s to show and nothing is saved', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    fetchMock.mockResolvedValueOnce(json(503, { success: false, message: 'busy' }))
    expect(await call(store).result).toMatchObject({ data: { queued: true } })
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: 'Phone is invalid' }))
    expect(await call(store).result).toMatchObject({ error: { status: 400 } })
    expect(await listRegistrations(1)).toHaveLength(1)
  })
})
