// The household search's text index (decision 0243): on SQLite an FTS5 trigram table built by
// migration 2026_11_29_1101 from the rows already there and kept by triggers; the list finds the
// same households through it as by reading every one. Runs on SQLite, and on PostgreSQL (which
// reads households_search_trgm) with TEST_DATABASE_URL.
import { sql } from 'kysely'
import { foldForSearch, type HouseholdInput } from '../../../domain'
import type { Db } from '../../db/tables'
import { insertUser } from '../accounts/repository'
import { testDatabasePerTest } from '../../testing/testApp'
import * as repo from './repository'

const databases = testDatabasePerTest()

const household = (name: string, number: string | null = null): HouseholdInput => ({
  name,
  number,
  state: null,
  city: null,
  sub_city: null,
  woreda: null,
  kebele: null,
  house_number: null,
  street_address: null,
  zip_code: null,
  home_phone: null,
  wedding_date: null,
  status: 'active',
  notes: null,
})

async function add(db: Db, ownerId: number, name: string, number: string | null = null) {
  const now = new Date().toISOString()
  return repo.insertHousehold(db, { ownerId, by: 'office', input: household(name, number), now })
}

/** The names of the owner's households a search finds, newest first. */
async function found(db: Db, ownerId: number, query: string) {
  const rows = await repo.listHouseholds(db, { ownerId, query, limit: 50 })
  return rows.map((row) => row.name)
}

async function sqliteTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master`.execute(db)
  return rows.map((row) => row.name)
}

describe('household search text index', () => {
  it('is built from the households stored before its migration', async () => {
    const { database, db, stored } = await databases.storedBefore(
      '2026_11_29_0601_member_external_id',
      async (before) => {
        const owner = await insertUser(before, 'office', 'x')
        await add(before, owner.id, 'የአቶ አበበ ከበደ ቤተሰብ', 'F-17')
        await add(before, owner.id, 'Girma family')
        return { owner: owner.id }
      },
    )
    // PostgreSQL's trigram index came with the households table; SQLite's comes now.
    if (database.dialect === 'sqlite') expect(await sqliteTables(db)).toContain('households_fts')
    expect(await found(db, stored.owner, 'አበበ ከበ')).toEqual(['የአቶ አበበ ከበደ ቤተሰብ'])
    expect(await found(db, stored.owner, 'f-17')).toEqual(['የአቶ አበበ ከበደ ቤተሰብ'])
    expect(await found(db, stored.owner, 'GIRM')).toEqual(['Girma family'])
    expect(await found(db, stored.owner, 'ቤተሰብ')).toEqual(['የአቶ አበበ ከበደ ቤተሰብ'])
  })

  it('follows every change of the text, and still serves one or two letters', async () => {
    const { db } = await databases.open()
    const owner = await insertUser(db, 'office', 'x')
    const other = await insertUser(db, 'clerk', 'x')
    const abebe = await add(db, owner.id, 'Abebe family', 'F-1')
    const hana = await add(db, owner.id, 'Hana family')
    await add(db, other.id, 'Abebech family')
    expect(await found(db, owner.id, 'abeb')).toEqual(['Abebe family'])

    // A rename rewrites the text (as the service does): the old name is no longer found.
    await repo.updateHousehold(db, abebe, { name: 'Kebede family' }, 'office', 'now')
    await repo.refreshHouseholdSearch(db, abebe)
    expect(await found(db, owner.id, 'abeb')).toEqual([])
    expect(await found(db, owner.id, 'kebede')).toEqual(['Kebede family'])

    // A member's name joins the household's text, and leaves it with the member.
    const now = new Date().toISOString()
    const { id: member } = await db
      .insertInto('members')
      .values({
        owner_user_id: owner.id,
        first_name: 'Meron',
        last_name: 'Girma',
        search_text: foldForSearch('Meron Girma'),
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    await repo.setMembership(db, member, hana, 'head')
    await repo.refreshHouseholdSearch(db, hana)
    expect(await found(db, owner.id, 'meron girma')).toEqual(['Hana family'])
    await repo.setMembership(db, member, null, null)
    await repo.refreshHouseholdSearch(db, hana)
    expect(await found(db, owner.id, 'meron girma')).toEqual([])

    // Shorter than a trigram: read without the index, and found all the same.
    expect(await found(db, owner.id, 'ke')).toEqual(['Kebede family'])
    expect(await found(db, owner.id, 'a')).toEqual(['Hana family', 'Kebede family'])
    // Characters the index's query language or LIKE would read as syntax are plain text.
    expect(await found(db, owner.id, '"ke')).toEqual([])
    expect(await found(db, owner.id, 'f-1%')).toEqual([])
    expect(await found(db, owner.id, 'f-1')).toEqual(['Kebede family'])

    await repo.deleteHousehold(db, abebe)
    expect(await found(db, owner.id, 'kebede')).toEqual([])
  })

  it('pages a search newest first, the next page below the last id', async () => {
    const { db } = await databases.open()
    const owner = await insertUser(db, 'office', 'x')
    const other = await insertUser(db, 'clerk', 'x')
    const ids: number[] = []
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(await add(db, owner.id, `Abebe ${n}`))
      await add(db, other.id, `Abebe other ${n}`)
      await add(db, owner.id, `Girma ${n}`)
    }
    const page = (before?: number) =>
      repo.listHouseholds(db, { ownerId: owner.id, query: 'abebe', before, limit: 2 })
    const first = await page()
    expect(first.map((h) => h.name)).toEqual(['Abebe 5', 'Abebe 4'])
    const second = await page(first[1].id)
    expect(second.map((h) => h.name)).toEqual(['Abebe 3', 'Abebe 2'])
    expect((await page(second[1].id)).map((h) => h.name)).toEqual(['Abebe 1'])
    expect((await page(ids[0])).map((h) => h.name)).toEqual([])
  })
})
