// What a text search asks of its engine. SQLite (FTS5 trigram tables) and PostgreSQL (pg_trgm
// over the member_search copy) reach the same matches in the same order by different reads, so
// each engine is its own module (sqlite/, postgres/) behind this interface.
import type { Db } from '../../db/tables'
import type { RankCursor } from './cursors'

/** A text search: the owner (null for every account), its folded keys and its status filter. */
export interface TextQuery {
  ownerId: number | null
  /** searchKeys of the query: the folded text and its name skeleton or phone number. */
  keys: readonly string[]
  /** A membership_status key, or undefined for every status. */
  status: string | undefined
}

export interface RankedMatches {
  /** In relevance order after the cursor, up to the page and one more (is there a next page?). */
  ranked: RankCursor[]
  /** How many match, up to TOTAL_CAP + 1, when this read learnt it or `count` asked for it. */
  counted: number | undefined
}

export interface SearchEngine {
  /** One page of a text search's matches in relevance order (rank.ts), after `cursor`. */
  rank(
    db: Db,
    query: TextQuery,
    cursor: RankCursor | undefined,
    limit: number,
    count: boolean,
  ): Promise<RankedMatches>
  /** How many members a text search matches, up to TOTAL_CAP + 1. */
  count(db: Db, query: TextQuery): Promise<number>
}
