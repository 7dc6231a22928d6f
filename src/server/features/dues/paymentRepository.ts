// All SQL of payments, their allocations and the receipt counters.
import { type Compilable, type Insertable, sql } from 'kysely'
import type { Db, PaymentsTable } from '../../db/tables'
import { idMadeByKey } from '../../db/keyedRows'

/**
 * The year's next receipt number, taken in the payment's transaction: one upsert that both
 * engines run atomically. On PostgreSQL a second transaction waits on the row until the first
 * ends, so numbers are gapless across processes; a rollback gives its number back (decision 0190).
 */
export async function nextReceiptNumber(trx: Db, year: number): Promise<number> {
  const row = await counterUpsert(trx, year).executeTakeFirstOrThrow()
  return Number(row.last_number)
}

function counterUpsert(db: Db, year: number) {
  return db
    .insertInto('receipt_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('year')
        .doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
}

/**
 * PostgreSQL, in one statement: the year's next receipt number (as nextReceiptNumber), the id
 * the payment will take and the history chain's tail. The chain's lock must be held already
 * (taken in an earlier statement, so this one's snapshot sees the tail its holder left).
 */
export async function takeReceiptAndTail(trx: Db, year: number) {
  const row = await trx
    .with('c', (db) => counterUpsert(db as Db, year))
    .selectFrom('c')
    .select((eb) => [
      'c.last_number',
      sql<number>`nextval(pg_get_serial_sequence('payments', 'id'))::integer`.as('id'),
      eb.selectFrom('audit_events').select('seq').orderBy('seq', 'desc').limit(1).as('seq'),
      eb.selectFrom('audit_events').select('hash').orderBy('seq', 'desc').limit(1).as('hash'),
    ])
    .executeTakeFirstOrThrow()
  const tail = row.seq === null || row.hash === null ? undefined : { seq: row.seq, hash: row.hash }
  return { number: Number(row.last_number), id: row.id, tail }
}

/** A payment as recorded: the table's columns less those the database or a void sets. */
export type NewPayment = Omit<
  Insertable<PaymentsTable>,
  'id' | 'created_at' | 'voided_at' | 'voided_by' | 'void_reason'
>

const allocationRows = (
  paymentId: number,
  payment: NewPayment,
  allocations: { month: string; amount: number }[],
) =>
  allocations.map((a) => ({
    payment_id: paymentId,
    fund_id: payment.fund_id,
    member_id: payment.member_id,
    household_id: payment.household_id,
    month: a.month,
    amount: a.amount,
  }))

export async function insertPayment(
  trx: Db,
  payment: NewPayment,
  allocations: { month: string; amount: number }[],
): Promise<{ id: number; created_at: string }> {
  const created_at = new Date().toISOString()
  const { id } = await trx
    .insertInto('payments')
    .values({ ...payment, created_at })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (allocations.length > 0) {
    await trx
      .insertInto('payment_allocations')
      .values(allocationRows(id, payment, allocations))
      .execute()
  }
  return { id, created_at }
}

/**
 * PostgreSQL: a payment whose id is taken (takeReceiptAndTail), its months and the other
 * writes of its transaction (the day's total, the summary row, the history event) as one
 * statement of data-modifying CTEs: each statement is a round trip.
 */
export async function insertPaymentWith(
  trx: Db,
  payment: NewPayment & { id: number; created_at: string },
  allocations: { month: string; amount: number }[],
  others: readonly Compilable[],
): Promise<void> {
  const writes: Compilable[] = [trx.insertInto('payments').values(payment)]
  if (allocations.length > 0) {
    writes.push(
      trx
        .insertInto('payment_allocations')
        .values(allocationRows(payment.id, payment, allocations)),
    )
  }
  const all = [...writes, ...others]
  const ctes = all.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`)
  await sql`with ${sql.join(ctes)} ${all[all.length - 1]}`.execute(trx)
}

const PAYMENT_COLUMNS = [
  'payments.id',
  'payments.fund_id',
  'payments.member_id',
  'payments.household_id',
  'payments.amount',
  'payments.currency',
  'payments.method',
  'payments.reference',
  'payments.received_on',
  'payments.receipt_number',
  'payments.verify_code',
  'payments.recorded_by',
  'payments.recorded_by_username',
  'payments.created_at',
  'payments.voided_at',
  'payments.void_reason',
  'members.first_name',
  'members.last_name',
  'members.owner_user_id',
  'households.name as household_name',
  'households.owner_user_id as household_owner_user_id',
] as const

function paymentQuery(db: Db) {
  return db
    .selectFrom('payments')
    .leftJoin('members', 'members.id', 'payments.member_id')
    .leftJoin('households', 'households.id', 'payments.household_id')
    .select(PAYMENT_COLUMNS)
}

/** The account that owns the payment's payer now (undefined: the payer is gone). */
export const payerOwnerOf = (row: {
  member_id: number | null
  owner_user_id: number | null
  household_owner_user_id: number | null
}): number | undefined =>
  (row.member_id !== null ? row.owner_user_id : row.household_owner_user_id) ?? undefined

export type PaymentListRow = Awaited<ReturnType<typeof findPaymentRow>> & object

export function findPaymentRow(db: Db, id: number) {
  return paymentQuery(db).where('payments.id', '=', id).executeTakeFirst()
}

/** The payment an account's earlier request with this Idempotency-Key recorded, if any. */
export const findPaymentIdByKey = (db: Db, userId: number, key: string) =>
  idMadeByKey(db, 'payments', userId, key)

export function findPaymentByCode(db: Db, code: string) {
  return paymentQuery(db).where('payments.verify_code', '=', code).executeTakeFirst()
}

export interface PaymentFilters {
  /** Clerks: only payments of members and households this account owns. */
  ownerId: number | null
  memberId?: number
  householdId?: number
  fundId?: number
  from?: string
  to?: string
  /** Ids below this one (the page before's last). */
  beforeId?: number
  limit: number
}

/** Newest first by id; the page's allocations come with it. */
export function listPaymentRows(db: Db, filters: PaymentFilters) {
  let query = paymentQuery(db).orderBy('payments.id', 'desc').limit(filters.limit)
  const ownerId = filters.ownerId
  if (ownerId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('members.owner_user_id', '=', ownerId),
        eb('households.owner_user_id', '=', ownerId),
      ]),
    )
  }
  if (filters.memberId !== undefined)
    query = query.where('payments.member_id', '=', filters.memberId)
  if (filters.householdId !== undefined)
    query = query.where('payments.household_id', '=', filters.householdId)
  if (filters.fundId !== undefined) query = query.where('payments.fund_id', '=', filters.fundId)
  if (filters.from) query = query.where('payments.received_on', '>=', filters.from)
  if (filters.to) query = query.where('payments.received_on', '<=', filters.to)
  if (filters.beforeId !== undefined) query = query.where('payments.id', '<', filters.beforeId)
  return query.execute()
}

export async function allocationsOf(db: Db, paymentIds: number[]) {
  if (paymentIds.length === 0) return new Map<number, { month: string; amount: number }[]>()
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['payment_id', 'month', 'amount'])
    .where('payment_id', 'in', paymentIds)
    .orderBy('payment_id')
    .orderBy('month')
    .execute()
  const out = new Map<number, { month: string; amount: number }[]>()
  for (const row of rows) {
    const list = out.get(row.payment_id) ?? []
    list.push({ month: row.month, amount: Number(row.amount) })
    out.set(row.payment_id, list)
  }
  return out
}

/** Marks a payment and its months void; false when it was void already. */
export async function markVoid(trx: Db, id: number, by: number, reason: string): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ voided_at: new Date().toISOString(), voided_by: by, void_reason: reason })
    .where('id', '=', id)
    .where('voided_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return false
  await trx
    .updateTable('payment_allocations')
    .set({ voided: 1 })
    .where('payment_id', '=', id)
    .execute()
  return true
}
