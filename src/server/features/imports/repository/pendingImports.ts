// Uploaded imports between preview and commit (migration 2026_11_25_0201), owner-scoped like
// members: another account's import reads as missing. Its rows are kept in parts of at most
// 500 (migration 2026_11_29_1201), each written and read in its own statement.
import type { Db, PendingImportRowsTable, PendingImportsTable } from '../../../db/tables'

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

/** One part of an import's rows (migration 2026_11_29_1201), its two columns JSON text. */
export type PendingImportPart = Omit<PendingImportRowsTable, 'import_id' | 'part'>

export async function insertPendingImportPart(
  db: Db,
  id: string,
  part: number,
  rows: PendingImportPart,
): Promise<void> {
  await db
    .insertInto('pending_import_rows')
    .values({ import_id: id, part, ...rows })
    .execute()
}

export function findPendingImportPart(
  db: Db,
  id: string,
  part: number,
): Promise<PendingImportPart | undefined> {
  return db
    .selectFrom('pending_import_rows')
    .select(['row_numbers', 'cells'])
    .where('import_id', '=', id)
    .where('part', '=', part)
    .executeTakeFirst()
}

/** An import whose rows could not all be stored; its parts go with it. */
export async function deletePendingImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pending_imports').where('id', '=', id).execute()
}

export async function saveImportReport(db: Db, id: string, report: string): Promise<void> {
  // The uploaded rows are no longer needed once committed; the report keeps the refused ones.
  await db.deleteFrom('pending_import_rows').where('import_id', '=', id).execute()
  await db
    .updateTable('pending_imports')
    .set({ report, rows: JSON.stringify({ parts: 0, columnCalendars: [] }) })
    .where('id', '=', id)
    .execute()
}

/** Expired imports and their rows' parts (the foreign key's cascade deletes them). */
export async function deleteExpiredImports(db: Db, now: string): Promise<void> {
  await db.deleteFrom('pending_imports').where('expires_at', '<=', now).execute()
}
