import { type Kysely, sql } from 'kysely'
import { inSqliteTransaction, isPostgres } from '../portable'

// Pieces several migrations build with. Not a migration (index.ts lists those). Migrations have
// run on church databases, so nothing here may change what they built: the schema snapshot
// beside them (decision 0350) fails on any change, white space in stored texts included.

export type RowEvent = 'insert' | 'delete' | 'update'

/**
 * A migration's steps in one transaction. Kysely runs each PostgreSQL migration in one already
 * and SQLite ones outside any, so SQLite gets `begin immediate`: no write from another process
 * falls between a table's triggers and its backfill.
 */
export function inMigrationTransaction(db: Kysely<any>, work: () => Promise<void>) {
  return isPostgres(db) ? work() : inSqliteTransaction(db, work)
}

/** The transition tables a statement trigger of each event reads. */
const REFERENCING: Record<RowEvent, string> = {
  insert: 'new table as new_rows',
  delete: 'old table as old_rows',
  update: 'old table as old_rows new table as new_rows',
}

/** A set of triggers on one table: each event's trigger and, on PostgreSQL, its function. */
export interface TriggerNames {
  table: string
  trigger: (event: RowEvent) => string
  fn: (event: RowEvent) => string
}

/**
 * PostgreSQL statement triggers over transition tables (new_rows, old_rows), so a 500-row
 * insert is one statement, not 500: for each event, a function running its statement and the
 * trigger that calls it. search_path is pinned at creation, so a function finds its schema's
 * tables whatever path the writing session has. PostgreSQL keeps a function's source as
 * written: `margin` is the indent each migration first wrote it with.
 */
export async function createStatementTriggers(
  db: Kysely<any>,
  names: TriggerNames,
  statements: Partial<Record<RowEvent, string>>,
  margin: number,
) {
  const indent = ' '.repeat(margin)
  for (const [event, statement] of Object.entries(statements) as [RowEvent, string][]) {
    const fn = names.fn(event)
    await sql
      .raw(
        `create function ${fn}() returns trigger
        language plpgsql set search_path from current as $$
${indent}begin
${indent}  ${statement};
${indent}  return null;
${indent}end $$`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${names.trigger(event)} after ${event} on ${names.table}
        referencing ${REFERENCING[event]}
        for each statement execute function ${fn}()`,
      )
      .execute(db)
  }
}

/** The triggers on members that keep the table `kept` up to date, and their functions. */
export const membersTriggersKeeping = (kept: string): TriggerNames => ({
  table: 'members',
  trigger: (event) => `${kept}_${event}`,
  fn: (event) => `${kept}_after_${event}`,
})

/**
 * A per-account counter table (n members per owner_user_id and `key`, gone with the account)
 * kept by `triggers` on members, then filled by `backfill`, in one transaction. After the
 * triggers: on PostgreSQL creating them locks members against writes until the migration
 * commits, so no write can fall between the count and the triggers.
 */
export async function createCounter(
  db: Kysely<any>,
  counter: string,
  key: string,
  steps: { triggers: () => Promise<void>; backfill: string },
) {
  await inMigrationTransaction(db, async () => {
    await db.schema
      .createTable(counter)
      .addColumn('owner_user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn(key, 'text', (col) => col.notNull())
      .addColumn('n', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${counter}_pkey`, ['owner_user_id', key])
      .execute()
    await steps.triggers()
    await sql.raw(steps.backfill).execute(db)
  })
}

/** Undoes createCounter: the triggers (and their functions), then the table. */
export async function dropCounter(db: Kysely<any>, counter: string) {
  await dropTriggers(db, membersTriggersKeeping(counter))
  await db.schema.dropTable(counter).execute()
}

/**
 * PostgreSQL: the statement triggers that keep a per-account counter table `counter` (n rows per
 * owner_user_id and `key`) in step with members. `rows(table, delta)` selects owner_user_id,
 * `key` and delta from a transition table. Every change is applied in one statement in key
 * order: two transactions (say transfers A→B and B→A) then lock the counter rows they share in
 * the same order and cannot deadlock.
 */
export async function createCounterTriggers(
  db: Kysely<any>,
  counter: string,
  key: string,
  rows: (table: string, delta: number) => string,
) {
  const apply = (deltas: string) => `
    insert into ${counter} (owner_user_id, ${key}, n)
    select owner_user_id, ${key}, sum(delta) from (${deltas}) deltas
    group by owner_user_id, ${key}
    having sum(delta) <> 0
    order by owner_user_id, ${key}
    on conflict (owner_user_id, ${key})
    do update set n = ${counter}.n + excluded.n`
  const statements = {
    insert: apply(rows('new_rows', 1)),
    delete: apply(rows('old_rows', -1)),
    update: apply(`${rows('old_rows', -1)} union all ${rows('new_rows', 1)}`),
  }
  await createStatementTriggers(db, membersTriggersKeeping(counter), statements, 8)
}

/** Drops the triggers `names` gives for `events`, and on PostgreSQL their functions. */
export async function dropTriggers(
  db: Kysely<any>,
  names: TriggerNames,
  events: RowEvent[] = ['insert', 'delete', 'update'],
) {
  const pg = isPostgres(db)
  for (const event of events) {
    const trigger = names.trigger(event)
    if (pg) {
      await sql.raw(`drop trigger if exists ${trigger} on ${names.table}`).execute(db)
      await sql.raw(`drop function if exists ${names.fn(event)}()`).execute(db)
    } else {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
    }
  }
}

/** SQLite: the name line of a search text (its first line: the folded names). */
export const sqliteNameLine = (text: string) =>
  `substr(${text}, 1, instr(${text} || char(10), char(10)) - 1)`

/**
 * SQLite: the contentless FTS5 trigram index of members' name lines that migration
 * 2026_11_26_1401 built (and 2026_11_27_1001's down builds again), its triggers and its rows.
 * SQLite keeps each text as written: they keep the indent they were first written with.
 */
export async function createContentlessNameIndex(db: Kysely<any>) {
  await sql`create virtual table members_name_fts using fts5(
      name_line, content='', tokenize='trigram')`.execute(db)
  const name = (row: string) => sql.raw(sqliteNameLine(`${row}.search_text`))
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
    select id, ${sql.raw(sqliteNameLine('search_text'))} from members`.execute(db)
}

/** Each named index over its columns of `table`, in order; `{ unique: columns }` a unique one. */
export async function createIndexes(
  db: Kysely<any>,
  table: string,
  indexes: Record<string, string[] | { unique: string[] }>,
) {
  for (const [name, columns] of Object.entries(indexes)) {
    const index = db.schema.createIndex(name).on(table)
    await (
      Array.isArray(columns) ? index.columns(columns) : index.columns(columns.unique).unique()
    ).execute()
  }
}
