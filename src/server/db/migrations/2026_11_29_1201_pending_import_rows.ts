import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// A pending import's rows in parts of at most 500 (decision 0238): 13 MB of rows written or
// read in one statement, and parsed in one JSON.parse, held the event loop for 100 ms or more.
// The parent's `rows` column keeps what all parts share: {"parts": n, "columnCalendars": [...]}.
// Deleting a pending import (the hourly sweep, a commit's end) deletes its parts.
const ROWS_PER_PART = 500

interface StoredRows {
  rows: unknown[][]
  rowNumbers: number[]
  columnCalendars: unknown[]
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_import_rows')
    .addColumn('import_id', 'varchar(32)', (col) =>
      col.notNull().references('pending_imports.id').onDelete('cascade'),
    )
    .addColumn('part', 'integer', (col) => col.notNull())
    .addColumn('row_numbers', 'text', (col) => col.notNull())
    .addColumn('cells', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pending_import_rows_pk', ['import_id', 'part'])
    .execute()
  // Imports waiting for their commit move into parts; committed ones kept '[]'.
  const pending = await db.selectFrom('pending_imports').select(['id', 'rows']).execute()
  for (const { id, rows } of pending as { id: string; rows: string }[]) {
    const stored = JSON.parse(rows) as StoredRows | unknown[]
    if (Array.isArray(stored)) {
      await db
        .updateTable('pending_imports')
        .set({ rows: JSON.stringify({ parts: 0, columnCalendars: [] }) })
        .where('id', '=', id)
        .execute()
      continue
    }
    let parts = 0
    for (let start = 0; start < stored.rows.length; start += ROWS_PER_PART) {
      await db
        .insertInto('pending_import_rows')
        .values({
          import_id: id,
          part: parts,
          row_numbers: JSON.stringify(stored.rowNumbers.slice(start, start + ROWS_PER_PART)),
          cells: JSON.stringify(stored.rows.slice(start, start + ROWS_PER_PART)),
        })
        .execute()
      parts += 1
    }
    await db
      .updateTable('pending_imports')
      .set({ rows: JSON.stringify({ parts, columnCalendars: stored.columnCalendars }) })
      .where('id', '=', id)
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pending = await db.selectFrom('pending_imports').select(['id', 'rows']).execute()
  for (const { id, rows } of pending as { id: string; rows: string }[]) {
    const { columnCalendars } = JSON.parse(rows) as { columnCalendars: unknown[] }
    const parts = await db
      .selectFrom('pending_import_rows')
      .select(['row_numbers', 'cells'])
      .where('import_id', '=', id)
      .orderBy('part')
      .execute()
    const stored: StoredRows = { rows: [], rowNumbers: [], columnCalendars }
    for (const part of parts as { row_numbers: string; cells: string }[]) {
      stored.rows.push(...(JSON.parse(part.cells) as unknown[][]))
      stored.rowNumbers.push(...(JSON.parse(part.row_numbers) as number[]))
    }
    await db
      .updateTable('pending_imports')
      .set({ rows: JSON.stringify(stored) })
      .where('id', '=', id)
      .execute()
  }
  await db.schema.dropTable('pending_import_rows').execute()
}
