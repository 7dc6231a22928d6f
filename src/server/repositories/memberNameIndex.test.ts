// The narrow name index of migration 2026_11_26_1401 (SQLite FTS5, PostgreSQL pg_trgm) stays in
// step with every write, and a bulk seed (indexes built once at the end) answers searches
// exactly as a seed written through the triggers does.
import { sql } from 'kysely'
import { buildSearchText } from '../../domain'
import { seedMembers } from '../cli/seedMembers'
import { isPostgres } from '../db/portable'
import { createTestDatabase } from '../testing/testApp'
import type { DatabaseHandle } from '../db/database'
import { inputToColumns, MEMBER_COLUMNS, rowToInput } from './memberRows'
import { searchMembers } from './memberSearch'
import { insertUser, type Db } from './users'

let database: DatabaseHandle
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.destroy())

const ids = async (ownerId: number, query: string) =>
  (await searchMembers(db, { ownerId, query, limit: 200 })).items.map((item) => item.id)

async function rename(id: number, firstName: string, notes?: string) {
  const row = await db
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const input = { ...rowToInput(row), first_name: firstName, notes: notes ?? row.notes }
  await db
    .updateTable('members')
    .set({ ...inputToColumns(input), search_text: buildSearchText(input) })
    .where('id', '=', id)
    .execute()
}

test('a name search follows a member through rename and delete; other fields still match', async () => {
  const owner = await insertUser(db, 'name-index', 'x')
  await seedMembers(db, { ownerId: owner.id, ownerName: owner.username, count: 40, seed: 7 })
  const [first, second] = await db
    .selectFrom('members')
    .select('id')
    .where('owner_user_id', '=', owner.id)
    .orderBy('id')
    .limit(2)
    .execute()

  await rename(first.id, 'Qorqoro')
  expect(await ids(owner.id, 'qorqor')).toEqual([first.id])
  await rename(first.id, 'Zerihunxyz')
  expect(await ids(owner.id, 'qorqor')).toEqual([])
  expect(await ids(owner.id, 'zerihunxy')).toEqual([first.id])

  // Found by its notes, after the name match: the name index is not the only way in.
  await rename(second.id, 'Abel', 'Brother of Zerihunxyz')
  expect(await ids(owner.id, 'zerihunxy')).toEqual([first.id, second.id])

  await db.deleteFrom('members').where('id', '=', first.id).execute()
  expect(await ids(owner.id, 'zerihunxy')).toEqual([second.id])
})

test('a bulk seed answers every search as a seed through the triggers does', async () => {
  const bulk = await insertUser(db, 'bulk-seed', 'x')
  const plain = await insertUser(db, 'plain-seed', 'x')
  await seedMembers(db, { ownerId: plain.id, ownerName: 'x', count: 300, seed: 11 })
  await seedMembers(db, { ownerId: bulk.id, ownerName: 'x', count: 300, seed: 11, bulk: true })
  const texts = async (ownerId: number, query: string) => {
    const found = await ids(ownerId, query)
    const rows = await db
      .selectFrom('members')
      .select(['id', 'search_text'])
      .where('owner_user_id', '=', ownerId)
      .execute()
    const byId = new Map(rows.map((row) => [row.id, row.search_text]))
    return found.map((id) => byId.get(id))
  }
  for (const query of ['abeb', 'meron girma', 'ሰላም', 'choir', 'gondar', 'kebede', 'ab', '+2519']) {
    const expected = await texts(plain.id, query)
    expect(expected.length).toBeGreaterThan(0)
    expect(await texts(bulk.id, query)).toEqual(expected)
  }
  if (!isPostgres(db)) {
    // The triggers are back: a member renamed after the bulk seed is found by its new name.
    const triggers = await sql<{ n: number }>`select count(*) as n from sqlite_master
      where type = 'trigger' and name like 'members%fts%'`.execute(db)
    expect(Number(triggers.rows[0].n)).toBe(6)
  }
  const last = await db
    .selectFrom('members')
    .select('id')
    .where('owner_user_id', '=', bulk.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  await rename(last.id, 'Yaregalxyz')
  expect(await ids(bulk.id, 'yaregalx')).toEqual([last.id])
})
