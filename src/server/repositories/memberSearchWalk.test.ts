// A common search's tier pages on PostgreSQL walk the newest ids and then read the index below
// what the walk covered (docs/decisions/0130). With a walk of a few ids the seam between the two
// falls inside every page; the pages must still follow the relevance order exactly.
import { foldForSearch, searchKeys } from '../../domain'
import { seedMembers } from '../cli/seedMembers'
import { seedOwner } from '../testing/seedOwner'
import { createTestApp, type TestContext } from '../testing/testApp'
import { searchMembers, searchTuning, TOTAL_CAP } from './memberSearch'
import { byRelevance, nameLine, searchTier } from './searchRank'

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
    const rows = await db
      .selectFrom('members')
      .select(['id', 'search_text', 'membership_status'])
      .where('owner_user_id', '=', owner.id)
      .execute()

    const reference = (query: string, status?: string) => {
      const keys = searchKeys(query, foldForSearch)
      return rows
        .filter((row) => !status || row.membership_status === status)
        .flatMap((row) => {
          const tier = searchTier(row.search_text, keys)
          return tier === null ? [] : [{ tier, id: row.id }]
        })
        .sort(byRelevance)
        .map((row) => row.id)
    }
    const nameMatches = (query: string) => {
      const keys = searchKeys(query, foldForSearch)
      return rows.filter((row) => keys.some((key) => nameLine(row.search_text).includes(key)))
        .length
    }
    // Common in names (tiers 0 and 1 walked) and common in other fields only (tier 2 walked).
    expect(nameMatches('a')).toBeGreaterThan(TOTAL_CAP)
    expect(reference('member').length).toBeGreaterThan(TOTAL_CAP)
    expect(nameMatches('member')).toBeLessThan(TOTAL_CAP)

    for (const ids of [3, 50, 20_000]) {
      searchTuning.walkIds = ids
      for (const [query, status] of [['a'], ['e'], ['member'], ['a', 'member']]) {
        const seen: number[] = []
        let cursor: string | undefined
        for (let pages = 0; pages < 100; pages += 1) {
          const page = await searchMembers(db, {
            ownerId: owner.id,
            query,
            status,
            limit: 150,
            cursor,
          })
          seen.push(...page.items.map((item) => item.id))
          if (!page.next_cursor) break
          cursor = page.next_cursor
        }
        expect({ ids, query, status, seen }).toEqual({
          ids,
          query,
          status,
          seen: reference(query, status),
        })
      }
    }
  }, 180_000)
})
