import 'fake-indexeddb/auto'
import { File as NodeFile } from 'node:buffer'
import type { BaseQueryApi } from '@reduxjs/toolkit/query'
import { setupStore } from '../../testing/renderWithProviders'
import { selectQueue } from './offlineSlice'
import { getRegistration, listRegistrations, putRegistration } from './queueStore'
import { sendOrQueue } from './sendOrQueue'
import {
  closeQueuedEdit,
  closeUnplaced,
  loadUnplaced,
  openQueuedEdit,
  outcomeOf,
  saveToQueue,
  sendQueue,
  updateQueued,
} from './sync'
import { emptyDevice } from '../../testing/device'

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
  await emptyDevice()
  fetchMock = jest.fn()
  globalThis.fetch = fetchMock
})

const sentKeys = () =>
  fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('Idempotency-Key'))
/** Each request made so far as "METHOD /path". */
const requests = () =>
  fetchMock.mock.calls.map(([request]) => {
    const { method, url } = request as Request
    return `${method} ${new URL(url).pathname}`
  })

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

  it('sends each registration once when asked twice at once', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('a', 1, 1))
    fetchMock.mockImplementation(async () => json(201, { id: 1 }))
    const outcomes = await Promise.all([store.dispatch(sendQueue()), store.dispatch(sendQueue())])
    expect(outcomes.sort()).toEqual(['busy', 'sent'])
    expect(sentKeys()).toEqual(['a'])
    expect(await listRegistrations(1)).toEqual([])
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

describe('a registration begun from a household', () => {
  const FAMILY = { id: 5, name: 'Abebe family', role: 'child' as const }

  /** Waits until `count` requests have been made (the last may never be answered). */
  const waitForRequests = async (count: number) => {
    while (fetchMock.mock.calls.length < count) await new Promise((r) => setTimeout(r, 5))
  }

  it('joins the household in its role once the member is sent', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockResolvedValueOnce(json(200, { id: 5, members: [] }))
    await expect(store.dispatch(sendQueue())).resolves.toBe('sent')
    expect(requests()).toEqual(['POST /api/members', 'PUT /api/households/5/members/10'])
    expect(await (fetchMock.mock.calls[1][0] as Request).json()).toEqual({ role: 'child' })
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(store.getState()).unplaced).toEqual([])
  })

  it('says so when the household refuses it; the sent member is not queued again', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockResolvedValueOnce(json(409, { success: false, message: 'Already has a head' }))
    await store.dispatch(sendQueue())
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(store.getState()).unplaced).toEqual([
      { memberId: 10, name: 'Namea Test', householdId: 5, household: 'Abebe family' },
    ])
  })

  it('keeps the not-added notice across a reload until the clerk closes it', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockResolvedValueOnce(json(404, { success: false, message: 'Household not found' }))
    await store.dispatch(sendQueue())
    // A 404: the household was deleted meanwhile, so the notice has no household to offer.
    const notice = {
      memberId: 10,
      name: 'Namea Test',
      householdId: 5,
      household: 'Abebe family',
      householdGone: true,
    }
    // A reload: a new store, the same device.
    const reloaded = setupStore({ signedInAs: ALICE }).store
    await reloaded.dispatch(loadUnplaced())
    expect(selectQueue(reloaded.getState()).unplaced).toEqual([notice])
    // Another account at the same device is not told of it.
    const bob = setupStore({ signedInAs: { id: 2, username: 'bob' } }).store
    await bob.dispatch(loadUnplaced())
    expect(selectQueue(bob.getState()).unplaced).toEqual([])
    await reloaded.dispatch(closeUnplaced(notice))
    expect(selectQueue(reloaded.getState()).unplaced).toEqual([])
    const again = setupStore({ signedInAs: ALICE }).store
    await again.dispatch(loadUnplaced())
    expect(selectQueue(again.getState()).unplaced).toEqual([])
  })

  it('stays queued while its placement has no answer; a reload places it, once, no notice', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    // The member is made; the placement's answer never comes (the page is reloaded meanwhile).
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockImplementationOnce(() => new Promise<Response>(() => {}))
    void store.dispatch(sendQueue())
    await waitForRequests(2)
    expect(await listRegistrations(1)).toHaveLength(1)

    const reloaded = setupStore({ signedInAs: ALICE }).store
    // The same key answers with the same member; the server ignores a placement already made.
    fetchMock
      .mockResolvedValueOnce(json(200, { id: 10 }))
      .mockResolvedValueOnce(json(200, { id: 5, members: [] }))
    await expect(reloaded.dispatch(sendQueue())).resolves.toBe('sent')
    expect(requests()).toEqual([
      'POST /api/members',
      'PUT /api/households/5/members/10',
      'POST /api/members',
      'PUT /api/households/5/members/10',
    ])
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(reloaded.getState())).toMatchObject({ items: [], unplaced: [] })
    await reloaded.dispatch(loadUnplaced())
    expect(selectQueue(reloaded.getState()).unplaced).toEqual([])
  })

  /** The member is made and its placement gets `answer`; then a later sync, refused. */
  async function placementRetried(answer: Response | Error) {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    fetchMock.mockResolvedValueOnce(json(201, { id: 10 }))
    if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer)
    else fetchMock.mockResolvedValueOnce(answer)
    const outcome = await store.dispatch(sendQueue())
    const kept = await listRegistrations(1)
    // A reload: no notice was kept on the device either.
    const reloaded = setupStore({ signedInAs: ALICE }).store
    await reloaded.dispatch(loadUnplaced())
    const noticesKept = selectQueue(reloaded.getState()).unplaced
    fetchMock
      .mockResolvedValueOnce(json(200, { id: 10 }))
      .mockResolvedValueOnce(json(409, { success: false, message: 'Already has a head' }))
    await reloaded.dispatch(sendQueue())
    return { store, reloaded, outcome, kept, noticesKept }
  }
  const refusedNotice = {
    memberId: 10,
    name: 'Namea Test',
    householdId: 5,
    household: 'Abebe family',
  }

  it.each([
    ['no answer', new TypeError('Failed to fetch')],
    ['a 503', json(503, { success: false, message: 'busy' })],
  ])('a placement met by %s is tried again later, not told as not added', async (_, answer) => {
    const { store, reloaded, outcome, kept, noticesKept } = await placementRetried(answer)
    expect(outcome).toBe('unreachable')
    expect(kept).toHaveLength(1)
    expect(noticesKept).toEqual([])
    // One entry still waiting, not a sent one and a waiting one.
    expect(selectQueue(store.getState())).toMatchObject({
      status: 'failed',
      items: [{ id: 'a' }],
      unplaced: [],
    })
    // Tried again, the placement is refused: now the clerk is told.
    expect(requests().slice(2)).toEqual(['POST /api/members', 'PUT /api/households/5/members/10'])
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(reloaded.getState()).unplaced).toEqual([refusedNotice])
  })

  it('a placement cut off by the session ending (401) waits for the next sign-in', async () => {
    const { kept, noticesKept, reloaded } = await placementRetried(
      json(401, { success: false, message: 'Sign in again' }),
    )
    expect(kept).toHaveLength(1)
    expect(noticesKept).toEqual([])
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(reloaded.getState()).unplaced).toEqual([refusedNotice])
  })

  it('an edit saved while its placement waits is put to the member once, before it joins', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), household: FAMILY })
    const offline = new TypeError('Failed to fetch')
    fetchMock.mockResolvedValueOnce(json(201, { id: 10 })).mockRejectedValueOnce(offline)
    await store.dispatch(sendQueue())
    const values = { first_name: 'Namea', last_name: 'Tested' }
    await store.dispatch(updateQueued({ id: 'a', values, photo: null }))
    // The edit is put; the placement has no answer again.
    fetchMock
      .mockResolvedValueOnce(json(200, { id: 10, last_name: 'Test' }))
      .mockResolvedValueOnce(json(200, { id: 10, last_name: 'Tested' }))
      .mockRejectedValueOnce(offline)
    await expect(store.dispatch(sendQueue())).resolves.toBe('unreachable')
    expect((await (fetchMock.mock.calls[3][0] as Request).formData()).get('last_name')).toBe(
      'Tested',
    )
    // The member holds the edit now: it is not put a second time.
    fetchMock
      .mockResolvedValueOnce(json(200, { id: 10, last_name: 'Tested' }))
      .mockResolvedValueOnce(json(200, { id: 5, members: [] }))
    await expect(store.dispatch(sendQueue())).resolves.toBe('sent')
    expect(requests().slice(2)).toEqual([
      'POST /api/members',
      'PUT /api/members/10',
      'PUT /api/households/5/members/10',
      'POST /api/members',
      'PUT /api/households/5/members/10',
    ])
    expect(await listRegistrations(1)).toEqual([])
  })

  it('is saved on the device with its household when the server cannot be reached', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const api = { dispatch: store.dispatch, getState: store.getState } as unknown as BaseQueryApi
    const baseQuery = async () => ({ error: { status: 'FETCH_ERROR' as const, error: 'x' } })
    const answer = await sendOrQueue(
      { values: { first_name: 'Selam' }, household: FAMILY },
      api,
      baseQuery,
    )
    expect(answer).toMatchObject({ data: { queued: true } })
    expect((await listRegistrations(1))[0].household).toEqual(FAMILY)
  })
})

describe('an edit and a send of the same registration', () => {
  /** The next POST waits for `answer`; its first name is kept to check which version went. */
  function holdNextSend() {
    let answer: (res: Response) => void = () => {}
    const sent: { firstName: string | null } = { firstName: null }
    fetchMock.mockImplementationOnce(async (request: Request) => {
      sent.firstName = (await request.clone().formData()).get('first_name') as string
      return new Promise<Response>((resolve) => (answer = resolve))
    })
    return { answer: (res: Response) => answer(res), sent }
  }
  const firstNamesSent = async () =>
    Promise.all(
      fetchMock.mock.calls.map(async ([request]) =>
        (await (request as Request).clone().formData()).get('first_name'),
      ),
    )
  const edited = { first_name: 'Edited', last_name: 'Test' }
  const tick = () => new Promise((r) => setTimeout(r, 20))
  /** Registration 'a' queued and its send started, its answer held back. */
  async function sendingOneHeld() {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('a', 1, 1))
    const held = holdNextSend()
    const sending = store.dispatch(sendQueue())
    await tick()
    return { store, held, sending }
  }

  it('a send never starts a registration open in the editor; the saved edit is what goes', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(entry('a', 1, 1))
    await putRegistration(entry('b', 1, 2))
    expect((await store.dispatch(openQueuedEdit('a')))?.values.first_name).toBe('Namea')
    fetchMock.mockImplementation(async () => json(201, { id: 1 }))
    await expect(store.dispatch(sendQueue())).resolves.toBe('sent')
    expect(sentKeys()).toEqual(['b'])
    expect(selectQueue(store.getState()).items.map((i) => i.id)).toEqual(['a'])

    await expect(
      store.dispatch(updateQueued({ id: 'a', values: edited, photo: null })),
    ).resolves.toBe(true)
    store.dispatch(closeQueuedEdit('a'))
    await store.dispatch(sendQueue())
    expect(sentKeys()).toEqual(['b', 'a'])
    expect(await firstNamesSent()).toEqual(['Nameb', 'Edited'])
    expect(await listRegistrations(1)).toEqual([])
  })

  it('an editor opened while the registration is in flight waits; sent, it is gone', async () => {
    const { store, held, sending } = await sendingOneHeld()
    expect(selectQueue(store.getState()).inFlight).toBe('a')
    let opened: unknown = 'waiting'
    const opening = store.dispatch(openQueuedEdit('a')).then((e) => (opened = e))
    await tick()
    expect(opened).toBe('waiting')
    held.answer(json(201, { id: 7 }))
    await sending
    await opening
    // Never an edit of a registration the server already has: the editor says it is gone.
    expect(opened).toBeUndefined()
  })

  it('an edit saved while the old version is in flight waits for its answer and is kept', async () => {
    const { store, held, sending } = await sendingOneHeld()
    let saved: boolean | 'waiting' = 'waiting'
    const saving = store
      .dispatch(updateQueued({ id: 'a', values: edited, photo: null }))
      .then((ok) => (saved = ok))
    await tick()
    expect(saved).toBe('waiting')
    held.answer(json(400, { success: false, message: 'Phone number is invalid' }))
    await sending
    await saving
    expect(saved).toBe(true)
    // The edit is stored whole, the old version's refusal not written over it.
    const kept = await getRegistration(1, 'a')
    expect(kept).toMatchObject({ values: edited, lastError: null, attempts: 1, revision: 1 })
    fetchMock.mockImplementation(async () => json(201, { id: 8 }))
    await store.dispatch(sendQueue())
    expect(await firstNamesSent()).toEqual(['Namea', 'Edited'])
    expect(await listRegistrations(1)).toEqual([])
  })

  it('an edit saved while the old version is in flight is refused once that one is sent', async () => {
    const { store, held, sending } = await sendingOneHeld()
    const saving = store.dispatch(updateQueued({ id: 'a', values: edited, photo: null }))
    held.answer(json(201, { id: 9 }))
    await sending
    await expect(saving).resolves.toBe(false)
    expect(await listRegistrations(1)).toEqual([])
  })

  it('a write-back never overwrites an edit saved meanwhile (as by another tab)', async () => {
    const { held, sending } = await sendingOneHeld()
    await putRegistration({ ...entry('a', 1, 1), values: edited, revision: 1 })
    held.answer(json(503, { success: false, message: 'busy' }))
    await expect(sending).resolves.toBe('unreachable')
    expect(await getRegistration(1, 'a')).toMatchObject({ values: edited, attempts: 1 })
  })
})

describe('an edit made after a send that got no answer', () => {
  const partsOf = async (call: number) =>
    (await (fetchMock.mock.calls[call][0] as Request).clone().formData()) as FormData
  /** Sent once without an answer (revision 0), then edited: a phone added, the email emptied. */
  const editedAfterSend = {
    ...entry('a', 1, 1),
    values: { first_name: 'Namea', last_name: 'Test', phone_primary: '0911234567' },
    unanswered: 0,
    revision: 1,
  }

  /** The next requests' answers, in order; an Error is a request that got none. */
  const answerWith = (answers: (Response | Error)[]) => {
    for (const answer of answers) {
      if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer)
      else fetchMock.mockResolvedValueOnce(answer)
    }
  }
  /** Queues the edited registration and sends the queue against these answers. */
  async function sendEdited(...answers: (Response | Error)[]) {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(editedAfterSend)
    answerWith(answers)
    return { store, outcome: await store.dispatch(sendQueue()) }
  }

  it('is put to the member that send registered, every field, and the queue is done', async () => {
    const { outcome } = await sendEdited(
      json(200, { id: 10, first_name: 'Namea', email: 'old@example.et' }),
      json(200, { id: 10, first_name: 'Namea' }),
    )
    expect(outcome).toBe('sent')
    expect(requests()).toEqual(['POST /api/members', 'PUT /api/members/10'])
    const put = await partsOf(1)
    expect(put.get('phone_primary')).toBe('0911234567')
    expect(put.get('email')).toBe('')
    expect(put.get('photo')).toBeNull()
    expect(await listRegistrations(1)).toEqual([])
  })

  it('is not put when the send made the member now (201) or nothing changed since', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration(editedAfterSend)
    await putRegistration({ ...entry('b', 1, 2), unanswered: 1, revision: 1 })
    fetchMock
      .mockResolvedValueOnce(json(201, { id: 10 }))
      .mockResolvedValueOnce(json(200, { id: 11 }))
    await store.dispatch(sendQueue())
    expect(requests()).toEqual(['POST /api/members', 'POST /api/members'])
    expect(await listRegistrations(1)).toEqual([])
  })

  it('stays queued while the edit cannot be put, and is put by the next send', async () => {
    const { store, outcome } = await sendEdited(
      json(200, { id: 10 }),
      new TypeError('Failed to fetch'),
    )
    expect(outcome).toBe('unreachable')
    expect(await getRegistration(1, 'a')).toMatchObject({ unanswered: 0, revision: 1 })
    answerWith([json(200, { id: 10 }), json(200, {})])
    await expect(store.dispatch(sendQueue())).resolves.toBe('sent')
    expect(requests()).toEqual([
      'POST /api/members',
      'PUT /api/members/10',
      'POST /api/members',
      'PUT /api/members/10',
    ])
    expect(await listRegistrations(1)).toEqual([])
  })

  it('a refused edit (even a 409) stays queued with the server’s message', async () => {
    await sendEdited(
      json(200, { id: 10 }),
      json(409, { success: false, message: 'That number is taken' }),
    )
    expect(await getRegistration(1, 'a')).toMatchObject({ lastError: 'That number is taken' })
  })

  it('keeps the revision of the first send with no answer, not of a refused one', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    await putRegistration({ ...entry('a', 1, 1), revision: 2 })
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: 'Bad' }))
    await store.dispatch(sendQueue('a'))
    expect((await getRegistration(1, 'a'))?.unanswered).toBeUndefined()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await store.dispatch(sendQueue('a'))
    await putRegistration({ ...(await getRegistration(1, 'a'))!, revision: 3 })
    fetchMock.mockResolvedValueOnce(json(503, { success: false, message: 'busy' }))
    await store.dispatch(sendQueue('a'))
    expect(await getRegistration(1, 'a')).toMatchObject({ unanswered: 2, revision: 3 })
  })

  it('sends the photo only when an edit after that send changed it', async () => {
    // The photo part is made with the global File; Node's FormData takes only Node's.
    const nodeFiles = jest
      .spyOn(globalThis, 'File')
      .mockImplementation(
        (bits, name, options) => new NodeFile(bits as never, name, options) as File,
      )
    const { store } = setupStore({ signedInAs: ALICE })
    const photo = (bytes: number[]) =>
      new NodeFile([new Uint8Array(bytes)], 'me.jpg', { type: 'image/jpeg' }) as File
    await putRegistration({ ...entry('a', 1, 1), photo: photo([1, 2]), unanswered: 0 })
    // The editor gives the kept photo back as a new file of the same bytes: not a change.
    const values = { first_name: 'Namea', last_name: 'Test' }
    await store.dispatch(updateQueued({ id: 'a', values, photo: photo([1, 2]) }))
    expect((await getRegistration(1, 'a'))?.photoRevision).toBeUndefined()
    fetchMock.mockResolvedValueOnce(json(200, { id: 10 })).mockResolvedValueOnce(json(200, {}))
    await store.dispatch(sendQueue())
    expect((await partsOf(1)).get('photo')).toBeNull()

    await putRegistration({ ...entry('b', 1, 2), photo: photo([1, 2]), unanswered: 0 })
    await store.dispatch(updateQueued({ id: 'b', values, photo: photo([3, 4, 5]) }))
    expect((await getRegistration(1, 'b'))?.photoRevision).toBe(1)
    fetchMock.mockResolvedValueOnce(json(200, { id: 11 })).mockResolvedValueOnce(json(200, {}))
    await store.dispatch(sendQueue())
    expect(((await partsOf(3)).get('photo') as File | null)?.size).toBe(3)
    nodeFiles.mockRestore()
  })

  it('is marked on a registration the wizard saved after its own send got no answer', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    const api = { dispatch: store.dispatch, getState: store.getState } as unknown as BaseQueryApi
    const baseQuery = async () => ({ error: { status: 'TIMEOUT_ERROR' as const, error: 'x' } })
    await sendOrQueue({ values: { first_name: 'Selam' } }, api, baseQuery)
    expect((await listRegistrations(1))[0]).toMatchObject({ unanswered: 0, attempts: 0 })
  })
})

describe('the device’s storage', () => {
  const persist = jest.fn(async () => true)
  /** A browser whose storage holds `usage` of a 100 MB quota. */
  function storageAt(usage: number) {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage, quota: 100_000_000 }), persist },
    })
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'storage')
    persist.mockClear()
  })
  const save = (store: ReturnType<typeof setupStore>['store']) =>
    store.dispatch(saveToQueue({ id: 'k1', values: { first_name: 'Hanna' }, photo: null }))

  it('saves with room to spare, asks the browser to keep it, and warns of nothing', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    storageAt(10_000_000)
    await expect(save(store)).resolves.toBe('k1')
    expect(persist).toHaveBeenCalled()
    expect(selectQueue(store.getState())).toMatchObject({ status: 'queued', storageLow: false })
  })

  it('nearly full: still saves, and the user is told before a save fails', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    storageAt(85_000_000)
    await expect(save(store)).resolves.toBe('k1')
    expect(await listRegistrations(1)).toHaveLength(1)
    expect(selectQueue(store.getState())).toMatchObject({ status: 'queued', storageLow: true })
    // Sent, the queue is empty again and the warning goes.
    fetchMock.mockImplementation(async () => json(201, { id: 1 }))
    await store.dispatch(sendQueue())
    expect(selectQueue(store.getState()).storageLow).toBe(false)
  })

  it('too full: refuses the save with the reason, and keeps nothing half-written', async () => {
    const { store } = setupStore({ signedInAs: ALICE })
    storageAt(96_000_000)
    await expect(save(store)).resolves.toBeNull()
    expect(await listRegistrations(1)).toEqual([])
    expect(selectQueue(store.getState())).toMatchObject({
      status: 'failed',
      problem: 'storageFull',
    })
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
