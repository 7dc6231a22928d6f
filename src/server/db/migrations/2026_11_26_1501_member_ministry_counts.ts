import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'
import { createCounter, createCounterTriggers, dropCounter } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// member_ministry_counts holds how many members each account has in each ministry, so the
// dashboard's "members per ministry" reads a few dozen rows instead of grouping every member's
// current_ministries (15 ms at 95,000 members, growing with them). As member_counts (0004):
// triggers keep it in the same transaction as every write to members, zero rows stay, and the
// rows go with their account. A member counts once per distinct non-blank text item of a
// current_ministries JSON array; text that is not such an array counts for nothing, as in the
// query this replaces.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  await createCounter(db, 'member_ministry_counts', 'ministry', {
    triggers: () => (pg ? createPostgresTriggers(db) : createSqliteTriggers(db)),
    backfill: pg
      ? `insert into member_ministry_counts (owner_user_id, ministry, n)
             select m.owner_user_id, x.ministry, count(*) from members m
             cross join lateral member_ministry_items(m.current_ministries) x
             where m.current_ministries <> '[]'
             group by m.owner_user_id, x.ministry`
      : `insert into member_ministry_counts (owner_user_id, ministry, n)
             select m.owner_user_id, j.value, count(distinct m.id) from members m
             join json_each(${sqliteArray('m.current_ministries')}) j
             where m.current_ministries <> '[]' and ${sqliteNotBlank('j')}
             group by m.owner_user_id, j.value`,
  })
}

/** Blank: nothing but ASCII white space or no-break spaces (stored items are trimmed anyway). */
const SQLITE_BLANK = `' ' || char(9, 10, 11, 12, 13, 160)`

/** `column` if it holds a JSON array, else an empty one (json_each fails on bad JSON). */
function sqliteArray(column: string) {
  return `case when json_valid(${column}) and json_type(${column}) = 'array'
    then ${column} else '[]' end`
}

const sqliteNotBlank = (item: string) =>
  `${item}.type = 'text' and trim(${item}.value, ${SQLITE_BLANK}) <> ''`

/** The distinct non-blank text items of a JSON array held in `column`, as rows of `value`. */
function sqliteItems(column: string) {
  return `select distinct j.value as value from json_each(${sqliteArray(column)}) j
    where ${sqliteNotBlank('j')}`
}

async function createSqliteTriggers(db: Kysely<any>) {
  // "where true": SQLite's upsert after a SELECT needs a WHERE to parse.
  const add = (row: string) =>
    sql.raw(`insert into member_ministry_counts (owner_user_id, ministry, n)
      select ${row}.owner_user_id, value, 1 from (${sqliteItems(`${row}.current_ministries`)})
      where true
      on conflict (owner_user_id, ministry) do update set n = n + 1;`)
  const remove = (row: string) =>
    sql.raw(`update member_ministry_counts set n = n - 1
      where owner_user_id = ${row}.owner_user_id
        and ministry in (${sqliteItems(`${row}.current_ministries`)});`)
  await sql`create trigger member_ministry_counts_insert after insert on members
    when new.current_ministries <> '[]'
  begin
    ${add('new')}
  end`.execute(db)
  await sql`create trigger member_ministry_counts_delete after delete on members
    when old.current_ministries <> '[]'
  begin
    ${remove('old')}
  end`.execute(db)
  // Only when the owner or the ministries change: other edits leave the counts alone.
  await sql`create trigger member_ministry_counts_update
    after update of owner_user_id, current_ministries on members
    when old.owner_user_id is not new.owner_user_id
      or old.current_ministries is not new.current_ministries
  begin
    ${remove('old')}
    ${add('new')}
  end`.execute(db)
}

/**
 * PostgreSQL: statement triggers over transition tables, changes applied in key order (as in
 * 0004). member_ministry_items reads the JSON text; text that is not JSON yields no items
 * rather than failing the write (PostgreSQL 15 has no IS JSON test).
 */
async function createPostgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function member_ministry_items(list text) returns table (ministry text)
      language plpgsql immutable as $$
      declare parsed jsonb;
      begin
        if list is null or list = '[]' then return; end if;
        begin
          parsed := list::jsonb;
        exception when others then
          return;
        end;
        if jsonb_typeof(parsed) <> 'array' then return; end if;
        return query select distinct e #>> '{}' from jsonb_array_elements(parsed) e
          where jsonb_typeof(e) = 'string'
            and btrim(e #>> '{}', E' \\t\\n\\u000b\\f\\r\\u00a0') <> '';
      end $$`,
    )
    .execute(db)
  await createCounterTriggers(
    db,
    'member_ministry_counts',
    'ministry',
    (table, delta) => `select r.owner_user_id, x.ministry, ${delta} as delta from ${table} r
     cross join lateral member_ministry_items(r.current_ministries) x`,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCounter(db, 'member_ministry_counts')
  if (isPostgres(db)) {
    await sql.raw(`drop function if exists member_ministry_items(text)`).execute(db)
  }
}
