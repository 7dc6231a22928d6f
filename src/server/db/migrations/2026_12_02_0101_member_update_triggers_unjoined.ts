import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// PostgreSQL only. Two statement triggers on members found the rows an update changed by joining
// its transition tables on id. The planner takes each transition table for one row, so it joined
// them in a nested loop: quadratic in the rows one statement updates. Handing 10,000 members to
// another account took 93 s, nearly all of it in these two joins (decision 0382). A set difference finds the
// same rows (NULLs compare as equal in it, as `is distinct from` compares them) by hashing or
// sorting. The functions are replaced in place: their triggers stay as they are.
const SET_DIFFERENCE = {
  member_search_after_update: `insert into member_search (member_id, owner_user_id, membership_status, search_text)
      select id, owner_user_id, membership_status, search_text from (
        select id, owner_user_id, membership_status, search_text from new_rows
        except
        select id, owner_user_id, membership_status, search_text from old_rows
        order by id) changed
      on conflict (member_id) do update set owner_user_id = excluded.owner_user_id,
        membership_status = excluded.membership_status, search_text = excluded.search_text`,
  members_stale_update: `insert into dues_standing_stale (payer, payer_id)
      select 'member', id from (
        select id, date_joined from new_rows except select id, date_joined from old_rows) changed
      on conflict do nothing`,
}

/** The bodies before, as 2026_11_25_0005_member_search_pg and 2026_11_29_1301_dues_standings wrote them. */
const JOINED: typeof SET_DIFFERENCE = {
  member_search_after_update: `insert into member_search (member_id, owner_user_id, membership_status, search_text)
     select id, owner_user_id, membership_status, search_text from (select n.* from new_rows n join old_rows o on o.id = n.id
        where (n.owner_user_id, n.membership_status, n.search_text)
          is distinct from (o.owner_user_id, o.membership_status, o.search_text)
        order by n.id) changed
      on conflict (member_id) do update set owner_user_id = excluded.owner_user_id,
        membership_status = excluded.membership_status, search_text = excluded.search_text`,
  members_stale_update: `insert into dues_standing_stale (payer, payer_id) select 'member', n.id from new_rows n join old_rows o on o.id = n.id
           where n.date_joined is distinct from o.date_joined on conflict do nothing`,
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await replaceBodies(db, SET_DIFFERENCE)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await replaceBodies(db, JOINED)
}

/** Each statement trigger's function, its body replaced (its trigger keeps calling it). */
async function replaceBodies(db: Kysely<any>, bodies: Record<string, string>) {
  for (const [fn, statement] of Object.entries(bodies)) {
    await sql
      .raw(
        `create or replace function ${fn}() returns trigger
        language plpgsql set search_path from current as $$
        begin
          ${statement};
          return null;
        end $$`,
      )
      .execute(db)
  }
}
