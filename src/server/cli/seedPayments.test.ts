import { receiptNumber } from '../../domain'
import { createTestDatabase } from '../testing/testApp'
import { insertUser } from '../features/accounts'
import { seedMembers } from './seedMembers'
import { seedPayments } from './seedPayments'

describe('the seed’s payments', () => {
  it('pays most members’ months, one allocation each, with gapless receipt numbers', async () => {
    const database = await createTestDatabase()
    try {
      const { db } = database
      const owner = await insertUser(db, 'office', 'x')
      await seedMembers(db, { ownerId: owner.id, ownerName: 'office', count: 200, seed: 3 })
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
    } finally {
      await database.destroy()
    }
  })
})
