import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// SQLite only (docs/decisions/0136): the name index of migration 2026_11_26_1401 indexes each
// name line with a space before it and two line breaks after it, case-sensitively (the text is
// folded already), and its vocabulary becomes a table. Every one or two letters of a name are
// then the start of some indexed trigram, and a word's start one after a space, so a search
// shorter than a trigram finds its name matches from the trigrams that start with it.
const NAME_TEXT = (row: string) =>
  `' ' || substr(${row}.search_text, 1, instr(${row}.search_text || char(10), char(10)) - 1)` +
  ` || char(10, 10)`

async function createNameIndex(db: Kysely<any>, text: (row: string) => string, tokenize: string) {
  await sql`create virtual table members_name_fts using fts5(
    name_line, content='', tokenize=${sql.raw(`'${tokenize}'`)})`.execute(db)
  const name = (row: string) => sql.raw(text(row))
  await sql`create trigger members_name_fts_insert after insert on members begin
    insert into members_name_fts(rowid, name_line) values (new.id, ${name('new')});
  end`.execute(db)
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
    select id, ${name('members')} from members`.execute(db)
}

async function dropNameIndex(db: Kysely<any>) {
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists members_name_fts_${event}`).execute(db)
  }
  await sql`drop table if exists members_name_fts`.execute(db)
}

async function inTransaction(db: Kysely<any>, work: () => Promise<void>) {
  // Kysely runs SQLite migrations outside a transaction: no write from another process may
  // fall between the old index's end and the new one's backfill.
  await sql`begin immediate`.execute(db)
  try {
    await work()
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await inTransaction(db, async () => {
    await dropNameIndex(db)
    await createNameIndex(db, NAME_TEXT, 'trigram case_sensitive 1')
    await sql`create virtual table members_name_vocab
      using fts5vocab(members_name_fts, 'row')`.execute(db)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  const plain = (row: string) =>
    `substr(${row}.search_text, 1, instr(${row}.search_text || char(10), char(10)) - 1)`
  await inTransaction(db, async () => {
    await sql`drop table if exists members_name_vocab`.execute(db)
    await dropNameIndex(db)
    await createNameIndex(db, plain, 'trigram')
  })
}
