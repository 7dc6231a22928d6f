import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

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
const SQLITE_NAME_LINE = (text: string) =>
  `substr(${text}, 1, instr(${text} || char(10), char(10)) - 1)`

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index members_name_trgm on members
      using gin ((split_part(search_text, chr(10), 1)) gin_trgm_ops)`.execute(db)
    return
  }
  // Kysely runs SQLite migrations outside a transaction: the table, its triggers and the
  // backfill appear together, so no write from another process falls between them.
  await sql`begin immediate`.execute(db)
  try {
    await sql`create virtual table members_name_fts using fts5(
      name_line, content='', tokenize='trigram')`.execute(db)
    const name = (row: string) => sql.raw(SQLITE_NAME_LINE(`${row}.search_text`))
    await sql`create trigger members_name_fts_insert after insert on members begin
      insert into members_name_fts(rowid, name_line) values (new.id, ${name('new')});
    end`.execute(db)
    // A contentless table forgets a row by being told its old values.
    await sql`create trigger members_name_fts_delete after delete on members begin
      insert into members_name_fts(members_name_fts, rowid, name_line)
        values ('delete', old.id, ${name('old')});
    end`.execute(db)
    await sql`create trigger members_name_fts_update after update of search_text on members begin
      insert into members_name_fts(members_name_fts, rowid, name_line)
        values ('delete', old.id, ${name('old')});
      insert into members_name_fts(rowid, name_line) values (new.id, ${name('new')});
    end`.execute(db)
    await sql`insert into members_name_fts(rowid, name_line)
      select id, ${sql.raw(SQLITE_NAME_LINE('search_text'))} from members`.execute(db)
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  }
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
