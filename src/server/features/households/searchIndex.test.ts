// The household search's text index (decision 0243): on SQLite an FTS5 trigram table built by
// migration 2026_11_29_1101 from the rows already there and kept by triggers; the list finds the
// same households through it as by reading every one. One or two letters are looked up in the
// index of letters below the newest households (decision 0285). Runs on SQLite, and on
// PostgreSQL (which reads households_search_trgm and households_search_grams) with
// TEST_DATABASE_URL.
import { sql } from 'kysely'
import { emptyHousehold, foldForSearch, type HouseholdInput } from '../../../domain'
import type { Db } from '../../db/tables'
import { insertUser } from '../accounts/repository'
import { testDatabasePerTest } from '../../testing/testApp'
import { searchTuning } from '../search'
import * as repo from './repository'

const databases = testDatabasePerTest()

const tuning = { ...searchTuning }
afterEach(() => {
  Object.assign(searchTuning, tuning)
})

const household = (name: string, number: string | null = null): HouseholdInput => ({
  ...emptyHousehold(name),
  number,
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

    // Shorter than a trigram: found all the same.
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

  it('finds one or two letters below the newest households as by reading every one', async () => {
    const names = [
      ['Abebe Kebede family', 'F-19'],
      ['የአቶ አበበ ከበደ ቤተሰብ', null],
      ['Hana Girma family', 'F-7'],
      ['ሰላም ቤተሰብ', 'F-120'],
      ['Meron Tesfaye family', null],
      ['Tsion Alemu family', 'Q9'],
      ['የወ/ሮ ቀለሟ ቤተሰብ', 'F-21'],
      ['Dawit family', null],
    ] as const
    // Stored before the index of letters came: its migration builds it from these.
    const { db, stored } = await databases.storedBefore(
      '2026_11_29_1101_household_search_fts',
      async (before) => {
        const owner = await insertUser(before, 'office', 'x')
        const other = await insertUser(before, 'clerk', 'x')
        for (let round = 0; round < 4; round += 1) {
          for (const [name, number] of names) {
            const numbered = number && `${number}${'abcd'[round]}`
            await add(before, owner.id, `${name} ${round}`, numbered)
            await add(before, other.id, `${name} other ${round}`)
          }
        }
        return { owner: owner.id }
      },
    )
    const owned = await db
      .selectFrom('households')
      .select(['id', 'name', 'number'])
      .where('owner_user_id', '=', stored.owner)
      .orderBy('id', 'desc')
      .execute()
    const expected = (key: string) =>
      owned
        .filter((h) => foldForSearch(`${h.name}\n${h.number ?? ''}`).includes(foldForSearch(key)))
        .map((h) => h.id)
    /** Every page of a search, two at a time, followed by its cursor. */
    const pages = async (query: string) => {
      const seen: number[] = []
      let before: number | undefined
      for (;;) {
        const rows = await repo.listHouseholds(db, {
          ownerId: stored.owner,
          query,
          before,
          limit: 2,
        })
        seen.push(...rows.map((row) => row.id))
        if (rows.length < 2) return seen
        before = rows[1].id
      }
    }
    // A key at the text's very end (the number's last letter), inside a name, in Amharic, in
    // another account's households only, and in none.
    const keys = ['d', '9', '9d', 'ab', 'ቀ', 'ሟ', 'ቤ', 'ት', 'zq', 'q', 'x', '-1', 'l', 'ot']
    for (const settings of [
      {},
      { shortWalkIds: 1 },
      { shortWalkIds: 3 },
      { shortWalkIds: 3, shortPhrases: 0 },
    ]) {
      Object.assign(searchTuning, tuning, settings)
      for (const key of keys) {
        expect({ settings, key, seen: await pages(key) }).toEqual({
          settings,
          key,
          seen: expected(key),
        })
      }
    }
    // The other account's words are never the owner's matches.
    expect(expected('ot')).toEqual([])
    expect(expected('9d').length).toBeGreaterThan(0)
  })
})
