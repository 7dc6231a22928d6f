import { type Kysely, sql } from 'kysely'
import { inSqliteTransaction, isPostgres } from '../portable'
import { createContentlessNameIndex, sqliteNameLine } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// SQLite only (docs/decisions/0136 and 0137): both FTS5 trigram indexes of member search are
// built again over views whose texts end in two line breaks (the name line also starts with a
// space), case-sensitively (the texts are folded already), and each one's vocabulary becomes a
// table. Every one or two letters of a text then start an indexed trigram, and a name word's
// start is the trigram after a space, so a search shorter than a trigram finds its matches
// from the trigrams that start with it. The name index, contentless before, now reads its
// view too, so both are rebuilt from their views the same way.
interface TextIndex {
  table: string
  column: string
  /** The view the index reads its texts from, and the text of one members row. */
  view: string
  text: (row: string) => string
}

const INDEXES: TextIndex[] = [
  {
    table: 'members_fts',
    column: 'search_text',
    view: 'members_fts_text',
    text: (row) => `${row}.search_text || char(10, 10)`,
  },
  {
    table: 'members_name_fts',
    column: 'name_line',
    view: 'members_name_text',
    text: (row) => `' ' || ${sqliteNameLine(`${row}.search_text`)} || char(10, 10)`,
  },
]

async function dropTriggers(db: Kysely<any>, table: string) {
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists ${table}_${event}`).execute(db)
  }
}

async function createIndex(db: Kysely<any>, { table, column, view, text }: TextIndex) {
  const [fts, col] = [sql.raw(table), sql.raw(column)]
  const value = (row: string) => sql.raw(text(row))
  await sql`create view ${sql.raw(view)} as
    select id, ${value('members')} as ${col} from members`.execute(db)
  await sql`create virtual table ${fts} using fts5(${col}, content=${sql.lit(view)},
    content_rowid='id', tokenize='trigram case_sensitive 1')`.execute(db)
  // An external-content index forgets a row by being told its old text.
  await sql`create trigger ${sql.raw(`${table}_insert`)} after insert on members begin
    insert into ${fts}(rowid, ${col}) values (new.id, ${value('new')});
  end`.execute(db)
  await sql`create trigger ${sql.raw(`${table}_delete`)} after delete on members begin
    insert into ${fts}(${fts}, rowid, ${col}) values ('delete', old.id, ${value('old')});
  end`.execute(db)
  // Only when the text changes: a transfer or a photo swap leaves the index alone.
  await sql`create trigger ${sql.raw(`${table}_update`)} after update of search_text on members
  begin
    insert into ${fts}(${fts}, rowid, ${col}) values ('delete', old.id, ${value('old')});
    insert into ${fts}(rowid, ${col}) values (new.id, ${value('new')});
  end`.execute(db)
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  // Kysely runs SQLite migrations outside a transaction: no write from another process may
  // fall between an old index's end and the new one's build.
  await inSqliteTransaction(db, async () => {
    for (const index of INDEXES) {
      await dropTriggers(db, index.table)
      await sql`drop table if exists ${sql.raw(index.table)}`.execute(db)
      await createIndex(db, index)
    }
    await sql`create virtual table members_fts_vocab
      using fts5vocab(members_fts, 'row')`.execute(db)
    await sql`create virtual table members_name_vocab
      using fts5vocab(members_name_fts, 'row')`.execute(db)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await inSqliteTransaction(db, async () => {
    await sql`drop table if exists members_fts_vocab`.execute(db)
    await sql`drop table if exists members_name_vocab`.execute(db)
    for (const { table, view } of INDEXES) {
      await dropTriggers(db, table)
      await sql`drop table if exists ${sql.raw(table)}`.execute(db)
      await sql`drop view if exists ${sql.raw(view)}`.execute(db)
    }
    // As migrations 2026_11_22_0002 and 2026_11_26_1401 left them.
    await sql`create virtual table members_fts using fts5(
      search_text, content='members', content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger members_fts_insert after insert on members begin
      insert into members_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db)
    await sql`create trigger members_fts_delete after delete on members begin
      insert into members_fts(members_fts, rowid, search_text)
        values ('delete', old.id, old.search_text);
    end`.execute(db)
    await sql`create trigger members_fts_update after update of search_text on members begin
      insert into members_fts(members_fts, rowid, search_text)
        values ('delete', old.id, old.search_text);
      insert into members_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db)
    await sql`insert into members_fts(members_fts) values ('rebuild')`.execute(db)
    await createContentlessNameIndex(db)
  })
}
