import 'fake-indexeddb/auto'
import {
  countAllRegistrations,
  deleteRegistration,
  deleteUnplaced,
  getRegistration,
  listRegistrations,
  listUnplaced,
  putRegistration,
  putUnplaced,
  type QueuedRegistration,
} from './queueStore'
import { emptyDevice } from '../../testing/device'

function entry(id: string, owner: number, savedAt: string, photo: Blob | null = null) {
  return {
    id,
    owner,
    savedAt,
    values: { first_name: id },
    photo,
    lastError: null,
    attempts: 0,
  } satisfies QueuedRegistration
}

beforeEach(async () => {
  await emptyDevice()
})

describe('the offline queue store', () => {
  it('keeps an account’s registrations oldest first, with the photo as a Blob', async () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' })
    await putRegistration(entry('b', 1, '2026-11-26T10:00:02.000Z'))
    await putRegistration(entry('a', 1, '2026-11-26T10:00:01.000Z', photo))
    await putRegistration(entry('c', 2, '2026-11-26T09:00:00.000Z'))
    const mine = await listRegistrations(1)
    expect(mine.map((e) => e.id)).toEqual(['a', 'b'])
    expect(mine[0].photo).toBeInstanceOf(Blob)
    expect(mine[0].photo?.type).toBe('image/jpeg')
    expect(new Uint8Array(await mine[0].photo!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    expect(await countAllRegistrations()).toBe(3)
  })

  it('never gives one account another account’s registration, to read or to delete', async () => {
    await putRegistration(entry('x', 2, '2026-11-26T09:00:00.000Z'))
    expect(await listRegistrations(1)).toEqual([])
    expect(await getRegistration(1, 'x')).toBeUndefined()
    expect(await deleteRegistration(1, 'x')).toBe(false)
    expect((await getRegistration(2, 'x'))?.id).toBe('x')
    expect(await deleteRegistration(2, 'x')).toBe(true)
    expect(await countAllRegistrations()).toBe(0)
  })

  it('replaces an entry saved again under its id (an edit, a refusal noted)', async () => {
    await putRegistration(entry('a', 1, '2026-11-26T10:00:00.000Z'))
    await putRegistration({ ...entry('a', 1, '2026-11-26T10:00:00.000Z'), lastError: 'Bad phone' })
    const [only, ...rest] = await listRegistrations(1)
    expect(rest).toEqual([])
    expect(only.lastError).toBe('Bad phone')
  })

  it('keeps an account’s not-added members apart, and only that account forgets them', async () => {
    const selam = { memberId: 9, name: 'Selam', householdId: 5, household: 'Abebe family' }
    const abebe = { ...selam, memberId: 4, name: 'Abebe' }
    await putUnplaced(1, selam)
    await putUnplaced(1, abebe)
    await putUnplaced(2, { ...selam, memberId: 12 })
    expect(await listUnplaced(1)).toEqual([abebe, selam])
    await deleteUnplaced(2, 9)
    expect(await listUnplaced(1)).toEqual([abebe, selam])
    await deleteUnplaced(1, 9)
    expect(await listUnplaced(1)).toEqual([abebe])
    expect(await listUnplaced(2)).toHaveLength(1)
    // The queue's own count (the login screen's) is of registrations only.
    expect(await countAllRegistrations()).toBe(0)
  })
})
