// The search tests' reference: every match of a query in relevance order, computed in JavaScript
// from the stored texts, and a search's pages followed through their cursors.
import { foldForSearch, searchKeys } from '../../domain'
import { searchMembers } from '../features/search/repository'
import { byRelevance, searchTier } from '../features/search/rank'
import type { Db } from '../db/tables'

export interface Row {
  id: number
  search_text: string
  membership_status: string | null
}

export const ownedRows = (db: Db, ownerId: number): Promise<Row[]> =>
  db
    .selectFrom('members')
    .select(['id', 'search_text', 'membership_status'])
    .where('owner_user_id', '=', ownerId)
    .orderBy('id')
    .execute()

/** Every match of a query in relevance order, computed in JavaScript from the stored texts. */
export function reference(rows: Row[], query: string, status?: string): number[] {
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

/** Every page of a search, followed through its cursors, counted or not (SearchParams.count). */
export async function walkPages(
  db: Db,
  ownerId: number,
  query: string,
  limit: number,
  status?: string,
  count = true,
) {
  const seen: number[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 1000; pages += 1) {
    const page = await searchMembers(db, { ownerId, query, status, limit, cursor, count })
    seen.push(...page.items.map((item) => item.id))
    if (!page.next_cursor) break
    cursor = page.next_cursor
  }
  return seen
}
