// Member search on PostgreSQL: pg_trgm indexes over member_search and the name line, samples
// that tell a rare search from a common one, and walks in id order for the common ones.
import type { SearchEngine, TextQuery } from '../engine'
import type { Db } from '../../../db/tables'
import { isPhrase } from '../textSql'
import { TOTAL_CAP } from '../tuning'
import { letterLookups } from './conditions'
import { pgMatches } from './matches'
import { rankedPage } from './ranked'

const matchesOf = async (db: Db, query: TextQuery) =>
  pgMatches(db, query, await letterLookups(db, query.keys))

export const postgresSearch: SearchEngine = {
  async rank(db, query, cursor, limit, count) {
    const matches = await matchesOf(db, query)
    return rankedPage(matches, isPhrase(query.keys), cursor, limit, count)
  },

  async count(db, query) {
    const matches = await matchesOf(db, query)
    // As rankedPage reads them: a rare phrase's all-fields sample holds every match; otherwise a
    // full name sample is the capped count, and one under the cap leaves the other fields.
    if (isPhrase(query.keys) && (await matches.expectedMatches()) <= TOTAL_CAP) {
      return (await matches.sample(false)).entries.length
    }
    const names = await matches.sample(true)
    if (names.entries.length > TOTAL_CAP) return names.entries.length
    return matches.count(names.entries.length)
  },
}
