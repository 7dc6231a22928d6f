// The narrow name index of migration 2026_11_26_1401 (SQLite FTS5, PostgreSQL pg_trgm) stays in
// step with every write, and a bulk seed (indexes built once at the end) answers searches
// exactly as a seed written through the triggers does.
import { sql } from 'kysely'
import { buildSearchText } from '../../../domain'
import { seedMembers } from '../../cli/seedMembers'
import { isPostgres } from '../../db/portable'
import { seedOwner } from '../../testing/seedOwner'
import { createTestDatabase } from '../../testing/testApp'
import type { DatabaseHandle } from '../../db/database'
import { inputToColumns, MEMBER_COLUMNS, rowToInput } from '../members/repository/rows'
import { ownedRows, reference, walkPages } from '../../testing/searchReference'
import { searchMembers, searchTuning } from './repository'
import { insertUser } from '../accounts/repository'
import type { Db } from '../../db/tables'

let database: DatabaseHandle
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database.destroy())
const tuning = { ...searchTuning }
afterEach(() => Object.assign(searchTuning, tuning))

const ids = async (ownerId: number, query: string) =>
  (await searchMembers(db, { ownerId, query, limit: 200 })).items.map((item) => item.id)

type Names = Partial<
  Record<
    | 'first_name'
    | 'middle_name'
    | 'last_name'
    | 'notes'
    | 'emergency_contact_name'
    | 'phone_primary'
    | 'phone_secondary'
    | 'emergency_contact_phone',
    string
  >
>

async function rename(id: number, firstName: string, notes?: string) {
  await setNames(id, { first_name: firstName, ...(notes === undefined ? {} : { notes }) })
}

async function setNames(id: number, names: Names) {
  const row = await db
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const input = { ...rowToInput(row), ...names }
  await db
    .updateTable('members')
    .set({ ...inputToColumns(input), search_text: buildSearchText(input) })
    .where('id', '=', id)
    .execute()
}

test('a name search follows a member through rename and delete; other fields still match', async () => {
  const owner = await seedOwner(db, 'name-index', 40, 7)
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
  const rows = await ownedRows(db, plain.id)
  // Short keys past a walk of one id read the indexes, which the bulk seed filled again for
  // every member: it indexes texts as the triggers do.
  for (const commonInWalk of [0, 51]) {
    Object.assign(searchTuning, { shortWalkIds: 1, commonInWalk })
    for (const query of ['ab', 'e', 'ሙ', 'q', 't']) {
      expect({ query, seen: await walkPages(db, plain.id, query, 20) }).toEqual({
        query,
        seen: reference(rows, query),
      })
    }
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

describe('a search shorter than a trigram (decision 0136)', () => {
  test('finds letters at the start of a name, inside it and at its very end, in order', async () => {
    const owner = await seedOwner(db, 'short-keys', 80, 9)
    const [a, b, c, d, e] = await db
      .selectFrom('members')
      .select('id')
      .where('owner_user_id', '=', owner.id)
      .orderBy('id')
      .limit(5)
      .execute()
    // The oldest members, so a short walk of the newest ids never reaches them.
    await setNames(a.id, { first_name: 'Qajjix', middle_name: 'Bekele', last_name: 'Tezo' })
    await setNames(b.id, { first_name: 'Ab', middle_name: 'Kebede', last_name: 'Tesfa Q' })
    await setNames(c.id, { first_name: 'ቀለሙ', middle_name: 'ሙሉ', last_name: 'ገብሬ' })
    await setNames(d.id, {
      first_name: 'Yx',
      middle_name: 'Abebe',
      last_name: 'Girma',
      notes: 'qz',
    })
    await db.deleteFrom('members').where('id', '=', d.id).execute()
    // No phones: the text's last line is the skeleton of the emergency contact's name.
    const noPhones = { phone_primary: '', phone_secondary: '', emergency_contact_phone: '' }
    await setNames(e.id, { ...noPhones, emergency_contact_name: 'Wuvq' })
    const rows = await ownedRows(db, owner.id)
    const text = rows.find((row) => row.id === e.id)?.search_text ?? ''
    // Two letters found only at the very end of a member's text.
    const tail = text.slice(-2)
    expect(text.indexOf(tail)).toBe(text.length - 2)

    const queries = ['x', 'zo', 'q', 'ix', 'ቀለ', 'ሙ', 'ሬ', 'ab', 'e', 'yx', 'qz', 'a q', tail]
    for (const settings of [
      // Every short key rare among the newest members: read through the indexes' vocabularies.
      { shortWalkIds: 7, commonInWalk: 51, shortPhrases: 200 },
      // Every short key common: walked, then the name index below the walk.
      { shortWalkIds: 1, commonInWalk: 0, shortPhrases: 200 },
      { shortWalkIds: 7, commonInWalk: 0, shortPhrases: 200 },
      // Too many trigrams to ask for: walked throughout.
      { shortWalkIds: 7, commonInWalk: 51, shortPhrases: 1 },
      tuning,
    ]) {
      Object.assign(searchTuning, settings)
      for (const query of queries) {
        const seen = await walkPages(db, owner.id, query, 7)
        expect({ settings, query, seen }).toEqual({ settings, query, seen: reference(rows, query) })
      }
    }
    // Each letter case is really there: a name's end, a one-letter last word, inside a word.
    const cases = [
      ['zo', a.id],
      ['x', a.id],
      ['q', b.id],
      ['ሙ', c.id],
      [tail, e.id],
    ] as const
    for (const [query, id] of cases) {
      expect(reference(rows, query)).toContain(id)
    }
  }, 60_000)
})

test('every one or two letters of a text can be looked up (decisions 0136 to 0138)', async () => {
  const texts = ['abcde', 'abcd\nx', 'ሰላም ወንድሙ', 'a', 'ab', 'x\u0001yz', 'naïve 😀 z']
  const pieces = (text: string) => {
    const chars = [...text]
    const all = new Set(chars)
    for (let at = 0; at + 1 < chars.length; at += 1) all.add(chars[at] + chars[at + 1])
    return [...all].filter((piece) => !piece.includes('\u0001') || piece === '\u0001').sort()
  }
  for (const text of texts) {
    if (isPostgres(db)) {
      // PostgreSQL's letters-and-pairs list of a text (migration 2026_11_27_1201).
      const { rows } = await sql<{
        grams: string[]
      }>`select abal_search_grams(${text}) as grams`.execute(db)
      const listed = [...new Set(rows[0].grams)].filter(Boolean).sort()
      expect({ text, listed }).toEqual({ text, listed: pieces(text) })
    } else {
      // SQLite's indexes hold the text with two line breaks after it: every piece starts a
      // trigram of the vocabulary.
      const owner = await seedOwner(db, `pieces-${texts.indexOf(text)}`, 1, 3)
      const member = await db
        .selectFrom('members')
        .select('id')
        .where('owner_user_id', '=', owner.id)
        .executeTakeFirstOrThrow()
      await setNames(member.id, { notes: text })
      for (const piece of pieces(text)) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from members_fts_vocab
          where term >= ${piece} and term <= ${`${piece}\u{10FFFF}\u{10FFFF}`}`.execute(db)
        expect({ text, piece, found: Number(rows[0].n) > 0 }).toEqual({ text, piece, found: true })
      }
    }
  }
})
