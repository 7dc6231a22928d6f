import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'
import { createStatementTriggers, dropTriggers, membersTriggersKeeping } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// PostgreSQL only: member_search is a narrow copy of each member's owner, status and search text,
// with its own pg_trgm index, from which a text search counts its matches. pg_trgm's index only
// narrows the candidates; every candidate row is read again to check the LIKE. Read from members
// that meant one fat row (≈770 bytes, ten to a page) per match: 6,000 heap pages for a name
// fragment 8,300 of 95,000 members share, count p50 11.4 → 7.6 ms and p95 16.6 → 10.7 ms from
// the narrow table (eight name fragments in turn, 100,000 members). The page of results still
// comes from members, whose own trigram index lets the planner pick its cheapest plan for rare
// and common fragments alike. SQLite counts through its FTS5 index and members_search_cover.
//
// Triggers keep the copy in the transaction of every write to members, whoever makes it;
// deleting a member deletes its row (foreign key, cascade).
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create table member_search (
    member_id integer primary key references members(id) on delete cascade,
    owner_user_id integer not null,
    membership_status text,
    search_text text not null
  )`.execute(db)
  const copy = (rows: string) =>
    `insert into member_search (member_id, owner_user_id, membership_status, search_text)
     select id, owner_user_id, membership_status, search_text from ${rows}`
  const bodies = {
    insert: copy('new_rows'),
    // Only the rows whose owner, status or text changed: an edit of a date or a yes-or-no
    // answer does not rewrite the copy. Statement triggers over transition tables, as for
    // member_counts: a 500-row insert of the seed is one statement, not 500.
    update: `${copy(`(select n.* from new_rows n join old_rows o on o.id = n.id
        where (n.owner_user_id, n.membership_status, n.search_text)
          is distinct from (o.owner_user_id, o.membership_status, o.search_text)
        order by n.id) changed`)}
      on conflict (member_id) do update set owner_user_id = excluded.owner_user_id,
        membership_status = excluded.membership_status, search_text = excluded.search_text`,
  }
  await createStatementTriggers(db, membersTriggersKeeping('member_search'), bodies, 8)
  // After the triggers: creating them locks members against writes until this migration
  // commits, so no write can fall between the copy and the triggers.
  await sql.raw(copy('members')).execute(db)
  await sql`create index member_search_trgm on member_search
    using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`analyze member_search`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await dropTriggers(db, membersTriggersKeeping('member_search'), ['insert', 'update'])
  await db.schema.dropTable('member_search').execute()
}
