import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// SQLite only (docs/decisions/0137): the all-fields FTS5 index of members.search_text indexes
// each text with two line breaks after it, read through the view members_fts_text, and
// case-sensitively (the text is folded already); its vocabulary becomes a table. Every one or
// two letters of a member's text then start some indexed trigram, so a search shorter than a
// trigram finds its matches in any field from the trigrams that start with it.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  // Kysely runs SQLite migrations outside a transaction: no write from another process may
  // fall between the old index's end and the new one's build.
  await sql`begin immediate`.execute(db)
  try {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists members_fts_${event}`).execute(db)
    }
    await sql`drop table if exists members_fts`.execute(db)
    await sql`create view members_fts_text as
      select id, search_text || char(10, 10) as search_text from members`.execute(db)
    await sql`create virtual table members_fts using fts5(search_text,
      content='members_fts_text', content_rowid='id',
      tokenize='trigram case_sensitive 1')`.execute(db)
    const text = (row: string) => sql.raw(`${row}.search_text || char(10, 10)`)
    await sql`create trigger members_fts_insert after insert on members begin
      insert into members_fts(rowid, search_text) values (new.id, ${text('new')});
    end`.execute(db)
    await sql`create trigger members_fts_delete after delete on members begin
      insert into members_fts(members_fts, rowid, search_text)
        values ('delete', old.id, ${text('old')});
    end`.execute(db)
    // Only when the text changes: a transfer or a photo swap leaves the index alone.
    await sql`create trigger members_fts_update after update of search_text on members begin
      insert into members_fts(members_fts, rowid, search_text)
        values ('delete', old.id, ${text('old')});
      insert into members_fts(rowid, search_text) values (new.id, ${text('new')});
    end`.execute(db)
    await sql`insert into members_fts(members_fts) values ('rebuild')`.execute(db)
    await sql`create virtual table members_fts_vocab using fts5vocab(members_fts, 'row')`.execute(
      db,
    )
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await sql`drop table if exists members_fts_vocab`.execute(db)
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists members_fts_${event}`).execute(db)
  }
  await sql`drop table if exists members_fts`.execute(db)
  await sql`drop view if exists members_fts_text`.execute(db)
  await sql`create virtual table members_fts using fts5(
    search_text, content='members', content_rowid='id', tokenize='trigram')`.execute(db)
  await sql`create trigger members_fts_insert after insert on members begin
    insert into members_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`create trigger members_fts_delete after delete on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db)
  await sql`create trigger members_fts_update after update of search_text on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into members_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`insert into members_fts(members_fts) values ('rebuild')`.execute(db)
}
