// A common search's tier pages on PostgreSQL walk the newest ids and then read the index below
// what the walk covered (docs/decisions/0130). With a walk of a few ids the seam between the two
// falls inside every page; the pages must still follow the relevance order exactly.
import { foldForSearch, searchKeys } from '../../domain'
import { seedMembers } from '../cli/seedMembers'
import { seedOwner } from '../testing/seedOwner'
import { createTestApp, type TestContext } from '../testing/testApp'
import { ownedRows, reference, walkPages } from '../testing/searchReference'
import { searchTuning, TOTAL_CAP } from './memberSearch'
import { nameLine } from './searchRank'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const walkIds = searchTuning.walkIds
afterEach(() => {
  searchTuning.walkIds = walkIds
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

    for (const ids of [3, 50, 20_000]) {
      searchTuning.walkIds = ids
      for (const [query, status] of [['a'], ['e'], ['member'], ['a', 'member']]) {
        const seen = await walkPages(db, owner.id, query, 150, status)
        expect({ ids, query, status, seen }).toEqual({
          ids,
          query,
          status,
          seen: reference(rows, query, status),
        })
      }
    }
  }, 180_000)
})
