// A text search's page: the list items of its relevance-ordered ids, read the same way on both
// engines, with the capped total and the next cursor.
import { readRows } from '../../db/readPool'
import type { Db } from '../../db/tables'
import {
  type MemberListItem,
  rowToListItem,
  SEARCH_NAME_COLUMNS,
  type SearchNameColumns,
} from '../members'
import { encodeRankCursor, type RankCursor } from './cursors'
import { LIST_COLUMNS } from './listPages'
import { TOTAL_CAP } from './tuning'

export interface SearchPage {
  items: (MemberListItem & Partial<SearchNameColumns>)[]
  /**
   * Exact, or TOTAL_CAP when total_capped: a text search stops counting there. Null: not
   * counted (SearchParams.count false).
   */
  total: number | null
  /** More than TOTAL_CAP members match (only ever true with a text query). */
  total_capped: boolean
  next_cursor: string | null
}

/**
 * The page's list items from relevance-ordered ids, with the capped total and next cursor. A
 * first page that ends the search knows its total without a count.
 */
export async function textPage(
  db: Db,
  ranked: RankCursor[],
  matched: number | undefined,
  cursor: RankCursor | undefined,
  limit: number,
): Promise<SearchPage> {
  const counted = matched ?? (!cursor && ranked.length <= limit ? ranked.length : undefined)
  const total = counted === undefined ? null : Math.min(counted, TOTAL_CAP)
  const totalCapped = counted !== undefined && counted > TOTAL_CAP
  if (counted === 0) return { items: [], total, total_capped: false, next_cursor: null }
  const shown = ranked.slice(0, limit)
  const rows = shown.length
    ? await readRows(
        db,
        db
          .selectFrom('members')
          .leftJoin('photos', 'photos.member_id', 'members.id')
          .select(LIST_COLUMNS)
          .select(SEARCH_NAME_COLUMNS.map((column) => `members.${column}` as const))
          .select('photos.id as photo_id')
          .where(
            'members.id',
            'in',
            shown.map((entry) => entry.id),
          )
          .compile(),
      )
    : []
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  const items = shown.flatMap((entry) => {
    const row = byId.get(entry.id)
    return row ? [{ ...rowToListItem(row), ...searchNames(row) }] : []
  })
  const last = shown[shown.length - 1]
  return {
    items,
    total,
    total_capped: totalCapped,
    next_cursor: ranked.length > limit && last ? encodeRankCursor(last) : null,
  }
}

/** The other names of a search result that are filled in (absent ones are left out). */
function searchNames(row: SearchNameColumns): Partial<SearchNameColumns> {
  const names: Partial<SearchNameColumns> = {}
  for (const column of SEARCH_NAME_COLUMNS) {
    const value = row[column]
    if (value) names[column] = value
  }
  return names
}
