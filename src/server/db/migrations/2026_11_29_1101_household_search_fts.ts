import { type Kysely, sql } from 'kysely'
import { inSqliteTransaction, isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// SQLite only (docs/decisions/0243): an FTS5 trigram index over households.search_text, as
// PostgreSQL has households_search_trgm. External content (the text stays in households), kept
// in step by triggers, and built from the rows already there.
async function dropAll(db: Kysely<any>) {
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists households_fts_${event}`).execute(db)
  }
  await sql`drop table if exists households_fts`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  // Kysely runs SQLite migrations outside a transaction: no household may be written between
  // the index's build and its triggers.
  await inSqliteTransaction(db, async () => {
    await dropAll(db)
    // Case-insensitive (the default): the index then finds a superset of what the list's
    // LIKE (ASCII case-insensitive) matches, and the LIKE still decides.
    await sql`create virtual table households_fts using fts5(search_text,
      content='households', content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger households_fts_insert after insert on households begin
      insert into households_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db)
    await sql`create trigger households_fts_delete after delete on households begin
      insert into households_fts(households_fts, rowid, search_text)
        values ('delete', old.id, old.search_text);
    end`.execute(db)
    // Only when the text changes: an address edit or a transfer leaves the index alone.
    await sql`create trigger households_fts_update after update of search_text on households
    begin
      insert into households_fts(households_fts, rowid, search_text)
        values ('delete', old.id, old.search_text);
      insert into households_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db)
    await sql`insert into households_fts(households_fts) values ('rebuild')`.execute(db)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await inSqliteTransaction(db, () => dropAll(db))
}
