// Receipt numbers under concurrency (decision 0190): 50 payments at once get 1…50 of their
// Ethiopian year with no gap and no repeat, and no month is paid twice. On PostgreSQL (with
// TEST_DATABASE_URL) the payments are split between two servers, each with its own connection
// pool over the same database, as two processes behind a proxy would be; their history events
// still make one unbroken chain.
import { buildApp } from '../../app'
import { anotherHandle, TEST_JWT_SECRET } from '../../testing/testApp'
import { duesWorld, type DuesWorld, TODAY } from '../../testing/duesWorld'
import { verifyChain } from '../history'
import type { Payment } from './paymentSchemas'

let w: DuesWorld
beforeAll(async () => {
  w = await duesWorld()
})
afterAll(() => w.ctx.close())

/** A second server over the same PostgreSQL schema; on SQLite the one server (one writer). */
async function secondServer() {
  const { database } = w.ctx
  if (database.dialect !== 'postgres') return { app: w.ctx.app, close: async () => undefined }
  const handle = anotherHandle(database)
  const app = await buildApp({
    db: handle.db,
    dialect: handle.dialect,
    jwtSecret: TEST_JWT_SECRET,
    clock: () => TODAY,
  })
  await app.ready()
  return {
    app,
    close: async () => {
      await app.close()
      await handle.destroy()
    },
  }
}

describe('receipt numbers', () => {
  it('gives 50 concurrent payments the numbers 1…50 of their year, none twice, no month twice', async () => {
    const second = await secondServer()
    try {
      const members = await Promise.all(Array.from({ length: 5 }, () => w.member()))
      const requests = Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? second.app : w.ctx.app).inject({
          method: 'POST',
          url: '/api/payments',
          // Two accounts: each one's cash days are locked apart, so their payments overlap.
          headers: (i % 3 ? w.clerk : w.admin).auth,
          payload: {
            fund_id: w.fundId,
            member_id: members[i % 5],
            amount: 5000,
            method: 'cash',
            received_on: '2026-01-20',
          },
        }),
      )
      const answers = await Promise.all(requests)
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201))
      const payments = answers.map((a) => a.json<Payment>())
      const numbers = payments.map((p) => p.receipt_number).sort()
      expect(numbers).toEqual(
        Array.from({ length: 50 }, (_, i) => `2018-${String(i + 1).padStart(6, '0')}`),
      )
      // Each member paid ten months, Meskerem to Sene, each month once.
      for (const member of members) {
        const months = payments
          .filter((p) => p.member_id === member)
          .flatMap((p) => p.allocations.map((a) => a.month))
          .sort()
        expect(months).toEqual([
          '2018-01',
          '2018-02',
          '2018-03',
          '2018-04',
          '2018-05',
          '2018-06',
          '2018-07',
          '2018-08',
          '2018-09',
          '2018-10',
        ])
      }
      // Each payment's history event follows the one before it, whichever server wrote it.
      const events = await w.ctx.database.db
        .selectFrom('audit_events')
        .select('details')
        .where('action', '=', 'payment_create')
        .execute()
      const recorded = events.map((e) => JSON.parse(e.details) as { receipt_number: string })
      expect(recorded.map((e) => e.receipt_number).sort()).toEqual(numbers)
      expect(await verifyChain(w.ctx.database.db)).toMatchObject({ intact: true })
    } finally {
      await second.close()
    }
  })

  it('gives a refused payment’s number to the next one, and starts each year at 1', async () => {
    const member = await w.member()
    const before = await w.pay(w.clerk, { member_id: member, amount: 5000 })
    const refused = await w.pay(w.clerk, { member_id: member, amount: 5000, months: ['2018-01'] })
    expect(refused.statusCode).toBe(400)
    const after = await w.pay(w.clerk, { member_id: member, amount: 5000 })
    const seq = (p: Payment) => Number(p.receipt_number.slice(5))
    expect(seq(after.payment)).toBe(seq(before.payment) + 1)
    // Received on 5 Pagume 2017 (10 September 2025): the year Pagume closes.
    const pagume = await w.pay(w.clerk, {
      member_id: member,
      amount: 5000,
      received_on: '2025-09-10',
    })
    expect(pagume.payment.receipt_number).toBe('2017-000001')
  })
})
