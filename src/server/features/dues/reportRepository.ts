// All SQL of the dues reports: payments summed per fund and day, and the rows each member's
// ledger is built from, read for a whole owner's (or church's) members at once.
import { sql } from 'kysely'
import type { Db } from '../../db/tables'
import type { PayerKey } from './ledgerRepository'

/** Valid payments received from..to (days, inclusive) per fund and day; ownerId: clerks'. */
export function collectionRows(db: Db, from: string, to: string, ownerId: number | null) {
  let query = db
    .selectFrom('payments')
    .select([
      'payments.fund_id',
      'payments.received_on',
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(payments.amount)`.as('amount'),
    ])
    .where('payments.received_on', '>=', from)
    .where('payments.received_on', '<=', to)
    .where('payments.voided_at', 'is', null)
    .groupBy(['payments.fund_id', 'payments.received_on'])
  if (ownerId !== null) {
    // A payment's payer is a member or a household: either owned by the clerk counts.
    query = query
      .leftJoin('members', 'members.id', 'payments.member_id')
      .leftJoin('households', 'households.id', 'payments.household_id')
      .where((eb) =>
        eb.or([
          eb('members.owner_user_id', '=', ownerId),
          eb('households.owner_user_id', '=', ownerId),
        ]),
      )
  }
  return query.execute()
}

/** What each member's dues start from, with the name and phone a report shows. */
export function memberBases(db: Db, ownerId: number | null) {
  let query = db
    .selectFrom('members')
    .leftJoin('member_dues', 'member_dues.member_id', 'members.id')
    .leftJoin('users', 'users.id', 'members.owner_user_id')
    .select([
      'members.id',
      'members.owner_user_id',
      'members.first_name',
      'members.last_name',
      'members.phone_primary',
      'members.date_joined',
      'members.created_at',
      'member_dues.category',
      'member_dues.start_month',
      'users.username as owner_username',
    ])
  if (ownerId !== null) query = query.where('members.owner_user_id', '=', ownerId)
  return query.execute()
}

export type MemberBaseRow = Awaited<ReturnType<typeof memberBases>>[number]

/** Paid per member and month into a fund, voided payments left out. */
export function paidRows(db: Db, fundId: number, ownerId: number | null) {
  let query = db
    .selectFrom('payment_allocations')
    .select([
      'payment_allocations.member_id',
      'payment_allocations.month',
      sql<number>`sum(payment_allocations.amount)`.as('paid'),
    ])
    .where('payment_allocations.fund_id', '=', fundId)
    .where('payment_allocations.voided', '=', 0)
    .where('payment_allocations.member_id', 'is not', null)
    .groupBy(['payment_allocations.member_id', 'payment_allocations.month'])
  if (ownerId !== null) {
    query = query
      .innerJoin('members', 'members.id', 'payment_allocations.member_id')
      .where('members.owner_user_id', '=', ownerId)
  }
  return query.execute()
}

export function waiverRows(db: Db, fundId: number, ownerId: number | null) {
  let query = db
    .selectFrom('dues_waivers')
    .select(['dues_waivers.member_id', 'dues_waivers.month'])
    .where('dues_waivers.fund_id', '=', fundId)
    .where('dues_waivers.member_id', 'is not', null)
  if (ownerId !== null) {
    query = query
      .innerJoin('members', 'members.id', 'dues_waivers.member_id')
      .where('members.owner_user_id', '=', ownerId)
  }
  return query.execute()
}

/** A payer's valid payments received from..to, with the months each paid. */
export async function payerYearPayments(db: Db, payer: PayerKey, from: string, to: string) {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'receipt_number', 'fund_id', 'amount', 'method', 'received_on'])
    .where(payer.column, '=', payer.id)
    .where('received_on', '>=', from)
    .where('received_on', '<=', to)
    .where('voided_at', 'is', null)
    .orderBy('received_on')
    .orderBy('id')
    .execute()
  return rows
}

/** Up to `limit` ids of an owner's members (null: everyone's): is the scope small? */
export function scopedMemberIds(db: Db, ownerId: number | null, limit: number) {
  let query = db.selectFrom('members').select('id').limit(limit)
  if (ownerId !== null) query = query.where('owner_user_id', '=', ownerId)
  return query.execute()
}
