import { sql } from 'kysely'
import { seedOwner } from '../../../testing/seedOwner'
import { memberCalls } from '../../../testing/memberCalls'
import {
  createTestApp,
  createUserAndSignIn,
  testDatabasePerTest,
  type TestContext,
} from '../../../testing/testApp'
import { countOwnedMembers } from './counts'
import { deleteUser } from '../../accounts/repository'
import type { Db } from '../../../db/tables'

type User = Awaited<ReturnType<typeof createUserAndSignIn>>

/** member_counts as "owner:status" → n, zero rows left out. */
async function keptCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('member_counts').selectAll().where('n', '!=', 0).execute()
  return Object.fromEntries(rows.map((r) => [`${r.owner_user_id}:${r.membership_status}`, r.n]))
}

/** The same figures counted from members themselves. */
async function countedCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ owner_user_id: number; status: string; n: number }>`
    select owner_user_id, coalesce(membership_status, '') as status, count(*) as n
    from members group by owner_user_id, coalesce(membership_status, '')`.execute(db)
  return Object.fromEntries(rows.map((r) => [`${r.owner_user_id}:${r.status}`, Number(r.n)]))
}

async function expectCountsExact(db: Db) {
  const counted = await countedCounts(db)
  expect(await keptCounts(db)).toEqual(counted)
  const negative = await db.selectFrom('member_counts').selectAll().where('n', '<', 0).execute()
  expect(negative).toEqual([])
  return counted
}

describe('the migration', () => {
  const databases = testDatabasePerTest()

  it('counts the members stored before it', async () => {
    const { db, stored } = await databases.storedBefore(
      '2026_11_22_0003_member_search_cover',
      async (db) => {
        const big = await seedOwner(db, 'before-big', 700, 7)
        const small = await seedOwner(db, 'before-small', 30, 8)
        await db
          .updateTable('members')
          .set({ membership_status: null })
          .where('owner_user_id', '=', small.id)
          .where('membership_status', '=', 'visitor')
          .execute()
        return { big, small }
      },
    )
    const { big, small } = stored

    const counted = await expectCountsExact(db)
    expect(counted[`${small.id}:`]).toBeGreaterThan(0)
    expect(await countOwnedMembers(db, big.id)).toBe(700)
    expect(await countOwnedMembers(db, small.id)).toBe(30)
  })
})

describe('member_counts through the API', () => {
  let ctx: TestContext
  let alice: User
  let bob: User
  const db = () => ctx.database.db

  beforeAll(async () => {
    ctx = await createTestApp()
    alice = await createUserAndSignIn(ctx, 'count-alice')
    bob = await createUserAndSignIn(ctx, 'count-bob')
  })
  afterAll(() => ctx.close())

  const { post, create, update, transfer, remove, search } = memberCalls(() => ctx.app)

  it('follow creates, status edits, transfers and deletes, and ignore refused writes', async () => {
    const carol = await createUserAndSignIn(ctx, 'count-carol')
    const dave = await createUserAndSignIn(ctx, 'count-dave')
    const kept = (user: User, status?: string) => countOwnedMembers(db(), user.id, status)

    const first = await create(carol.auth, { membership_status: 'member' })
    const second = await create(carol.auth, { membership_status: 'visitor' })
    const third = await create(carol.auth, { membership_status: 'visitor' })
    expect([await kept(carol), await kept(carol, 'visitor'), await kept(carol, 'member')]).toEqual([
      3, 2, 1,
    ])
    await expectCountsExact(db())

    expect(
      (await update(carol.auth, second.id, { membership_status: 'inactive' })).statusCode,
    ).toBe(200)
    expect([await kept(carol, 'visitor'), await kept(carol, 'inactive')]).toEqual([1, 1])
    // Another field: the counts stay as they are.
    expect((await update(carol.auth, second.id, { city: 'Adama' })).statusCode).toBe(200)
    // A cleared status counts under no status; the total is unchanged.
    expect((await update(carol.auth, third.id, { membership_status: '' })).statusCode).toBe(200)
    expect([await kept(carol), await kept(carol, 'visitor'), await kept(carol, '')]).toEqual([
      3, 0, 1,
    ])
    await expectCountsExact(db())

    expect((await transfer(carol.auth, first.id, dave.id)).statusCode).toBe(200)
    expect([await kept(carol), await kept(carol, 'member')]).toEqual([2, 0])
    expect([await kept(dave), await kept(dave, 'member')]).toEqual([1, 1])
    await expectCountsExact(db())

    const before = await keptCounts(db())
    // Refused: a bad email, a transfer to oneself, someone else's member, an unknown target.
    expect(
      (await update(carol.auth, second.id, { membership_status: 'member', email: 'nope' }))
        .statusCode,
    ).toBe(400)
    expect((await transfer(carol.auth, second.id, carol.id)).statusCode).toBe(400)
    expect((await transfer(carol.auth, second.id, 999_999)).statusCode).toBe(400)
    expect((await transfer(carol.auth, first.id, carol.id)).statusCode).toBe(404)
    expect((await remove(carol.auth, first.id)).statusCode).toBe(404)
    expect(await keptCounts(db())).toEqual(before)

    for (const member of [second, third]) {
      expect((await remove(carol.auth, member.id)).statusCode).toBe(204)
    }
    expect(await kept(carol)).toBe(0)
    expect(await kept(dave)).toBe(1)
    await expectCountsExact(db())

    // An account that owns no members any more can still be removed; its zero rows go with it.
    await deleteUser(db(), carol.id)
    const left = await db()
      .selectFrom('member_counts')
      .selectAll()
      .where('owner_user_id', '=', carol.id)
      .execute()
    expect(left).toEqual([])
    // One that owns members cannot, and its counts stay.
    // Matched by message, not toThrow(): better-sqlite3 makes its errors with the error class of
    // the first test file a jest worker ran, which is not an Error of this file's realm.
    await expect(deleteUser(db(), dave.id)).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/foreign key/i),
    )
    expect(await kept(dave)).toBe(1)
  })

  it('stay exact across 50 concurrent creates and 50 concurrent transfers both ways', async () => {
    const statuses = ['member', 'visitor', 'regularAttendee', 'pending', 'inactive']
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        create(i % 2 ? bob.auth : alice.auth, { membership_status: statuses[i % statuses.length] }),
      ),
    )
    await expectCountsExact(db())
    const aliceBefore = await countOwnedMembers(db(), alice.id)
    const bobBefore = await countOwnedMembers(db(), bob.id)
    expect(aliceBefore).toBe(25)
    expect(bobBefore).toBe(25)

    // alice's 25 go to bob while bob's 25 go to alice, with 20 more creates in between.
    const results = await Promise.all([
      ...created.map((member, i) =>
        i % 2 ? transfer(bob.auth, member.id, alice.id) : transfer(alice.auth, member.id, bob.id),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? bob.auth : alice.auth, { membership_status: 'transferred' }),
      ),
    ])
    expect(results.map((res) => res.statusCode).sort()).toEqual([
      ...Array<number>(50).fill(200),
      ...Array<number>(20).fill(201),
    ])
    await expectCountsExact(db())
    expect(await countOwnedMembers(db(), alice.id)).toBe(35)
    expect(await countOwnedMembers(db(), bob.id)).toBe(35)
    expect(await countOwnedMembers(db(), alice.id, 'transferred')).toBe(10)
  })

  it('count what `npm run seed` inserts in batches', async () => {
    const erin = await seedOwner(db(), 'count-erin', 1234, 3)
    const counted = await expectCountsExact(db())
    expect(await countOwnedMembers(db(), erin.id)).toBe(1234)
    expect(await countOwnedMembers(db(), erin.id, 'member')).toBe(counted[`${erin.id}:member`])
  })

  it('give search totals equal to count(*), with and without a status and a text query', async () => {
    const frank = await createUserAndSignIn(ctx, 'count-frank')
    const names = ['Qorxoo', 'Qorxoo', 'Qorxoo', 'Lensa']
    const statuses = ['member', 'member', 'visitor', 'pending']
    for (const [i, name] of names.entries()) {
      await create(frank.auth, { first_name: name, membership_status: statuses[i] })
    }
    const expected = async (status?: string, text?: string) => {
      let query = db()
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_user_id', '=', frank.id)
      if (status) query = query.where('membership_status', '=', status)
      if (text) query = query.where('first_name', '=', text)
      return Number((await query.executeTakeFirstOrThrow()).n)
    }

    const all = await search(frank.auth)
    expect(all.total).toBe(4)
    expect(all.total).toBe(await expected())
    expect(all.items).toHaveLength(4)
    expect((await search(frank.auth, { status: 'all' })).total).toBe(4)
    expect((await search(frank.auth, { q: '  ' })).total).toBe(4)
    expect((await search(frank.auth, { status: 'member' })).total).toBe(await expected('member'))
    expect((await search(frank.auth, { status: 'Visitor' })).total).toBe(1)
    const none = await search(frank.auth, { status: 'inactive' })
    expect(none).toEqual({ items: [], total: 0, total_capped: false, next_cursor: null })
    expect((await search(frank.auth, { q: 'qorxoo' })).total).toBe(await expected('', 'Qorxoo'))
    expect((await search(frank.auth, { q: 'qorxoo', status: 'member' })).total).toBe(2)

    // The total is the number of items the cursor walks through.
    let page = await search(frank.auth, { status: 'member', limit: '1' })
    const walked = [...page.items]
    while (page.next_cursor) {
      page = await search(frank.auth, { status: 'member', limit: '1', cursor: page.next_cursor })
      walked.push(...page.items)
      expect(page.total).toBe(2)
    }
    expect(walked).toHaveLength(2)

    // A transfer moves the totals of both accounts at once.
    const moved = all.items.find((item) => item.membership_status === 'visitor')!
    expect((await transfer(frank.auth, moved.id, alice.id)).statusCode).toBe(200)
    expect((await search(frank.auth)).total).toBe(3)
    expect((await search(frank.auth, { status: 'visitor' })).total).toBe(0)
    expect((await search(alice.auth, { status: 'visitor' })).total).toBe(
      await countOwnedMembers(db(), alice.id, 'visitor'),
    )
    const aliceAll = await search(alice.auth)
    const aliceCounted = await db()
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_user_id', '=', alice.id)
      .executeTakeFirstOrThrow()
    expect(aliceAll.total).toBe(Number(aliceCounted.n))
  })
})
