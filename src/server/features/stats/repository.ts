// The dashboard's figures as SQL aggregates over one account's members (or, once roles widen the
// scope, every account's): only counts and the few names of this week's dates leave the database.
import { type Expression, type SqlBool, sql } from 'kysely'
import { type AgeBand, GENDERS } from '../../../domain'
import { isPostgres } from '../../db/portable'
import { readRows } from '../../db/readPool'
import type { Db } from '../../db/tables'

/** null = every account's members. */
export type StatsOwner = number | null

function ownedBy(owner: StatsOwner): Expression<SqlBool> {
  return owner === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`owner_user_id = ${owner}`
}

/** A table of counts the triggers keep per account and key, summed per key over `owner`. */
async function sumKeptCounts(
  db: Db,
  owner: StatsOwner,
  table: 'member_counts' | 'member_ministry_counts',
  key: 'membership_status' | 'ministry',
): Promise<{ key: string; n: number }[]> {
  const rows = await readRows(
    db,
    sql<{ key: string; n: number | string }>`select ${sql.ref(key)} as key, sum(n) as n
      from ${sql.table(table)} where ${ownedBy(owner)} group by ${sql.ref(key)}`.compile(db),
  )
  return rows.map((row) => ({ key: row.key, n: Number(row.n) }))
}

/** Members per membership_status ('' for none), from the counts the triggers keep. */
export async function countByStatus(db: Db, owner: StatsOwner) {
  const rows = await sumKeptCounts(db, owner, 'member_counts', 'membership_status')
  return rows.map((row) => ({ status: row.key, n: row.n }))
}

/**
 * How many of the members meet each condition, one count per condition in one statement. Each
 * condition is a range of one narrow index, and the ranges do not overlap, so the database
 * steps once through each index entry it counts and evaluates nothing per row.
 */
async function rangeCounts(db: Db, owner: StatsOwner, conditions: readonly Expression<SqlBool>[]) {
  const parts = conditions.map(
    (condition, i) =>
      sql`select ${sql.lit(i)} as i, count(*) as n from members where ${ownedBy(owner)} and ${condition}`,
  )
  const rows = await readRows(
    db,
    sql<{ i: number | string; n: number | string }>`${sql.join(parts, sql` union all `)}`.compile(
      db,
    ),
  )
  const counts = conditions.map(() => 0)
  for (const row of rows) counts[Number(row.i)] = Number(row.n)
  return counts
}

/**
 * Members per gender and age band. `bornBy` holds the last birth date of someone at least 13,
 * 19, 31, 46 and 61 today (yyyy-mm-dd compares as text): each gender's band is a range of the
 * (owner, gender, birth date) index. Gender holds a key of GENDERS or nothing (the server
 * normalises it on every write).
 */
export async function countByGenderAndAge(db: Db, owner: StatsOwner, bornBy: readonly string[]) {
  const [c13, c19, c31, c46, c61] = bornBy
  const birth: [AgeBand, Expression<SqlBool>][] = [
    ['0-12', sql<SqlBool>`date_of_birth > ${c13}`],
    ['13-18', sql<SqlBool>`date_of_birth > ${c19} and date_of_birth <= ${c13}`],
    ['19-30', sql<SqlBool>`date_of_birth > ${c31} and date_of_birth <= ${c19}`],
    ['31-45', sql<SqlBool>`date_of_birth > ${c46} and date_of_birth <= ${c31}`],
    ['46-60', sql<SqlBool>`date_of_birth > ${c61} and date_of_birth <= ${c46}`],
    ['60+', sql<SqlBool>`date_of_birth <= ${c61}`],
    ['unknown', sql<SqlBool>`date_of_birth is null`],
  ]
  const genders = [...GENDERS.map((g) => g.key), null]
  const cells = genders.flatMap((gender) =>
    birth.map(([band, condition]) => ({
      gender: gender ?? '',
      band,
      condition:
        gender === null
          ? sql<SqlBool>`gender is null and ${condition}`
          : sql<SqlBool>`gender = ${gender} and ${condition}`,
    })),
  )
  const counts = await rangeCounts(
    db,
    owner,
    cells.map((cell) => cell.condition),
  )
  return cells.map(({ gender, band }, i) => ({ gender, band, n: counts[i] }))
}

/** Members whose transfer_date (an ISO timestamp) is at or after `sinceIso`. */
export async function countTransferredSince(db: Db, owner: StatsOwner, sinceIso: string) {
  const [row] = await readRows(
    db,
    db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(ownedBy(owner))
      .where('transfer_date', '>=', sinceIso)
      .compile(),
  )
  return Number(row?.n ?? 0)
}

/**
 * Members moved out of the account (or, for every account, between accounts) from `fromIso` to
 * `toIso`: the history's member_transfer events, whose details name the owner before the move.
 */
export async function countTransferredOutBetween(
  db: Db,
  owner: StatsOwner,
  fromIso: string,
  toIso: string,
) {
  let query = db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('action', '=', 'member_transfer')
    .where('at', '>=', fromIso)
    .where('at', '<', toIso)
  if (owner !== null) {
    const before = isPostgres(db)
      ? sql<string>`(cast(details as jsonb) #>> '{changes,owner_user_id,0}')`
      : sql<string>`json_extract(details, '$.changes.owner_user_id[0]')`
    query = query.where(sql<SqlBool>`${before} = ${isPostgres(db) ? String(owner) : owner}`)
  }
  const [row] = await readRows(db, query.compile())
  return Number(row?.n ?? 0)
}

/**
 * Registrations (created_at, an ISO timestamp) from each of `instants` (ascending) to the next:
 * ranges of the (owner, created_at) index.
 */
export async function countCreatedBetween(db: Db, owner: StatsOwner, instants: readonly string[]) {
  return rangeCounts(
    db,
    owner,
    instants
      .slice(0, -1)
      .map((from, i) => sql<SqlBool>`created_at >= ${from} and created_at < ${instants[i + 1]}`),
  )
}

/**
 * Members per ministry, most first, from the counts the triggers keep (migration
 * 2026_11_26_1501): a few rows per account, however many members.
 */
export async function countByMinistry(db: Db, owner: StatsOwner, limit: number) {
  const rows = await sumKeptCounts(db, owner, 'member_ministry_counts', 'ministry')
  return rows
    .map((row) => ({ ministry: row.key, n: row.n }))
    .filter((row) => row.n > 0)
    .sort((a, b) => b.n - a.n || a.ministry.localeCompare(b.ministry))
    .slice(0, limit)
}

export const RECURRING_DATES = ['date_of_birth', 'baptism_date', 'date_joined'] as const
export type RecurringDate = (typeof RECURRING_DATES)[number]

/** Members whose `column` has one of these month-days ('MM-DD'): ids and dates only. */
export async function findByMonthDays(
  db: Db,
  owner: StatsOwner,
  column: RecurringDate,
  monthDays: readonly string[],
): Promise<{ id: number; date: string }[]> {
  if (monthDays.length === 0) return []
  return readRows(
    db,
    db
      .selectFrom('members')
      .select(['id', sql<string>`${sql.ref(column)}`.as('date')])
      .where(ownedBy(owner))
      .where(sql<string>`substr(${sql.ref(column)}, 6, 5)`, 'in', monthDays)
      .compile(),
  )
}

/** The names of these members. */
export async function findNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return []
  return readRows(
    db,
    db
      .selectFrom('members')
      .select(['id', 'first_name', 'middle_name', 'last_name'])
      .where('id', 'in', ids)
      .compile(),
  )
}
