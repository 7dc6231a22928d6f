import { type Kysely, sql } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// members.search_text_version: which version of buildSearchText wrote the row's search text.
// Rows older than the code's SEARCH_TEXT_VERSION are rebuilt in batches after start-up
// (features/search/textBackfill.ts), on SQLite and PostgreSQL alike, without a migration
// having to run today's search-text code. Existing rows start at 1, the version before it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('search_text_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await sql`create index members_search_text_version on members (search_text_version, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index members_search_text_version`.execute(db)
  await db.schema.alterTable('members').dropColumn('search_text_version').execute()
}
