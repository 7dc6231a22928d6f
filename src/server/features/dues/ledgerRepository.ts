// The rows a payer's ledger is built from: its start, category, rates, payments and waivers.
import { sql } from 'kysely'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'

/** What a member's dues start from: the office's settings, else joining or registration. */
export function findMemberDuesBasis(db: Db, memberId: number) {
  return db
    .selectFrom('members')
    .leftJoin('member_dues', 'member_dues.member_id', 'members.id')
    .select([
      'members.id',
      'members.owner_user_id',
      'members.first_name',
      'members.last_name',
      'members.date_joined',
      'members.created_at',
      'member_dues.category',
      'member_dues.start_month',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst()
}

export async function saveMemberDues(
  db: Db,
  memberId: number,
  settings: { category: string; start_month: string | null },
): Promise<void> {
  const values = { ...settings, updated_at: new Date().toISOString() }
  await db
    .insertInto('member_dues')
    .values({ member_id: memberId, ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute()
}

export function fundRates(db: Db, fundId: number) {
  return db
    .selectFrom('fund_rates')
    .select(['category', 'from_month', 'amount'])
    .where('fund_id', '=', fundId)
    .execute()
}

/** Paid per month by a member into a fund, voided payments left out. */
export async function paidByMonth(db: Db, memberId: number, fundId: number) {
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['month', sql<number>`sum(amount)`.as('paid')])
    .where('member_id', '=', memberId)
    .where('fund_id', '=', fundId)
    .where('voided', '=', 0)
    .groupBy('month')
    .execute()
  return new Map(rows.map((row) => [row.month, Number(row.paid)]))
}

export async function waivedMonths(db: Db, memberId: number, fundId: number) {
  const rows = await db
    .selectFrom('dues_waivers')
    .select('month')
    .where('member_id', '=', memberId)
    .where('fund_id', '=', fundId)
    .execute()
  return new Set(rows.map((row) => row.month))
}

export async function insertWaivers(
  db: Db,
  rows: { fund_id: number; member_id: number; month: string; reason: string; created_by: number }[],
): Promise<void> {
  const now = new Date().toISOString()
  await db
    .insertInto('dues_waivers')
    .values(rows.map((row) => ({ ...row, household_id: null, created_at: now })))
    .execute()
}

// Any constant: the first key of the two-key advisory lock that serialises one payer's dues.
const PAYER_LOCK = 0x64756573

/**
 * Serialises the writes of one member's dues on PostgreSQL (two payments at once must not both
 * take the same month); SQLite runs one writing transaction at a time.
 */
export async function lockMemberDues(trx: Db, memberId: number): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${PAYER_LOCK}, ${memberId})`.execute(trx)
}
