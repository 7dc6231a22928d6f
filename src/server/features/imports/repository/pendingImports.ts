// Uploaded imports between preview and commit (migration 2026_11_25_0201), owner-scoped like
// members: another account's import reads as missing.
import type { PendingImportsTable } from '../../../db/tables'
import type { Db } from '../../../db/tables'

export type PendingImport = PendingImportsTable

export async function insertPendingImport(db: Db, row: PendingImport): Promise<void> {
  await db.insertInto('pending_imports').values(row).execute()
}

/** An owner's import that has not expired; undefined otherwise. */
export function findPendingImport(
  db: Db,
  ownerId: number,
  id: string,
  now: string,
): Promise<PendingImport | undefined> {
  return db
    .selectFrom('pending_imports')
    .selectAll()
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Marks an import committed; false when it already was (a second commit). */
export async function claimPendingImport(db: Db, ownerId: number, id: string, now: string) {
  const result = await db
    .updateTable('pending_imports')
    .set({ committed_at: now })
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .where('committed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function saveImportReport(db: Db, id: string, report: string): Promise<void> {
  // The uploaded rows are no longer needed once committed; the report keeps the refused ones.
  await db.updateTable('pending_imports').set({ report, rows: '[]' }).where('id', '=', id).execute()
}

export async function deleteExpiredImports(db: Db, now: string): Promise<void> {
  await db.deleteFrom('pending_imports').where('expires_at', '<=', now).execute()
}
