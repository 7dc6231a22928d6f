// All SQL of the day's cash-up: a day's payments by the accounts that recorded them, closed days.
import { sql } from 'kysely'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'

/** The day's payments (received_on), one account's or everyone's, by account then number. */
export function dayPaymentRows(db: Db, day: string, recordedBy: number | null) {
  let query = db
    .selectFrom('payments')
    .leftJoin('members', 'members.id', 'payments.member_id')
    .leftJoin('households', 'households.id', 'payments.household_id')
    .select([
      'payments.id',
      'payments.receipt_number',
      'payments.fund_id',
      'payments.member_id',
      'payments.household_id',
      'payments.amount',
      'payments.method',
      'payments.reference',
      'payments.recorded_by',
      'payments.recorded_by_username',
      'payments.voided_at',
      'members.first_name',
      'members.last_name',
      'households.name as household_name',
    ])
    .where('payments.received_on', '=', day)
    .orderBy('payments.recorded_by')
    .orderBy('payments.id')
  if (recordedBy !== null) query = query.where('payments.recorded_by', '=', recordedBy)
  return query.execute()
}

export type DayPaymentRow = Awaited<ReturnType<typeof dayPaymentRows>>[number]

export function closedDayRows(db: Db, day: string, recordedBy: number | null) {
  let query = db.selectFrom('cash_days').selectAll().where('day', '=', day)
  if (recordedBy !== null) query = query.where('recorded_by', '=', recordedBy)
  return query.execute()
}

export function findClosedDay(db: Db, recordedBy: number, day: string) {
  return db
    .selectFrom('cash_days')
    .selectAll()
    .where('recorded_by', '=', recordedBy)
    .where('day', '=', day)
    .executeTakeFirst()
}

export async function insertClosedDay(
  trx: Db,
  row: {
    recorded_by: number
    day: string
    payment_count: number
    total: number
    closed_by: number
    closed_by_username: string
  },
): Promise<string> {
  const closedAt = new Date().toISOString()
  await trx
    .insertInto('cash_days')
    .values({ ...row, closed_at: closedAt })
    .execute()
  return closedAt
}

export function usernamesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute()
}

// Any constant: the first key of the advisory lock that serialises one account's cash days.
export const CASH_LOCK = 0x63617368

/**
 * Serialises, per recording account, closing a day with recording into it or voiding in it on
 * PostgreSQL: a closed day's totals never miss a payment recorded at the same moment.
 */
export async function lockCashDays(trx: Db, recordedBy: number): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${CASH_LOCK}, ${recordedBy})`.execute(trx)
}
