import { type Kysely, sql } from 'kysely'
import { inSqliteTransaction, isPostgres } from '../portable'
import { createContentlessNameIndex } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// A narrow index of each member's name line (the first line of search_text: the folded first,
// father's and grandfather's names), beside the wide all-fields index. A text search's name
// tiers (docs/decisions/0070) read their candidates from it, so a word found in many addresses
// but in no name no longer walks every address match before the other-fields tier answers
// (docs/decisions/0115).
//
// SQLite: a contentless FTS5 trigram table (it stores the index only, no copy of the text),
// kept by triggers. PostgreSQL: a pg_trgm GIN index on the same expression.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index members_name_trgm on members
      using gin ((split_part(search_text, chr(10), 1)) gin_trgm_ops)`.execute(db)
    return
  }
  // Kysely runs SQLite migrations outside a transaction: the table, its triggers and the
  // backfill appear together, so no write from another process falls between them.
  await inSqliteTransaction(db, () => createContentlessNameIndex(db))
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists members_name_trgm`.execute(db)
    return
  }
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists members_name_fts_${event}`).execute(db)
  }
  await sql`drop table if exists members_name_fts`.execute(db)
}
