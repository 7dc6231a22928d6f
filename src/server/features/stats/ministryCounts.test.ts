import { seedMembers } from '../../cli/seedMembers'
import { seedOwner } from '../../testing/seedOwner'
import { testDatabasePerTest } from '../../testing/testApp'
import { countByMinistry } from './repository'
import { insertUser } from '../accounts/repository'
import type { Db } from '../../db/tables'

/** member_ministry_counts as "owner:ministry" → n, zero rows left out. */
async function keptCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('member_ministry_counts')
    .selectAll()
    .where('n', '!=', 0)
    .execute()
  return Object.fromEntries(rows.map((r) => [`${r.owner_user_id}:${r.ministry}`, Number(r.n)]))
}

/** The same figures counted here from every member's JSON: distinct non-blank text items. */
async function countedCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('members')
    .select(['owner_user_id', 'current_ministries'])
    .execute()
  const counts: Record<string, number> = {}
  for (const row of rows) {
    let list: unknown
    try {
      list = JSON.parse(row.current_ministries)
    } catch {
      continue
    }
    if (!Array.isArray(list)) continue
    for (const item of new Set(list)) {
      if (typeof item !== 'string' || item.trim() === '') continue
      const key = `${row.owner_user_id}:${item}`
      counts[key] = (counts[key] ?? 0) + 1
    }
  }
  return counts
}

async function expectExact(db: Db) {
  const counted = await countedCounts(db)
  expect(await keptCounts(db)).toEqual(counted)
  const negative = await db
    .selectFrom('member_ministry_counts')
    .selectAll()
    .where('n', '<', 0)
    .execute()
  expect(negative).toEqual([])
  return counted
}

/** Lists the triggers must read as the old grouped query did, odd ones included. */
const ODD_LISTS = [
  '["choir","choir"," ","Tea team"]',
  'not json',
  '{"choir":1}',
  '[1,null,"media",["x"]]',
  '[]',
]

async function setLists(db: Db, ids: readonly number[]) {
  for (const [i, id] of ids.entries()) {
    await db
      .updateTable('members')
      .set({ current_ministries: ODD_LISTS[i % ODD_LISTS.length] })
      .where('id', '=', id)
      .execute()
  }
}

describe('member_ministry_counts', () => {
  const databases = testDatabasePerTest()

  it('counts the members stored before the migration', async () => {
    const { db, stored } = await databases.storedBefore(
      '2026_11_26_0501_ethiopian_member_fields',
      async (db) => {
        const a = await seedOwner(db, 'ministry-a', 300, 11)
        const b = await seedOwner(db, 'ministry-b', 40, 12)
        const ids = await db.selectFrom('members').select('id').orderBy('id').limit(10).execute()
        await setLists(
          db,
          ids.map((row) => row.id),
        )
        return { a, b }
      },
    )
    const { a, b } = stored

    const counted = await expectExact(db)
    expect(counted[`${a.id}:Tea team`]).toBeGreaterThan(0)
    expect(Object.keys(counted).some((key) => key.startsWith(`${b.id}:`))).toBe(true)
  })

  it('follows every insert, edit, transfer and delete in the same statement', async () => {
    const { db } = await databases.open()
    const a = await insertUser(db, 'ministry-a', 'x')
    const b = await insertUser(db, 'ministry-b', 'x')
    await seedMembers(db, { ownerId: a.id, ownerName: 'ministry-a', count: 120, seed: 21 })
    await expectExact(db)

    const ids = (await db.selectFrom('members').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    )
    // Odd lists written one by one: no write fails, the counts stay exact.
    await setLists(db, ids.slice(0, 10))
    await expectExact(db)

    // One statement over many rows (PostgreSQL: one statement trigger).
    await db
      .updateTable('members')
      .set({ current_ministries: '["choir","media"]' })
      .where('id', 'in', ids.slice(10, 40))
      .execute()
    await expectExact(db)

    // A transfer moves the member's ministries to the other account.
    await db
      .updateTable('members')
      .set({ owner_user_id: b.id })
      .where('id', 'in', ids.slice(30, 50))
      .execute()
    const moved = await expectExact(db)
    expect(moved[`${b.id}:choir`]).toBeGreaterThanOrEqual(10)

    // An edit of another field changes nothing; a delete takes the member out.
    await db.updateTable('members').set({ first_name: 'Almaz' }).where('id', '=', ids[12]).execute()
    await db.deleteFrom('members').where('id', 'in', ids.slice(0, 60)).execute()
    await expectExact(db)
    await db.deleteFrom('members').execute()
    expect(await keptCounts(db)).toEqual({})
  })

  it('answers the dashboard most first, ties by name, zero counts left out', async () => {
    const { db } = await databases.open()
    const a = await seedOwner(db, 'ministry-a', 6, 31)
    const b = await seedOwner(db, 'ministry-b', 2, 32)
    const lists = ['["media","choir"]', '["choir"]', '["media"]', '["ushers"]', '[]', '[]']
    const mine = await db
      .selectFrom('members')
      .select('id')
      .where('owner_user_id', '=', a.id)
      .orderBy('id')
      .execute()
    for (const [i, { id }] of mine.entries())
      await db
        .updateTable('members')
        .set({ current_ministries: lists[i] })
        .where('id', '=', id)
        .execute()
    await db
      .updateTable('members')
      .set({ current_ministries: '["ushers"]' })
      .where('owner_user_id', '=', b.id)
      .execute()
    // ushers drops to zero for a: its row stays but is not shown.
    await db
      .updateTable('members')
      .set({ current_ministries: '[]' })
      .where('id', '=', mine[3].id)
      .execute()

    expect(await countByMinistry(db, a.id, 20)).toEqual([
      { ministry: 'choir', n: 2 },
      { ministry: 'media', n: 2 },
    ])
    expect(await countByMinistry(db, null, 20)).toEqual([
      { ministry: 'choir', n: 2 },
      { ministry: 'media', n: 2 },
      { ministry: 'ushers', n: 2 },
    ])
    expect(await countByMinistry(db, a.id, 1)).toEqual([{ ministry: 'choir', n: 2 }])
  })
})
