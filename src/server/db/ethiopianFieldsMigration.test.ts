// Migration 2026_11_26_0501 on the engine the suite runs on (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): rows stored before it keep every value, and the new fields arrive empty.
import { sql } from 'kysely'
import { buildSearchText, emptyMemberInput, type MemberInput } from '../../domain'
import type { DatabaseHandle } from './database'
import { insertUser } from '../features/accounts/repository'
import { inputToColumns } from '../features/members/repository/rows'
import { findMember } from '../features/members/repository/members'
import { searchMembers } from '../features/search/repository'
import { rebuildStaleSearchText } from '../features/search/textBackfill'
import {
  createTestDatabase,
  holdingSchemaLockAlone,
  migrateTestDatabaseToLatest,
} from '../testing/testApp'
import { NEW_COLUMNS } from './migrations/2026_11_26_0501_ethiopian_member_fields'

let database: DatabaseHandle
afterEach(() => database.destroy())

const OLD_COLUMNS_ONLY = (input: MemberInput) => {
  const columns: Record<string, unknown> = inputToColumns(input)
  for (const column of NEW_COLUMNS) delete columns[column]
  // Added by a later migration (2026_11_29_0601) than the one this test stops at.
  delete columns.external_id
  return columns
}

async function insertOld(db: DatabaseHandle['db'], ownerId: number, input: Partial<MemberInput>) {
  const member = { ...emptyMemberInput(), ...input }
  const now = new Date().toISOString()
  const { id } = await db
    .insertInto('members')
    .values({
      ...(OLD_COLUMNS_ONLY(member) as ReturnType<typeof inputToColumns>),
      owner_user_id: ownerId,
      registerd_by: 'before',
      search_text: buildSearchText(member),
      search_text_version: 2,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

describe('migration 2026_11_26_0501_ethiopian_member_fields', () => {
  it('keeps every stored value, reads two-part names as given + father’s name, adds empty fields', async () => {
    database = await createTestDatabase({ upTo: '2026_11_25_0501_search_text_version' })
    const { db } = database
    const owner = await insertUser(db, 'before', 'x')
    const three = await insertOld(db, owner.id, {
      first_name: 'አበበ',
      middle_name: 'ከበደ',
      last_name: 'ተስፋዬ',
      city: 'Adama',
      state: 'Oromia',
      zip_code: '1000',
      notes: 'kept',
    })
    const two = await insertOld(db, owner.id, { first_name: 'Hana', last_name: 'Girma' })
    const blankMiddle = await insertOld(db, owner.id, {
      first_name: 'Dawit',
      middle_name: '  ',
      last_name: 'Bekele',
    })
    const before = await sql<Record<string, unknown>>`select * from members order by id`.execute(db)

    await migrateTestDatabaseToLatest(database)

    const after = await sql<Record<string, unknown>>`select * from members order by id`.execute(db)
    // Every column other than the moved names is exactly as it was.
    for (const [index, row] of before.rows.entries()) {
      const { middle_name: _m, last_name: _l, ...rest } = row
      expect(after.rows[index]).toMatchObject(rest)
      for (const column of NEW_COLUMNS) expect(after.rows[index][column]).toBeNull()
    }
    const read = async (id: number) => (await findMember(db, owner.id, id))!
    expect(await read(three)).toMatchObject({
      first_name: 'አበበ',
      middle_name: 'ከበደ',
      last_name: 'ተስፋዬ',
      zip_code: '1000',
      latin_name: null,
      parish: null,
    })
    expect(await read(two)).toMatchObject({
      first_name: 'Hana',
      middle_name: 'Girma',
      last_name: '',
    })
    expect(await read(blankMiddle)).toMatchObject({ middle_name: 'Bekele', last_name: '' })

    // The start-up backfill rebuilds the search text; names are found as before.
    expect(await rebuildStaleSearchText(db)).toBe(3)
    const page = await searchMembers(db, { ownerId: owner.id, query: 'hana girma' })
    expect(page.items.map((item) => item.id)).toEqual([two])
    const latin = await searchMembers(db, { ownerId: owner.id, query: 'abebe kebede' })
    expect(latin.items.map((item) => item.id)).toEqual([three])
  })

  it('goes down and up again without losing a stored name', async () => {
    database = await createTestDatabase()
    const { db } = database
    const owner = await insertUser(db, 'owner', 'x')
    const id = await insertOld(db, owner.id, { first_name: 'Hana', middle_name: 'Girma' })
    await db.updateTable('members').set({ kebele: '12' }).where('id', '=', id).execute()
    const { migrations } = await import('./migrations')
    await holdingSchemaLockAlone(db, () =>
      migrations['2026_11_26_0501_ethiopian_member_fields'].down!(db),
    )
    const row = await sql<Record<string, unknown>>`select * from members`.execute(db)
    expect(row.rows[0]).toMatchObject({ first_name: 'Hana', middle_name: 'Girma' })
    expect(row.rows[0]).not.toHaveProperty('kebele')
    await migrations['2026_11_26_0501_ethiopian_member_fields'].up(db)
    expect(await findMember(db, owner.id, id)).toMatchObject({ middle_name: 'Girma', kebele: null })
  })
})
