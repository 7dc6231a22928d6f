import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// SQLite only (docs/decisions/0135): an index of members by owner alone, which SQLite keeps in
// (owner_user_id, rowid) order, so a search shorter than a trigram walks one owner's members
// newest first and stops at its page. Without it the planner took another owner index and
// sorted every one of the owner's rows: seconds at 1,000,000 members for any such search.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await sql`create index members_owner_newest on members (owner_user_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return
  await sql`drop index members_owner_newest`.execute(db)
}
