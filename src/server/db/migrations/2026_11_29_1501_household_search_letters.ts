import { type Kysely, sql } from 'kysely'
import { inSqliteTransaction, isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// A household search of one or two letters found from an index (docs/decisions/0285), as
// member search finds its own (decisions 0136 and 0138). SQLite: households_fts is built again
// over a view whose texts end in two line breaks, case-sensitively (the text is folded
// already), with its vocabulary as a table, so every one or two letters of a text start an
// indexed trigram. PostgreSQL: a GIN index of every text's letters and pairs.
const TRIGGERS = ['insert', 'delete', 'update'].map((event) => `households_fts_${event}`)

async function dropAll(db: Kysely<any>) {
  await sql`drop table if exists households_fts_vocab`.execute(db)
  for (const trigger of TRIGGERS) await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
  await sql`drop table if exists households_fts`.execute(db)
  await sql`drop view if exists households_fts_text`.execute(db)
}

/** The index over `content` whose text of one row is `text(row)`, kept by triggers and built. */
async function createIndex(
  db: Kysely<any>,
  content: string,
  tokenize: string,
  text: (row: string) => string,
) {
  const value = (row: string) => sql.raw(text(row))
  await sql`create virtual table households_fts using fts5(search_text,
    content=${sql.lit(content)}, content_rowid='id', tokenize=${sql.lit(tokenize)})`.execute(db)
  await sql`create trigger households_fts_insert after insert on households begin
    insert into households_fts(rowid, search_text) values (new.id, ${value('new')});
  end`.execute(db)
  // An external-content index forgets a row by being told its old text.
  await sql`create trigger households_fts_delete after delete on households begin
    insert into households_fts(households_fts, rowid, search_text)
      values ('delete', old.id, ${value('old')});
  end`.execute(db)
  // Only when the text changes: an address edit or a transfer leaves the index alone.
  await sql`create trigger households_fts_update after update of search_text on households
  begin
    insert into households_fts(households_fts, rowid, search_text)
      values ('delete', old.id, ${value('old')});
    insert into households_fts(rowid, search_text) values (new.id, ${value('new')});
  end`.execute(db)
  await sql`insert into households_fts(households_fts) values ('rebuild')`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // abal_search_grams came with migration 2026_11_27_1201.
    await sql`create index households_search_grams on households
      using gin (abal_search_grams(search_text))`.execute(db)
    await sql`analyze households`.execute(db)
    return
  }
  // No household may be written between the old index's end and the new one's build.
  await inSqliteTransaction(db, async () => {
    await dropAll(db)
    await sql`create view households_fts_text as
      select id, search_text || char(10, 10) as search_text from households`.execute(db)
    await createIndex(
      db,
      'households_fts_text',
      'trigram case_sensitive 1',
      (row) => `${row}.search_text || char(10, 10)`,
    )
    await sql`create virtual table households_fts_vocab
      using fts5vocab(households_fts, 'row')`.execute(db)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists households_search_grams`.execute(db)
    return
  }
  // As migration 2026_11_29_1101 left it.
  await inSqliteTransaction(db, async () => {
    await dropAll(db)
    await createIndex(db, 'households', 'trigram', (row) => `${row}.search_text`)
  })
}
