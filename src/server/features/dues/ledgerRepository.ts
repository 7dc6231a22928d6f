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

/** What a household's dues start from: the office's settings, else its creation. */
export function findHouseholdDuesBasis(db: Db, householdId: number) {
  return db
    .selectFrom('households')
    .leftJoin('household_dues', 'household_dues.household_id', 'households.id')
    .select([
      'households.id',
      'households.owner_user_id',
      'households.name',
      'households.created_at',
      'household_dues.category',
      'household_dues.start_month',
    ])
    .where('households.id', '=', householdId)
    .executeTakeFirst()
}

export async function saveHouseholdDues(
  db: Db,
  householdId: number,
  settings: { category: string; start_month: string | null },
): Promise<void> {
  const values = { ...settings, updated_at: new Date().toISOString() }
  await db
    .insertInto('household_dues')
    .values({ household_id: householdId, ...values })
    .onConflict((oc) => oc.column('household_id').doUpdateSet(values))
    .execute()
}

/** Whose ledger: a member's or a household's, by the column its rows carry. */
export interface PayerKey {
  column: 'member_id' | 'household_id'
  id: number
}

export function fundRates(db: Db, fundId: number) {
  return db
    .selectFrom('fund_rates')
    .select(['category', 'from_month', 'amount'])
    .where('fund_id', '=', fundId)
    .execute()
}

/** Paid per month by a payer into a fund, voided payments left out. */
export async function paidByMonth(db: Db, payer: PayerKey, fundId: number) {
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['month', sql<number>`sum(amount)`.as('paid')])
    .where(payer.column, '=', payer.id)
    .where('fund_id', '=', fundId)
    .where('voided', '=', 0)
    .groupBy('month')
    .execute()
  return new Map(rows.map((row) => [row.month, Number(row.paid)]))
}

export async function waivedMonths(db: Db, payer: PayerKey, fundId: number) {
  const rows = await db
    .selectFrom('dues_waivers')
    .select('month')
    .where(payer.column, '=', payer.id)
    .where('fund_id', '=', fundId)
    .execute()
  return new Set(rows.map((row) => row.month))
}

export async function insertWaivers(
  db: Db,
  payer: PayerKey,
  rows: { fund_id: number; month: string; reason: string; created_by: number }[],
): Promise<void> {
  const now = new Date().toISOString()
  const member_id = payer.column === 'member_id' ? payer.id : null
  const household_id = payer.column === 'household_id' ? payer.id : null
  await db
    .insertInto('dues_waivers')
    .values(rows.map((row) => ({ ...row, member_id, household_id, created_at: now })))
    .execute()
}

// Any constants: the first key of the two-key advisory lock that serialises one payer's dues.
export const MEMBER_DUES_LOCK = 0x64756573
export const HOUSEHOLD_DUES_LOCK = 0x64756574

/**
 * Serialises the writes of one member's dues on PostgreSQL (two payments at once must not both
 * take the same month); SQLite runs one writing transaction at a time.
 */
export async function lockMemberDues(trx: Db, memberId: number): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${MEMBER_DUES_LOCK}, ${memberId})`.execute(trx)
}

/** As lockMemberDues, for a household's dues (its own key space: ids of two tables). */
export async function lockHouseholdDues(trx: Db, householdId: number): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${HOUSEHOLD_DUES_LOCK}, ${householdId})`.execute(trx)
}

/** Locks the payer's dues for the transaction. */
export const lockPayerDues = (trx: Db, payer: PayerKey): Promise<void> =>
  payer.column === 'member_id' ? lockMemberDues(trx, payer.id) : lockHouseholdDues(trx, payer.id)
