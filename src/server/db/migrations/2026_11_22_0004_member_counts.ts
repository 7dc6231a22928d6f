import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'
import { createCounter, createCounterTriggers, dropCounter } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// member_counts holds how many members each account owns per membership_status ('' for none),
// so the total of a search without a text query is one small read instead of count(*) over the
// owner's rows (16-26 ms for 95,000 members on PostgreSQL). Triggers keep it in the same
// transaction as every write to members, whoever makes it: the routes, `npm run seed`'s batched
// inserts, or SQL typed by hand. Zero rows stay; they go with their account (cascade), which
// can only be deleted once it owns no members.
export async function up(db: Kysely<any>): Promise<void> {
  await createCounter(db, 'member_counts', 'membership_status', {
    triggers: () => (isPostgres(db) ? createPostgresTriggers(db) : createSqliteTriggers(db)),
    backfill: `insert into member_counts (owner_user_id, membership_status, n)
      select owner_user_id, coalesce(membership_status, ''), count(*) from members
      group by owner_user_id, coalesce(membership_status, '')`,
  })
}

/** SQLite has row triggers only; it runs one writer at a time, so their order cannot deadlock. */
async function createSqliteTriggers(db: Kysely<any>) {
  const add = (owner: string, status: string) =>
    sql.raw(`insert into member_counts (owner_user_id, membership_status, n)
      values (${owner}, coalesce(${status}, ''), 1)
      on conflict (owner_user_id, membership_status) do update set n = n + 1;`)
  const remove = (owner: string, status: string) =>
    sql.raw(`update member_counts set n = n - 1
      where owner_user_id = ${owner} and membership_status = coalesce(${status}, '');`)
  await sql`create trigger member_counts_insert after insert on members begin
    ${add('new.owner_user_id', 'new.membership_status')}
  end`.execute(db)
  await sql`create trigger member_counts_delete after delete on members begin
    ${remove('old.owner_user_id', 'old.membership_status')}
  end`.execute(db)
  // Only when the owner or the status changes: an edit of other fields leaves the counts alone.
  await sql`create trigger member_counts_update after update of owner_user_id, membership_status
    on members
    when old.owner_user_id is not new.owner_user_id
      or old.membership_status is not new.membership_status
  begin
    ${remove('old.owner_user_id', 'old.membership_status')}
    ${add('new.owner_user_id', 'new.membership_status')}
  end`.execute(db)
}

/**
 * PostgreSQL: statement triggers over transition tables, so a 500-row insert of the seed is one
 * upsert, not 500, applied in key order so that two transactions cannot deadlock.
 */
function createPostgresTriggers(db: Kysely<any>) {
  return createCounterTriggers(
    db,
    'member_counts',
    'membership_status',
    (table, delta) =>
      `select owner_user_id, coalesce(membership_status, '') as membership_status, ${delta} as delta
     from ${table}`,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCounter(db, 'member_counts')
}
