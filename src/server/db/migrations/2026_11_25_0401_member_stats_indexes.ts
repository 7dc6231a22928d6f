import { type Kysely, sql } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// GET /api/stats reads one account's members in narrow indexes, never their wide rows: gender
// and birth date for the gender and age charts, created_at for registrations per month, the
// ministries text for members per ministry, and each yearly date's month-day ('MM-DD') so this
// week's birthdays and anniversaries are a lookup of a few month-days, not a scan (the date
// itself in the index too: the exact test of each match reads no row).
const MONTH_DAY_COLUMNS = ['date_of_birth', 'baptism_date', 'date_joined']

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index members_owner_gender_birth on members
    (owner_user_id, gender, date_of_birth)`.execute(db)
  await sql`create index members_owner_created on members (owner_user_id, created_at)`.execute(db)
  await sql`create index members_owner_ministries on members
    (owner_user_id, current_ministries) where current_ministries <> '[]'`.execute(db)
  for (const column of MONTH_DAY_COLUMNS) {
    await sql`create index ${sql.raw(`members_owner_${column}_month_day`)} on members
      (owner_user_id, substr(${sql.ref(column)}, 6, 5), ${sql.ref(column)})`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of MONTH_DAY_COLUMNS) {
    await sql`drop index ${sql.raw(`members_owner_${column}_month_day`)}`.execute(db)
  }
  await sql`drop index members_owner_ministries`.execute(db)
  await sql`drop index members_owner_created`.execute(db)
  await sql`drop index members_owner_gender_birth`.execute(db)
}
