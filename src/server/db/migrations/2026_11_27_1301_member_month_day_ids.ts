import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// PostgreSQL only (docs/decisions/0141): the month-day indexes of GET /api/stats also hold each
// member's id, so this week's birthdays and anniversaries are read from the index alone. Without
// the id PostgreSQL fetched every match's row (14,083 birthdays in a week at 1,000,000 members:
// 35–73 ms against 3–4 ms). A SQLite index holds the rowid, which is the id, already.
const MONTH_DAY_COLUMNS = ['date_of_birth', 'baptism_date', 'date_joined']

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  for (const column of MONTH_DAY_COLUMNS) {
    await sql`create index ${sql.raw(`members_owner_${column}_month_day_ids`)} on members
      (owner_user_id, substr(${sql.ref(column)}, 6, 5), ${sql.ref(column)})
      include (id)`.execute(db)
    await sql`drop index ${sql.raw(`members_owner_${column}_month_day`)}`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  for (const column of MONTH_DAY_COLUMNS) {
    await sql`create index ${sql.raw(`members_owner_${column}_month_day`)} on members
      (owner_user_id, substr(${sql.ref(column)}, 6, 5), ${sql.ref(column)})`.execute(db)
    await sql`drop index ${sql.raw(`members_owner_${column}_month_day_ids`)}`.execute(db)
  }
}
