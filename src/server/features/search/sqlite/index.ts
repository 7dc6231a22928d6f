// Member search on SQLite: FTS5 trigram tables over the search text and over the name line.
import type { SearchEngine } from '../engine'
import { byRelevance, SEARCH_TIERS } from '../rank'
import type { RankCursor } from '../cursors'
import { isPhrase } from '../textSql'
import { sqliteMatches } from './matches'
import { indexPhrases } from './phrases'

/** The search's matches, or null when no trigram starts with its letters: no member has them. */
async function matchesOf(...[db, query]: Parameters<SearchEngine['count']>) {
  const phrases = await indexPhrases(db, query.ownerId, query.keys)
  return phrases?.all.length === 0 ? null : sqliteMatches(db, query, phrases)
}

export const sqliteSearch: SearchEngine = {
  async rank(db, query, cursor, limit, count) {
    const matches = await matchesOf(db, query)
    if (!matches) return { ranked: [], counted: 0 }
    // A first page that holds every match (a rare name) is one read: its matches with their
    // tiers, ranked here; the count and the tier reads each search the index again. The read
    // stops one row past the page. A phrase is most often a rare name, read whole whichever
    // way: oldest first, the cheaper way. A word is often common: newest first, where its tier
    // reads start.
    const few = cursor ? undefined : await matches.upTo(limit + 1, isPhrase(query.keys))
    if (few && few.length <= limit) return { ranked: few.sort(byRelevance), counted: few.length }
    const ranked: RankCursor[] = []
    const counted = count ? await matches.count() : undefined
    // Tier after tier until the page and one more row (is there a next page?) are found.
    for (const tier of SEARCH_TIERS) {
      if (counted === 0) break
      if (cursor && tier < cursor.tier) continue
      const before = cursor && tier === cursor.tier ? cursor.id : undefined
      const ids = await matches.tierIds(tier, before, limit + 1 - ranked.length)
      ranked.push(...ids.map((id) => ({ tier, id })))
      if (ranked.length > limit) break
    }
    return { ranked, counted }
  },

  async count(db, query) {
    const matches = await matchesOf(db, query)
    return matches ? matches.count() : 0
  },
}
