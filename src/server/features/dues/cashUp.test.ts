// The day's cash-up: totals per method and fund, closing locks the day, voids after closing.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { verifyChain } from '../history'
import { duesWorld, type DuesWorld } from '../../testing/duesWorld'
import type { CashUp, CashUpClerk } from './cashUpSchemas'

let w: DuesWorld
let giftId: number
beforeAll(async () => {
  w = await duesWorld()
  giftId = await w.fund({ kind: 'gift', name_en: 'Tithe' })
})
afterAll(() => w.ctx.close())

const cashUp = async (who = w.clerk, query = '') => w.call(who, { url: `/api/cash-up?${query}` })
const close = (who: typeof w.clerk, payload: Record<string, unknown>) =>
  w.call(who, { method: 'POST', url: '/api/cash-up/close', payload })

describe('the day’s cash-up', () => {
  it('lists each account’s payments of the day with totals per method and fund, voids left out', async () => {
    const day = '2026-01-10'
    const a = await w.member()
    const b = await w.member(undefined, w.otherClerk)
    const paid = [
      await w.pay(w.clerk, { member_id: a, amount: 5000, received_on: day }),
      await w.pay(w.clerk, {
        member_id: a,
        amount: 2500,
        received_on: day,
        method: 'telebirr',
        reference: 'TB1',
      }),
      await w.pay(w.clerk, { member_id: a, amount: 700, received_on: day, fund_id: giftId }),
      await w.pay(w.clerk, { member_id: a, amount: 900, received_on: day, fund_id: giftId }),
      await w.pay(w.otherClerk, { member_id: b, amount: 5000, received_on: day }),
      await w.pay(w.clerk, {
        member_id: a,
        amount: 1111,
        received_on: '2026-01-11',
        fund_id: giftId,
      }),
    ]
    expect(paid.map((p) => p.statusCode)).toEqual([201, 201, 201, 201, 201, 201])
    const voided = await w.call(w.clerk, {
      method: 'POST',
      url: `/api/payments/${paid[3].payment.id}/void`,
      payload: { reason: 'Typed twice' },
    })
    expect(voided.statusCode).toBe(200)

    const mine = (await cashUp(w.clerk, `day=${day}`)).json<CashUp>()
    expect(mine.clerks.map((c) => c.username)).toEqual(['clerk-a'])
    const own = mine.clerks[0]
    expect(own.payments.map((p) => [p.amount, p.status])).toEqual([
      [5000, 'valid'],
      [2500, 'valid'],
      [700, 'valid'],
      [900, 'void'],
    ])
    expect(own.total).toEqual({ count: 3, amount: 8200 })
    expect(own.by_method).toEqual([
      { method: 'cash', count: 2, amount: 5700 },
      { method: 'telebirr', count: 1, amount: 2500 },
    ])
    expect(own.by_fund).toEqual([
      { fund_id: w.fundId, count: 2, amount: 7500 },
      { fund_id: giftId, count: 1, amount: 700 },
    ])
    expect(own.closed).toBeNull()

    // A clerk asking for another account's day sees nothing of it; auditors see every account.
    expect((await cashUp(w.clerk, `day=${day}&user_id=${w.otherClerk.id}`)).statusCode).toBe(404)
    const all = (await cashUp(w.auditor, `day=${day}`)).json<CashUp>()
    expect(all.clerks.map((c) => [c.username, c.total.amount])).toEqual([
      ['clerk-a', 8200],
      ['clerk-b', 5000],
    ])
    const one = (await cashUp(w.admin, `day=${day}&user_id=${w.otherClerk.id}`)).json<CashUp>()
    expect(one.clerks.map((c) => c.username)).toEqual(['clerk-b'])
    const empty = (await cashUp(w.admin, `day=2025-12-01&user_id=${w.auditor.id}`)).json<CashUp>()
    expect(empty.clerks).toEqual([
      expect.objectContaining({ username: 'board', payments: [], total: { count: 0, amount: 0 } }),
    ])
  })

  it('closes a day once: no payment goes into it, and only an admin voids one of it', async () => {
    const day = '2026-01-12'
    const member = await w.member()
    const first = await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: day })
    const second = await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: day })

    expect((await close(w.auditor, { day })).statusCode).toBe(403)
    expect((await close(w.otherClerk, { day, user_id: w.clerk.id })).statusCode).toBe(403)
    expect((await close(w.clerk, { day: '2026-02-30' })).statusCode).toBe(400)
    expect((await close(w.clerk, { day: '2026-03-01' })).statusCode).toBe(400)

    const closed = await close(w.clerk, { day })
    expect(closed.statusCode).toBe(200)
    expect(closed.json<CashUpClerk>()).toMatchObject({
      username: 'clerk-a',
      total: { count: 2, amount: 10000 },
      closed: { by: 'clerk-a', payment_count: 2, total: 10000 },
    })
    expect((await close(w.clerk, { day })).statusCode).toBe(409)

    const late = await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: day })
    expect(late.statusCode).toBe(409)
    expect(JSON.parse(late.body)).toMatchObject({ errors: { received_on: 'dayClosed' } })
    // Another account's day, and the next day, stay open.
    expect(
      (await w.pay(w.admin, { member_id: member, amount: 5000, received_on: day })).statusCode,
    ).toBe(201)
    expect(
      (await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: '2026-01-13' }))
        .statusCode,
    ).toBe(201)

    const voidUrl = `/api/payments/${first.payment.id}/void`
    const refused = await w.call(w.clerk, {
      method: 'POST',
      url: voidUrl,
      payload: { reason: 'Wrong member' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toEqual({ received_on: 'dayClosed' })
    const byAdmin = await w.call(w.admin, {
      method: 'POST',
      url: voidUrl,
      payload: { reason: 'Wrong member' },
    })
    expect(byAdmin.json()).toMatchObject({ status: 'void' })

    // The closing keeps its totals; the day now shows the void.
    const after = (await cashUp(w.clerk, `day=${day}`)).json<CashUp>().clerks[0]
    expect(after.closed).toMatchObject({ payment_count: 2, total: 10000 })
    expect(after.total).toEqual({ count: 1, amount: 5000 })
    expect(after.payments.map((p) => [p.id, p.status])).toEqual([
      [first.payment.id, 'void'],
      [second.payment.id, 'valid'],
    ])

    const history = await w.call(w.admin, { url: '/api/audit?action=cash_day_close' })
    expect(history.json<{ items: { details: Record<string, unknown> }[] }>().items).toEqual([
      expect.objectContaining({
        actor_username: 'clerk-a',
        subject_user_id: w.clerk.id,
        details: expect.objectContaining({
          day,
          payment_count: 2,
          total: 10000,
          receipts: [first.payment.receipt_number, second.payment.receipt_number],
        }),
      }),
    ])
    expect(await verifyChain(w.ctx.database.db)).toMatchObject({ intact: true })
  })

  it('refuses a clerk another account’s payment of a closed day for the role, not the day', async () => {
    const day = '2026-01-16'
    // The admin receives for the clerk's member, then closes the admin's own day.
    const member = await w.member()
    const paid = await w.pay(w.admin, { member_id: member, amount: 5000, received_on: day })
    expect((await close(w.admin, { day })).statusCode).toBe(200)
    const refused = await w.call(w.clerk, {
      method: 'POST',
      url: `/api/payments/${paid.payment.id}/void`,
      payload: { reason: 'Wrong member' },
    })
    // Open or closed, the clerk never voids it: a plain 403, not "ask an admin, the day is closed".
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toBeUndefined()
  })

  it('refuses to close a day that changed since its cash-up was shown, and closes it as shown', async () => {
    const day = '2026-01-15'
    const member = await w.member()
    await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: day })
    const shown = (await cashUp(w.clerk, `day=${day}`)).json<CashUp>().clerks[0].total
    expect(shown).toEqual({ count: 1, amount: 5000 })
    // Another device records a payment between the look and the press.
    await w.pay(w.clerk, { member_id: member, amount: 2500, received_on: day })
    const expected = { expected_count: shown.count, expected_total: shown.amount }

    const refused = await close(w.clerk, { day, ...expected })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual({ day: 'changedSinceShown' })
    expect((await cashUp(w.clerk, `day=${day}`)).json<CashUp>().clerks[0].closed).toBeNull()
    expect(
      (await w.pay(w.clerk, { member_id: member, amount: 100, received_on: day })).statusCode,
    ).toBe(201)

    const now = (await cashUp(w.clerk, `day=${day}`)).json<CashUp>().clerks[0].total
    const closed = await close(w.clerk, {
      day,
      expected_count: now.count,
      expected_total: now.amount,
    })
    expect(closed.statusCode).toBe(200)
    expect(closed.json<CashUpClerk>().closed).toMatchObject({ payment_count: 3, total: 7600 })
    expect((await close(w.clerk, { day: '2026-01-17', expected_count: -1 })).statusCode).toBe(400)
  })

  it('lets an admin close a clerk’s day', async () => {
    const day = '2026-01-14'
    const member = await w.member()
    await w.pay(w.clerk, { member_id: member, amount: 5000, received_on: day })
    const closed = await close(w.admin, { day, user_id: w.clerk.id })
    expect(closed.json<CashUpClerk>()).toMatchObject({
      user_id: w.clerk.id,
      closed: { by: 'secretary', total: 5000 },
    })
    expect((await close(w.admin, { day, user_id: 999_999 })).statusCode).toBe(404)
  })

  it('refuses a day that is not a date', async () => {
    expect((await cashUp(w.clerk, 'day=2026-13-01')).statusCode).toBe(400)
    expect((await cashUp(w.clerk, 'day=yesterday')).statusCode).toBe(400)
    expect((await cashUp(w.clerk)).statusCode).toBe(400)
  })
})
