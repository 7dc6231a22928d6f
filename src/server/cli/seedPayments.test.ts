import { sql } from 'kysely'
import {
  compareMonths,
  type DuesMonth,
  ethiopianYearOf,
  monthOfDay,
  receiptNumber,
} from '../../domain'
import { isPostgres } from '../db/portable'
import type { Db } from '../db/tables'
import { testDatabasePerTest } from '../testing/testApp'
import { seedOwner } from '../testing/seedOwner'
import { memberDuesBases, startMonthOf } from '../features/dues'
import { seedPayments } from './seedPayments'

/** PostgreSQL: the payment tables' indexes and constraints, as the seed must leave them. */
async function paymentSchema(db: Db): Promise<string[]> {
  if (!isPostgres(db)) return []
  const { rows } = await sql<{ what: string }>`
    select pg_get_indexdef(indexrelid) as what from pg_index
    where indrelid in ('payments'::regclass, 'payment_allocations'::regclass)
    union all
    select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where conrelid in ('payments'::regclass, 'payment_allocations'::regclass)`.execute(db)
  return rows.map((row) => row.what).sort()
}

describe('the seed’s payments', () => {
  const databases = testDatabasePerTest()

  it('pays most members’ months, one allocation each, with gapless receipt numbers', async () => {
    const { db } = await databases.open()
    const owner = await seedOwner(db, 'office', 200, 3)
    const schema = await paymentSchema(db)
    // Two rounds: the second pays only those who had nothing, its numbers after the first's.
    const first = await seedPayments(db, {
      ownerId: owner.id,
      ownerName: 'office',
      months: 24,
      seed: 3,
      currentMonth: '2018-05',
    })
    const second = await seedPayments(db, {
      ownerId: owner.id,
      ownerName: 'office',
      months: 2,
      seed: 4,
      currentMonth: '2018-05',
    })
    const payments = await db
      .selectFrom('payments')
      .select(['id', 'receipt_year', 'receipt_number', 'amount'])
      .execute()
    expect(payments).toHaveLength(first + second)
    // Members joined over many years: well over half of 24 months × 200 are paid.
    expect(first).toBeGreaterThan(200 * 24 * 0.4)
    const byYear = new Map<number, string[]>()
    for (const p of payments)
      byYear.set(p.receipt_year, [...(byYear.get(p.receipt_year) ?? []), p.receipt_number])
    for (const [year, numbers] of byYear) {
      const expected = numbers.map((_, i) => receiptNumber(year, i + 1))
      expect([...numbers].sort()).toEqual(expected)
      const counter = await db
        .selectFrom('receipt_counters')
        .select('last_number')
        .where('year', '=', year)
        .executeTakeFirstOrThrow()
      expect(Number(counter.last_number)).toBe(numbers.length)
    }
    const allocations = await db
      .selectFrom('payment_allocations')
      .select(['payment_id', 'member_id', 'month', 'amount'])
      .execute()
    expect(allocations).toHaveLength(payments.length)
    // No member's month is paid twice, whichever round paid it.
    const once = new Set(allocations.map((a) => `${a.member_id}:${a.month}`))
    expect(once.size).toBe(allocations.length)
    expect(allocations.every((a) => a.month >= '2016-05' && a.month <= '2018-04')).toBe(true)

    // Each payment as the app's rules have it: received in the month it pays, numbered in
    // that day's Ethiopian year, never before the member's dues start, a verify code of 16
    // random bytes; and the tables' indexes and constraints back as they were.
    const rows = await db
      .selectFrom('payments')
      .innerJoin('payment_allocations', 'payment_allocations.payment_id', 'payments.id')
      .select([
        'payments.member_id',
        'payments.received_on',
        'payments.receipt_year',
        'payments.verify_code',
        'payments.amount',
        'payment_allocations.member_id as paid_for',
        'payment_allocations.month',
        'payment_allocations.amount as allocated',
      ])
      .execute()
    const bases = await memberDuesBases(db).execute()
    const startOf = new Map(bases.map((m) => [m.id, startMonthOf(m)]))
    expect(rows).toHaveLength(payments.length)
    for (const row of rows) {
      expect(monthOfDay(row.received_on)).toBe(row.month)
      expect(ethiopianYearOf(row.received_on)).toBe(row.receipt_year)
      expect(row.paid_for).toBe(row.member_id)
      expect(Number(row.allocated)).toBe(Number(row.amount))
      expect(
        compareMonths(row.month as DuesMonth, startOf.get(row.member_id!)!),
      ).toBeGreaterThanOrEqual(0)
      expect(row.verify_code).toMatch(/^[A-Za-z0-9_-]{22}$/)
    }
    expect(new Set(rows.map((row) => row.verify_code)).size).toBe(rows.length)
    // The days' totals the collections report reads hold every payment.
    const totals = await db
      .selectFrom('dues_day_totals')
      .select([sql<number>`sum(count)`.as('count'), sql<number>`sum(amount)`.as('amount')])
      .executeTakeFirstOrThrow()
    expect(Number(totals.count)).toBe(payments.length)
    expect(Number(totals.amount)).toBe(payments.reduce((n, p) => n + Number(p.amount), 0))
    expect(await paymentSchema(db)).toEqual(schema)
  })
})
