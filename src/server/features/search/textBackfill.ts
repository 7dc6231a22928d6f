// Rebuilds the stored search text of members written by an older buildSearchText (members.
// search_text_version < SEARCH_TEXT_VERSION), a batch per transaction, so matching rules can
// change without a migration running today's code. The FTS5 and member_search triggers follow
// search_text, so both dialects' indexes are brought up to date by the same UPDATE.
import type { Kysely } from 'kysely'
import { buildSearchText, SEARCH_TEXT_VERSION } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { Database } from '../../db/tables'
import { MEMBER_COLUMNS, rowToInput } from '../members'

export const BACKFILL_BATCH = 500

/** Rebuilds every stale search text; returns how many rows were rewritten. */
export async function rebuildStaleSearchText(
  db: Kysely<Database>,
  batch: number = BACKFILL_BATCH,
): Promise<number> {
  let rewritten = 0
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      let stale = trx
        .selectFrom('members')
        .select(MEMBER_COLUMNS)
        .where('search_text_version', '<', SEARCH_TEXT_VERSION)
        .orderBy('id')
        .limit(batch)
      // A member saved meanwhile must not get a search text built from its old fields.
      if (isPostgres(trx)) stale = stale.forUpdate().skipLocked()
      const rows = await stale.execute()
      for (const row of rows) {
        await trx
          .updateTable('members')
          .set({
            search_text: buildSearchText(rowToInput(row)),
            search_text_version: SEARCH_TEXT_VERSION,
          })
          .where('id', '=', row.id)
          .where('search_text_version', '<', SEARCH_TEXT_VERSION)
          .execute()
      }
      return rows.length
    })
    rewritten += count
    if (count < batch) return rewritten
  }
}
