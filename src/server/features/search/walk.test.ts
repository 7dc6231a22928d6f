// A common search's tier pages on PostgreSQL walk the newest ids and then read the index below
// what the walk covered (docs/decisions/0130). With a walk of a few ids the seam between the two
// falls inside every page; the pages must still follow the relevance order exactly.
import { type RawBuilder, sql } from 'kysely'
import { foldForSearch, searchKeys } from '../../../domain'
import { seedMembers } from '../../cli/seedMembers'
import { seedOwner } from '../../testing/seedOwner'
import { testAppPerFile } from '../../testing/testApp'
import { ownedRows, reference, walkPages } from '../../testing/searchReference'
import { searchMembers, searchTuning, TOTAL_CAP } from './repository'
import { nameLine } from './rank'

const { ctx } = testAppPerFile()

const tuning = { ...searchTuning }
afterEach(() => {
  Object.assign(searchTuning, tuning)
})

describe('the pages of a search common enough to be walked in id order', () => {
  it('follow the relevance order, however few ids a walk reads', async () => {
    const { db } = ctx.database
    const owner = await seedOwner(db, 'walk-owner', 900, 41)
    // Another account's members between this one's: a walk must skip them.
    await seedOwner(db, 'walk-other', 200, 42)
    await seedMembers(db, { ownerId: owner.id, ownerName: 'walk-owner', count: 900, seed: 43 })
    const rows = await ownedRows(db, owner.id)
    const nameMatches = (query: string) => {
      const keys = searchKeys(query, foldForSearch)
      return rows.filter((row) => keys.some((key) => nameLine(row.search_text).includes(key)))
        .length
    }
    // Common in names (tiers 0 and 1 walked) and common in other fields only (tier 2 walked).
    expect(nameMatches('a')).toBeGreaterThan(TOTAL_CAP)
    expect(reference(rows, 'member').length).toBeGreaterThan(TOTAL_CAP)
    expect(nameMatches('member')).toBeLessThan(TOTAL_CAP)

    // The all-fields sample walks 10 or 100 of the newest ids first (decision 0139).
    for (const [ids, sampleWalkIds] of [
      [3, 1_000],
      [50, 10],
      [20_000, 100],
      [20_000, 1_000],
    ]) {
      Object.assign(searchTuning, { walkIds: ids, sampleWalkIds })
      for (const [query, status] of [['a'], ['e'], ['member'], ['a', 'member'], ['a e']]) {
        for (const count of [true, false]) {
          const seen = await walkPages(db, owner.id, query, 150, status, count)
          expect({ ids, sampleWalkIds, query, status, count, seen }).toEqual({
            ids,
            sampleWalkIds,
            query,
            status,
            count,
            seen: reference(rows, query, status),
          })
        }
      }
    }
  }, 180_000)
})

describe('a short key rare among the newest members but in more than the cap of older ones', () => {
  it('reads its tiers through the indexes in relevance order (decisions 0137, 0138)', async () => {
    const { db } = ctx.database
    const owner = await seedOwner(db, 'short-rare-newest', 2_300, 44)
    const oldest = (await ownedRows(db, owner.id)).slice(0, 1_200).map((row) => row.id)
    // ቀለ inside a name word for 1,150 of the oldest, at the start of the name for 50 more.
    const prefix = async (text: string, ids: number[]) =>
      sql`update members set search_text = ${text} || search_text
        where id in (${sql.join(ids)})`.execute(db)
    await prefix('በቀለ ', oldest.slice(0, 1_150))
    await prefix('ቀለ', oldest.slice(1_150))
    const rows = await ownedRows(db, owner.id)
    const expected = reference(rows, 'ቀለ')
    expect(expected.length).toBeGreaterThan(TOTAL_CAP)

    for (const settings of [{}, { walkIds: 50 }]) {
      Object.assign(searchTuning, tuning, settings)
      const seen = await walkPages(db, owner.id, 'ቀለ', 200)
      expect({ settings, seen }).toEqual({ settings, seen: expected })
    }
  }, 180_000)
})

describe('a word common among the newest members and rare among older ones', () => {
  it('is counted and paged exactly when its walk in id order falls short (decision 0139)', async () => {
    const { db } = ctx.database
    const owner = await seedOwner(db, 'common-newest', 2_300, 45)
    const ids = (await ownedRows(db, owner.id)).map((row) => row.id)
    // Outside the name line, so only the all-fields sample finds it: in the newest 300 and the
    // oldest 1,000. The newest ids promise a walk that the middle ones do not keep.
    await sql`update members set search_text = search_text || ${'\nzqxw'}
      where id in (${sql.join([...ids.slice(0, 1_000), ...ids.slice(-300)])})`.execute(db)
    const rows = await ownedRows(db, owner.id)
    const expected = reference(rows, 'zqxw')
    expect(expected.length).toBe(1_300)

    for (const settings of [{}, { sampleWalkIds: 400 }, { sampleWalkIds: 400, walkIds: 50 }]) {
      Object.assign(searchTuning, tuning, settings)
      const first = await searchMembers(db, { ownerId: owner.id, query: 'zqxw', limit: 50 })
      expect({ settings, total: first.total, capped: first.total_capped }).toEqual({
        settings,
        total: TOTAL_CAP,
        capped: true,
      })
      const seen = await walkPages(db, owner.id, 'zqxw', 200)
      expect({ settings, seen }).toEqual({ settings, seen: expected })
    }
  }, 180_000)
})

describe('a phrase whose first word is shorter than a trigram, in more than the cap', () => {
  it('is paged in relevance order, spread out or among the oldest (decision 0140)', async () => {
    const { db } = ctx.database
    const owner = await seedOwner(db, 'short-first-word', 2_500, 46)
    const ids = (await ownedRows(db, owner.id)).map((row) => row.id)
    const edit = (text: RawBuilder<string>, chosen: number[]) =>
      sql`update members set search_text = ${text} where id in (${sql.join(chosen)})`.execute(db)
    // For each phrase: 60 names start with it (tier 0), 1,100 have it inside (tier 1), and 300
    // have it in another field (tier 2). "q zed" is spread over all ids, "j wix" is among the
    // oldest only, so the newest ids promise many matches for one and few for the other.
    for (const [phrase, chosen] of [
      ['q zed', ids.filter((_, i) => i % 5 < 3)],
      ['j wix', ids.slice(0, 1_460)],
    ] as const) {
      await edit(sql`${`${phrase} `} || search_text`, chosen.slice(0, 60))
      await edit(sql`${`a${phrase} `} || search_text`, chosen.slice(60, 1_160))
      await edit(sql`search_text || ${`\n${phrase}`}`, chosen.slice(1_160, 1_460))
    }
    const rows = await ownedRows(db, owner.id)
    for (const settings of [{}, { sampleWalkIds: 100 }, { walkIds: 50 }]) {
      Object.assign(searchTuning, tuning, settings)
      for (const phrase of ['q zed', 'j wix']) {
        const expected = reference(rows, phrase)
        expect(expected.length).toBe(1_460)
        const first = await searchMembers(db, { ownerId: owner.id, query: phrase, limit: 200 })
        expect({ settings, phrase, capped: first.total_capped }).toEqual({
          settings,
          phrase,
          capped: true,
        })
        // Uncounted, the name tiers are judged by the newest ids' rates (decision 0142).
        for (const count of [true, false]) {
          const seen = await walkPages(db, owner.id, phrase, 200, undefined, count)
          expect({ settings, phrase, count, seen }).toEqual({
            settings,
            phrase,
            count,
            seen: expected,
          })
        }
      }
    }
  }, 180_000)
})
