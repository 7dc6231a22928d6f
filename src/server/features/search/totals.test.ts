// The totals of text searches through every kind of write, and on PostgreSQL the member_search
// copy they are counted from (migration 2026_11_25_0005), checked against members itself.
import { foldForSearch, searchKeys } from '../../../domain'
import type { DatabaseHandle } from '../../db/database'
import { seedOwner } from '../../testing/seedOwner'
import type { Db } from '../../db/tables'
import { memberCalls } from '../../testing/memberCalls'
import {
  createTestApp,
  createUserAndSignIn,
  testDatabasePerTest,
  type TestContext,
} from '../../testing/testApp'
import { searchMembers } from './repository'

type Auth = { authorization: string }

/** PostgreSQL: member_search must hold exactly each member's owner, status and search text. */
async function expectCopyExact(database: DatabaseHandle) {
  if (database.dialect !== 'postgres') return
  const { db } = database
  const copy = await db
    .selectFrom('member_search')
    .select(['member_id as id', 'owner_user_id', 'membership_status', 'search_text'])
    .orderBy('member_id')
    .execute()
  const members = await db
    .selectFrom('members')
    .select(['id', 'owner_user_id', 'membership_status', 'search_text'])
    .orderBy('id')
    .execute()
  expect(copy).toEqual(members)
}

/** A search's total next to the same count made in JavaScript over members' own rows. */
async function expectTotal(db: Db, ownerId: number, query: string, status?: string) {
  const rows = await db
    .selectFrom('members')
    .select(['search_text', 'membership_status'])
    .where('owner_user_id', '=', ownerId)
    .execute()
  const keys = searchKeys(query, foldForSearch)
  const expected = rows.filter(
    (row) =>
      keys.some((key) => row.search_text.includes(key)) &&
      (!status || row.membership_status === status),
  ).length
  const page = await searchMembers(db, { ownerId, query, status })
  expect(page.total).toBe(expected)
  return expected
}

describe('text search totals through writes', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  const { post, create, update, transfer, remove, search } = memberCalls(() => ctx.app)
  const total = async (auth: Auth, query: Record<string, string>) =>
    (await search(auth, query)).total

  it('follow status edits, text edits, other edits, transfers and deletes', async () => {
    const ann = await createUserAndSignIn(ctx, 'totals-ann')
    const ben = await createUserAndSignIn(ctx, 'totals-ben')
    const first = await create(ann.auth, { first_name: 'Zerihun', membership_status: 'visitor' })
    await create(ann.auth, { first_name: 'Zerihunit', membership_status: 'member' })
    expect(await total(ann.auth, { q: 'zerihun' })).toBe(2)
    expect(await total(ann.auth, { q: 'zerihun', status: 'visitor' })).toBe(1)
    await expectCopyExact(ctx.database)

    expect((await update(ann.auth, first.id, { membership_status: 'member' })).statusCode).toBe(200)
    expect(await total(ann.auth, { q: 'zerihun', status: 'visitor' })).toBe(0)
    expect(await total(ann.auth, { q: 'zerihun', status: 'member' })).toBe(2)
    // A field outside the search text, then one in it.
    expect((await update(ann.auth, first.id, { date_of_birth: '1990-02-03' })).statusCode).toBe(200)
    expect((await update(ann.auth, first.id, { city: 'Dessie' })).statusCode).toBe(200)
    expect(await total(ann.auth, { q: 'dessie' })).toBe(1)
    await expectCopyExact(ctx.database)

    expect((await transfer(ann.auth, first.id, ben.id)).statusCode).toBe(200)
    expect(await total(ann.auth, { q: 'zerihun' })).toBe(1)
    expect(await total(ann.auth, { q: 'dessie' })).toBe(0)
    expect(await total(ben.auth, { q: 'dessie', status: 'member' })).toBe(1)
    await expectCopyExact(ctx.database)

    expect((await remove(ben.auth, first.id)).statusCode).toBe(204)
    expect(await total(ben.auth, { q: 'zerihun' })).toBe(0)
    await expectCopyExact(ctx.database)
  })

  it('stay exact across concurrent transfers both ways with creates in between', async () => {
    const cat = await createUserAndSignIn(ctx, 'totals-cat')
    const dan = await createUserAndSignIn(ctx, 'totals-dan')
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        create(i % 2 ? dan.auth : cat.auth, { first_name: `Concurrent${i}` }),
      ),
    )
    const results = await Promise.all([
      ...created.map((member, i) =>
        i % 2 ? transfer(dan.auth, member.id, cat.id) : transfer(cat.auth, member.id, dan.id),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? dan.auth : cat.auth, {
          first_name: `Concurrent1${i}`,
          membership_status: 'pending',
        }),
      ),
    ])
    expect(results.map((res) => res.statusCode).sort()).toEqual([
      ...Array<number>(30).fill(200),
      ...Array<number>(10).fill(201),
    ])
    await expectCopyExact(ctx.database)
    const { db } = ctx.database
    expect(await expectTotal(db, cat.id, 'concurrent')).toBe(20)
    expect(await expectTotal(db, dan.id, 'concurrent1', 'pending')).toBe(5)
  })

  it('stay exact over seeded batches, in Latin and Ge\u2019ez, with and without a status', async () => {
    const { db } = ctx.database
    const owner = await seedOwner(db, 'totals-seeded', 600, 11)
    await expectCopyExact(ctx.database)
    let matched = 0
    for (const query of ['abeb', 'ሰላም', 'gondar', 'choir', 'zzzz'])
      for (const status of [undefined, 'visitor'])
        matched += await expectTotal(db, owner.id, query, status)
    expect(matched).toBeGreaterThan(100)
  })
})

describe('the member_search migration', () => {
  const databases = testDatabasePerTest()

  it('copies the members stored before it', async () => {
    const {
      database,
      db,
      stored: owner,
    } = await databases.storedBefore('2026_11_22_0004_member_counts', (db) =>
      seedOwner(db, 'before-copy', 300, 12),
    )
    await expectCopyExact(database)
    expect(await expectTotal(db, owner.id, 'abeb')).toBeGreaterThan(0)
    expect(await expectTotal(db, owner.id, 'choir', 'member')).toBeGreaterThan(0)
  })
})
