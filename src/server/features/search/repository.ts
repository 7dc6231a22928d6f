// Member search (spec 5.11; ARCHITECTURE.md §3 GET /api/members/search): a case-insensitive
// substring match over a folded copy of the searchable fields (members.search_text). Text
// searches come in relevance order and count no further than TOTAL_CAP (docs/decisions/0070);
// each engine finds their matches its own way (engine.ts, sqlite/, postgres/), chosen once per
// database by its dialect.
import { foldForSearch, searchKeys } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'
import { countAllMembers, countOwnedMembers } from '../members'
import { decodeRankCursor } from './cursors'
import type { SearchEngine } from './engine'
import { listPage } from './listPages'
import { postgresSearch } from './postgres'
import { sqliteSearch } from './sqlite'
import { type SearchPage, textPage } from './textPage'
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, TOTAL_CAP } from './tuning'

export { encodeCursor } from './cursors'
export { joints } from './postgres/conditions'
export { MAX_SEARCH_LIMIT, searchTuning, TOTAL_CAP } from './tuning'

export interface SearchParams {
  /** The owning account, or null for every account's members (admins and auditors). */
  ownerId: number | null
  query?: string
  /** A membership_status key; undefined or 'all' for every status. */
  status?: string
  limit?: number
  cursor?: string
  /**
   * Whether a text search counts its matches (the default). False: `total` is null unless the
   * page's own reads found it, and countMatches answers it when asked (decision 0142).
   */
  count?: boolean
}

const engines = new WeakMap<Db, SearchEngine>()

/** The text search engine of this database's dialect, decided on its first search. */
function engineOf(db: Db): SearchEngine {
  let engine = engines.get(db)
  if (!engine) {
    engine = isPostgres(db) ? postgresSearch : sqliteSearch
    engines.set(db, engine)
  }
  return engine
}

/**
 * A search's text keys (the folded query, and its name skeleton or phone number:
 * nameSkeleton.ts) and its status, undefined for every status.
 */
const filtersOf = ({ query, status }: Pick<SearchParams, 'query' | 'status'>) => ({
  keys: searchKeys(query ?? '', foldForSearch),
  status: status && status !== 'all' ? status : undefined,
})

/**
 * One page of the caller's members matching status and, with q, the text: without q in list
 * order (spec 4.9) with the exact total; with q in relevance order (rank.ts) with the total
 * exact up to TOTAL_CAP and otherwise capped (total_capped), or null when not counted.
 */
export async function searchMembers(db: Db, params: SearchParams): Promise<SearchPage> {
  const limit = Math.min(Math.max(params.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT)
  const { keys, status } = filtersOf(params)
  if (keys.length === 0) return listPage(db, params.ownerId, status, params.cursor, limit)
  const cursor = params.cursor ? decodeRankCursor(params.cursor) : undefined
  const query = { ownerId: params.ownerId, keys, status }
  const { ranked, counted } = await engineOf(db).rank(
    db,
    query,
    cursor,
    limit,
    params.count ?? true,
  )
  return textPage(db, ranked, counted, cursor, limit)
}

/**
 * How many of the caller's members searchMembers finds for the same query and status: exact
 * without a text query, and with one exact up to TOTAL_CAP, then capped (total_capped).
 */
export async function countMatches(
  db: Db,
  params: Pick<SearchParams, 'ownerId' | 'query' | 'status'>,
): Promise<{ total: number; total_capped: boolean }> {
  const { keys, status } = filtersOf(params)
  if (keys.length === 0) {
    const total =
      params.ownerId === null
        ? await countAllMembers(db, status)
        : await countOwnedMembers(db, params.ownerId, status)
    return { total, total_capped: false }
  }
  const counted = await engineOf(db).count(db, { ownerId: params.ownerId, keys, status })
  return { total: Math.min(counted, TOTAL_CAP), total_capped: counted > TOTAL_CAP }
}
