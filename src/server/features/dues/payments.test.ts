// POST/GET /api/payments, voids, waivers and the member's dues: allocation, receipts, roles.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { verifyChain } from '../history'
import { duesWorld, type DuesWorld } from '../../testing/duesWorld'
import { createUserAndSignIn, type SignedInUser } from '../../testing/testApp'
import type { PaymentPage } from './paymentSchemas'
import type { MemberDues } from './standingSchemas'

const PAYMENT_FIELDS = [
  'allocations',
  'amount',
  'created_at',
  'currency',
  'fund_id',
  'household_id',
  'id',
  'member_id',
  'method',
  'payer_name',
  'receipt_number',
  'received_by',
  'received_on',
  'reference',
  'status',
  'verify_path',
  'void_reason',
  'voided_at',
]

let w: DuesWorld
beforeAll(async () => {
  w = await duesWorld()
})
afterAll(() => w.ctx.close())

const dues = async (memberId: number, who = w.clerk, query = '') => {
  const res = await w.call(who, { url: `/api/members/${memberId}/dues${query}` })
  return { statusCode: res.statusCode, body: res.json<MemberDues>() }
}

describe('recording a payment', () => {
  it('fills the oldest months first, numbers the receipt by Ethiopian year, and answers 201', async () => {
    const member = await w.member()
    const res = await w.pay(w.clerk, { member_id: member, amount: 12500 })
    expect(res.statusCode).toBe(201)
    expect(res.payment).toMatchObject({
      receipt_number: expect.stringMatching(/^2018-\d{6}$/),
      amount: 12500,
      currency: 'ETB',
      method: 'cash',
      status: 'valid',
      payer_name: 'Abebe Kebede',
      received_by: 'clerk-a',
      allocations: [
        { month: '2018-01', amount: 5000 },
        { month: '2018-02', amount: 5000 },
        { month: '2018-03', amount: 2500 },
      ],
    })
    expect(res.payment.verify_path).toMatch(/^\/verify\/[A-Za-z0-9_-]{22}$/)
    // Every field the client's Payment type reads is in the answer, and nothing else.
    expect(Object.keys(res.payment).sort()).toEqual(PAYMENT_FIELDS)
    expect(Object.keys(res.payment.allocations[0]).sort()).toEqual(['amount', 'month'])
    // The partly paid month is completed first.
    const next = await w.pay(w.clerk, {
      member_id: member,
      amount: 5000,
      method: 'telebirr',
      reference: ' TX123 ',
    })
    expect(next.payment.allocations).toEqual([
      { month: '2018-03', amount: 2500 },
      { month: '2018-04', amount: 2500 },
    ])
    expect(next.payment.reference).toBe('TX123')
  })

  it('fills chosen months, months ahead included', async () => {
    const member = await w.member()
    const res = await w.pay(w.clerk, {
      member_id: member,
      amount: 10000,
      months: ['2018-09', '2018-08'],
    })
    expect(res.statusCode).toBe(201)
    expect(res.payment.allocations.map((a) => a.month)).toEqual(['2018-08', '2018-09'])
    const strip = await dues(member)
    // Every field the client's MemberDuesAnswer type reads is in the answer, and nothing else.
    expect(Object.keys(strip.body).sort()).toEqual([
      'arrears',
      'category',
      'currency',
      'current_month',
      'fund_id',
      'good_standing',
      'member_id',
      'months',
      'rule',
      'start_month',
      'start_month_set',
      'year',
    ])
    expect(Object.keys(strip.body.months[0]).sort()).toEqual(['due', 'month', 'paid', 'state'])
    expect(strip.body.months.map((m) => m.state)).toEqual([
      'unpaid',
      'unpaid',
      'unpaid',
      'unpaid',
      'unpaid',
      'not_due',
      'not_due',
      'paid',
      'paid',
      'not_due',
      'not_due',
      'not_due',
    ])
  })

  it('starts a member who joined mid-year at that month', async () => {
    const member = await w.member('2026-01-09') // 1 Tir 2018
    const res = await w.pay(w.clerk, { member_id: member, amount: 5000 })
    expect(res.payment.allocations).toEqual([{ month: '2018-05', amount: 5000 }])
    const strip = await dues(member)
    expect(strip.body).toMatchObject({ start_month: '2018-05', arrears: { months: 0, amount: 0 } })
    expect(strip.body.months.slice(0, 5).map((m) => m.state)).toEqual([
      'none',
      'none',
      'none',
      'none',
      'paid',
    ])
  })

  it('follows a start month and a reduced category the office sets', async () => {
    const member = await w.member()
    await w.call(w.admin, {
      method: 'POST',
      url: `/api/funds/${w.fundId}/rates`,
      payload: { amount: 2000, from_month: '2018-01', category: 'student' },
    })
    const set = await w.call(w.clerk, {
      method: 'PUT',
      url: `/api/members/${member}/dues`,
      payload: { category: 'student', start_month: '2018-03' },
    })
    expect(set.json()).toEqual({ category: 'student', start_month: '2018-03' })
    const res = await w.pay(w.clerk, { member_id: member, amount: 4000 })
    expect(res.payment.allocations).toEqual([
      { month: '2018-03', amount: 2000 },
      { month: '2018-04', amount: 2000 },
    ])
    const other = await w.call(w.otherClerk, {
      method: 'PUT',
      url: `/api/members/${member}/dues`,
      payload: { category: '' },
    })
    expect(other.statusCode).toBe(404)
  })

  it('keeps a member’s category and start month through the restore bin', async () => {
    const member = await w.member()
    await w.call(w.clerk, {
      method: 'PUT',
      url: `/api/members/${member}/dues`,
      payload: { category: 'student', start_month: '2018-03' },
    })
    await w.pay(w.clerk, { member_id: member, amount: 2000 })
    const before = await dues(member)
    expect(
      (await w.call(w.clerk, { method: 'DELETE', url: `/api/members/${member}` })).statusCode,
    ).toBe(204)
    const restore = await w.call(w.admin, {
      method: 'POST',
      url: `/api/admin/deleted-members/${member}/restore`,
    })
    expect(restore.statusCode).toBe(200)
    const after = await dues(member)
    expect(after.body).toMatchObject({ category: 'student', start_month: '2018-03' })
    expect(after.body.arrears).toEqual(before.body.arrears)
    expect(after.body.months).toEqual(before.body.months)
  })

  it('refuses what cannot be recorded, with the field that is wrong', async () => {
    const member = await w.member()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ member_id: member, amount: 0 }, 400, ''],
      [{ member_id: member, amount: 10.5 }, 400, ''],
      [{ member_id: member, amount: 5000, method: 'bitcoin' }, 400, ''],
      [{ member_id: member, amount: 5000, received_on: '2026-02-30' }, 400, 'received_on'],
      [{ member_id: member, amount: 5000, received_on: '2026-03-01' }, 400, 'received_on'],
      [{ member_id: member, amount: 5000, months: ['2018-13'] }, 400, 'months'],
      [{ member_id: member, amount: 6000, months: ['2018-01'] }, 400, 'amount'],
      [{ member_id: member, amount: 5000 * 100 }, 400, 'amount'],
      [{ household_id: 1, amount: 5000 }, 400, 'household_id'],
      [{ amount: 5000 }, 400, 'member_id'],
      [{ member_id: 999999, amount: 5000 }, 404, ''],
      [{ member_id: member, amount: 5000, fund_id: 999999 }, 400, 'fund_id'],
    ]
    for (const [body, status, field] of cases) {
      const res = await w.pay(w.clerk, body)
      expect({ body, status: res.statusCode }).toEqual({ body, status })
      if (field) expect(JSON.parse(res.body).errors).toHaveProperty(field)
    }
    expect(await w.paymentCount({ member_id: member })).toBe(0)
  })

  it('takes a JSON body as typed: no value of another type is converted', async () => {
    const member = await w.member()
    const cases: Record<string, unknown>[] = [
      { member_id: member, amount: true },
      { member_id: member, amount: [5000] },
      { member_id: member, amount: '5000' },
      { member_id: member, amount: '1e3' },
      { member_id: String(member), amount: 5000 },
      { member_id: member, amount: 5000, months: '2018-01' },
    ]
    for (const body of cases) {
      const res = await w.pay(w.clerk, body)
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 })
    }
    expect(await w.paymentCount({ member_id: member })).toBe(0)
    // A query stays text converted to its type, as a URL can only carry text.
    const listed = await w.call(w.clerk, { url: `/api/payments?member_id=${member}&limit=5` })
    expect(listed.statusCode).toBe(200)
  })

  it('takes a gift without months into a gift fund, and refuses a closed fund', async () => {
    const member = await w.member()
    const giftId = await w.fund({ kind: 'gift', name_en: 'Tithe' })
    const res = await w.pay(w.clerk, {
      member_id: member,
      amount: 123456,
      fund_id: giftId,
      method: 'cbe_birr',
    })
    expect(res.statusCode).toBe(201)
    expect(res.payment.allocations).toEqual([])
    const withMonths = await w.pay(w.clerk, {
      member_id: member,
      amount: 100,
      fund_id: giftId,
      months: ['2018-01'],
    })
    expect(withMonths.statusCode).toBe(400)
    await w.call(w.admin, {
      method: 'PUT',
      url: `/api/funds/${giftId}`,
      payload: { active: false },
    })
    const closed = await w.pay(w.clerk, { member_id: member, amount: 100, fund_id: giftId })
    expect(JSON.parse(closed.body).errors).toEqual({ fund_id: 'fundClosed' })
  })

  it('refuses a reference on more than one line, spending no receipt number', async () => {
    const member = await w.member()
    const first = await w.pay(w.clerk, { member_id: member, amount: 100, method: 'telebirr' })
    for (const reference of ['TX\n123', 'TX\t123', 'TX\r123']) {
      const res = await w.pay(w.clerk, {
        member_id: member,
        amount: 100,
        method: 'telebirr',
        reference,
      })
      expect(res.statusCode).toBe(400)
      expect(JSON.parse(res.body).errors).toEqual({ reference: 'invalidValue' })
    }
    const next = await w.pay(w.clerk, { member_id: member, amount: 100, method: 'telebirr' })
    expect(Number(next.payment.receipt_number.split('-').at(-1))).toBe(
      Number(first.payment.receipt_number.split('-').at(-1)) + 1,
    )
  })
})

describe('who may record and read', () => {
  it('lets a clerk pay for its own members only, an admin for anyone, an auditor for no one', async () => {
    const member = await w.member()
    expect((await w.pay(w.otherClerk, { member_id: member, amount: 5000 })).statusCode).toBe(404)
    expect((await w.pay(w.auditor, { member_id: member, amount: 5000 })).statusCode).toBe(403)
    expect((await w.pay(w.admin, { member_id: member, amount: 5000 })).statusCode).toBe(201)
    expect((await dues(member, w.otherClerk)).statusCode).toBe(404)
    expect((await dues(member, w.auditor)).statusCode).toBe(200)
    expect((await w.call(null, { url: `/api/members/${member}/dues` })).statusCode).toBe(401)
  })

  it('lists a clerk’s own members’ payments only, newest first, a page at a time', async () => {
    const mine = await w.member()
    const theirs = await w.member(undefined, w.otherClerk)
    for (let i = 0; i < 3; i++) await w.pay(w.clerk, { member_id: mine, amount: 1000 })
    await w.pay(w.otherClerk, { member_id: theirs, amount: 1000 })
    const page = await w.call(w.clerk, { url: `/api/payments?member_id=${mine}&limit=2` })
    const first = page.json<PaymentPage>()
    expect(first.items).toHaveLength(2)
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id)
    const rest = (
      await w.call(w.clerk, {
        url: `/api/payments?member_id=${mine}&limit=2&cursor=${first.next_cursor}`,
      })
    ).json<PaymentPage>()
    expect(rest).toMatchObject({ next_cursor: null })
    expect(rest.items).toHaveLength(1)
    const all = (await w.call(w.clerk, { url: '/api/payments?limit=200' })).json<PaymentPage>()
    expect(all.items.every((p) => p.member_id !== theirs)).toBe(true)
    expect((await w.call(w.clerk, { url: `/api/payments?member_id=${theirs}` })).statusCode).toBe(
      404,
    )
    const auditorView = (
      await w.call(w.auditor, { url: `/api/payments?member_id=${theirs}` })
    ).json<PaymentPage>()
    expect(auditorView.items).toHaveLength(1)
    const theirPayment = auditorView.items[0].id
    expect((await w.call(w.clerk, { url: `/api/payments/${theirPayment}` })).statusCode).toBe(404)
    expect((await w.call(w.otherClerk, { url: `/api/payments/${theirPayment}` })).statusCode).toBe(
      200,
    )
    const ranged = (
      await w.call(w.auditor, { url: '/api/payments?from=2026-01-21' })
    ).json<PaymentPage>()
    expect(ranged.items).toEqual([])
  })

  it('refuses a day received that does not exist, as the history filter does', async () => {
    for (const query of ['from=2026-02-31', 'to=2026-13-01', 'from=2026-00-10']) {
      const res = await w.call(w.auditor, { url: `/api/payments?${query}` })
      expect(res.statusCode).toBe(400)
      const field = query.split('=')[0]
      expect(res.json()).toMatchObject({ success: false, errors: { [field]: 'invalidValue' } })
    }
  })
})

describe('idempotent retries', () => {
  it('answers a repeated key with the same payment, once, even at once', async () => {
    const member = await w.member()
    const key = { 'idempotency-key': 'device-queue-0001' }
    const first = await w.pay(w.clerk, { member_id: member, amount: 5000 }, key)
    const again = await w.pay(w.clerk, { member_id: member, amount: 5000 }, key)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.payment.id).toBe(first.payment.id)
    expect(again.payment.receipt_number).toBe(first.payment.receipt_number)
    const together = await Promise.all(
      Array.from({ length: 6 }, () =>
        w.pay(
          w.clerk,
          { member_id: member, amount: 5000 },
          { 'idempotency-key': 'device-queue-0002' },
        ),
      ),
    )
    expect(new Set(together.map((r) => r.payment.id)).size).toBe(1)
    expect(together.filter((r) => r.statusCode === 201)).toHaveLength(1)
    const strip = await dues(member)
    expect(strip.body.months.filter((m) => m.state === 'paid')).toHaveLength(2)
    const bad = await w.pay(
      w.clerk,
      { member_id: member, amount: 5000 },
      { 'idempotency-key': 'short' },
    )
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a repeated key with other details (422) and records nothing more', async () => {
    const member = await w.member()
    const key = { 'idempotency-key': 'device-form-0003' }
    const first = await w.pay(w.clerk, { member_id: member, amount: 5000 }, key)
    expect(first.statusCode).toBe(201)
    for (const changed of [
      { amount: 10000 },
      { method: 'telebirr' },
      { reference: 'TX-1' },
      { months: ['2018-03'] },
    ]) {
      const res = await w.pay(w.clerk, { member_id: member, amount: 5000, ...changed }, key)
      expect(res.statusCode).toBe(422)
      expect(JSON.parse(res.body).errors).toEqual({
        'Idempotency-Key': 'keyUsedForOtherPayment',
      })
    }
    // Naming the months the payment covered is the same request.
    const same = await w.pay(w.clerk, { member_id: member, amount: 5000, months: ['2018-01'] }, key)
    expect([same.statusCode, same.payment.id]).toEqual([200, first.payment.id])
    const strip = await dues(member)
    expect(strip.body.months.filter((m) => m.state === 'paid')).toHaveLength(1)
  })

  it('answers a kept key to its recorder whose role no longer records, and records no more', async () => {
    const recorder = await createUserAndSignIn(w.ctx, 'clerk-moved-on')
    const member = await w.member(undefined, recorder)
    const key = { 'idempotency-key': 'device-form-0005' }
    const body = { member_id: member, amount: 5000 }
    const first = await w.pay(recorder, body, key)
    expect(first.statusCode).toBe(201)
    // Its answer was lost, and the account became an auditor before the retry.
    await w.ctx.database.db
      .updateTable('users')
      .set({ role: 'auditor' })
      .where('id', '=', recorder.id)
      .execute()
    const again = await w.pay(recorder, body, key)
    expect([again.statusCode, again.payment.id]).toEqual([200, first.payment.id])
    // A new key is a new payment, which the role does not record.
    expect(
      (await w.pay(recorder, body, { 'idempotency-key': 'device-form-0006' })).statusCode,
    ).toBe(403)
    expect(await w.paymentCount({ member_id: member })).toBe(1)
  })

  it('answers a retry sent with an empty months list as the payment it made', async () => {
    const member = await w.member()
    const key = { 'idempotency-key': 'device-form-0004' }
    const body = { member_id: member, amount: 5000, months: [] }
    const first = await w.pay(w.clerk, body, key)
    expect(first.statusCode).toBe(201)
    expect(first.payment.allocations).toEqual([{ month: '2018-01', amount: 5000 }])
    // No months named, as the first time: the same request, not another payment's details.
    const again = await w.pay(w.clerk, body, key)
    expect([again.statusCode, again.payment.id]).toEqual([200, first.payment.id])
    expect(await w.paymentCount({ member_id: member })).toBe(1)
  })
})

describe('voids and waivers', () => {
  it('voids a payment with a reason: the number stays, the months are owed again', async () => {
    const member = await w.member()
    const paid = await w.pay(w.clerk, { member_id: member, amount: 10000 })
    const url = `/api/payments/${paid.payment.id}/void`
    const payload = { reason: 'Typed twice' }
    expect((await w.call(w.auditor, { method: 'POST', url, payload })).statusCode).toBe(403)
    expect((await w.call(w.otherClerk, { method: 'POST', url, payload })).statusCode).toBe(404)
    expect(
      (await w.call(w.admin, { method: 'POST', url, payload: { reason: '  ' } })).statusCode,
    ).toBe(400)
    const voided = await w.call(w.admin, {
      method: 'POST',
      url,
      payload: { reason: 'Typed twice' },
    })
    expect(voided.json()).toMatchObject({
      status: 'void',
      void_reason: 'Typed twice',
      receipt_number: paid.payment.receipt_number,
    })
    expect(
      (await w.call(w.admin, { method: 'POST', url, payload: { reason: 'again' } })).statusCode,
    ).toBe(409)
    expect((await dues(member)).body.months[0]).toMatchObject({ paid: 0, state: 'unpaid' })
    const again = await w.pay(w.clerk, { member_id: member, amount: 5000 })
    expect(again.payment.allocations).toEqual([{ month: '2018-01', amount: 5000 }])
  })

  it('waives months (admins only); a waived month is skipped and not in arrears', async () => {
    const member = await w.member()
    const body = {
      fund_id: w.fundId,
      member_id: member,
      months: ['2018-02', '2018-01'],
      reason: 'Council decision 12/2018',
    }
    expect(
      (await w.call(w.clerk, { method: 'POST', url: '/api/dues/waivers', payload: body }))
        .statusCode,
    ).toBe(403)
    const res = await w.call(w.admin, { method: 'POST', url: '/api/dues/waivers', payload: body })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ months: ['2018-01', '2018-02'] })
    // No further ahead than a payment may go (36 months): 2200-12 is a slip, and nothing is kept.
    const farAhead = await w.call(w.admin, {
      method: 'POST',
      url: '/api/dues/waivers',
      payload: { ...body, months: ['2018-03', '2200-12'] },
    })
    expect(farAhead.statusCode).toBe(400)
    expect(farAhead.json().errors).toEqual({ months: 'monthTooFarAhead' })
    // Waived months are not waived again by another waiver (the same one again: the next test).
    const again = await w.call(w.admin, {
      method: 'POST',
      url: '/api/dues/waivers',
      payload: { ...body, reason: 'Another decision' },
    })
    expect(again.statusCode).toBe(400)
    const strip = await dues(member)
    expect(strip.body.months.slice(0, 5).map((m) => m.state)).toEqual([
      'waived',
      'waived',
      'unpaid',
      'unpaid',
      'unpaid',
    ])
    expect(strip.body.arrears).toEqual({ months: 2, amount: 10000 })
    expect(strip.body.good_standing).toBe(false)
    const paid = await w.pay(w.clerk, { member_id: member, amount: 10000 })
    expect(paid.payment.allocations.map((a) => a.month)).toEqual(['2018-03', '2018-04'])
    expect((await dues(member)).body).toMatchObject({
      arrears: { months: 0, amount: 0 },
      good_standing: true,
    })
  })

  it('answers a repeat of the same waiver (its answer lost) as done, recording nothing more', async () => {
    const member = await w.member()
    const waive = (who: SignedInUser, changes: object = {}) =>
      w.call(who, {
        method: 'POST',
        url: '/api/dues/waivers',
        payload: {
          fund_id: w.fundId,
          member_id: member,
          months: ['2018-02', '2018-01'],
          reason: 'Council decision 14/2018',
          ...changes,
        },
      })
    const stored = async () => ({
      waivers: (
        await w.ctx.database.db
          .selectFrom('dues_waivers')
          .select('month')
          .where('member_id', '=', member)
          .execute()
      ).length,
      events: (
        await w.ctx.database.db
          .selectFrom('audit_events')
          .select('seq')
          .where('action', '=', 'dues_waiver')
          .where('member_id', '=', member)
          .execute()
      ).length,
    })
    const first = await waive(w.admin)
    expect(first.statusCode).toBe(201)
    // The months in another order, the reason with spaces around: the same request.
    const again = await waive(w.admin, {
      months: ['2018-01', '2018-02'],
      reason: ' Council decision 14/2018 ',
    })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await stored()).toEqual({ waivers: 2, events: 1 })
    // Anything but that same waiver from that same account is refused as before.
    const treasurer = await createUserAndSignIn(w.ctx, 'treasurer', undefined, { role: 'admin' })
    for (const [who, changes] of [
      [w.admin, { reason: 'Another decision' }],
      [w.admin, { months: ['2018-01'] }],
      [w.admin, { months: ['2018-01', '2018-02', '2018-03'] }],
      [treasurer, {}],
    ] as const) {
      const refused = await waive(who, changes)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual({ months: 'monthNotOwed' })
    }
    expect(await stored()).toEqual({ waivers: 2, events: 1 })
    expect((await dues(member)).body.months[2]).toMatchObject({ state: 'unpaid' })
  })

  it('keeps payments, voids and waivers in a history that verifies', async () => {
    const rows = await w.ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'member_id', 'details'])
      .where('action', 'in', ['payment_create', 'payment_void', 'dues_waiver'])
      .execute()
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['payment_create', 'payment_void', 'dues_waiver']),
    )
    expect(rows.every((r) => r.member_id !== null)).toBe(true)
    expect(await verifyChain(w.ctx.database.db)).toMatchObject({ intact: true })
  })
})

describe('the public receipt check', () => {
  it('answers number, amount, date, status and initials only, without sign-in', async () => {
    const member = await w.member()
    const paid = await w.pay(w.clerk, { member_id: member, amount: 5000 })
    const code = paid.payment.verify_path.split('/').pop()
    const res = await w.call(null, { url: `/api/receipts/verify/${code}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      receipt_number: paid.payment.receipt_number,
      amount: 5000,
      currency: 'ETB',
      received_on: '2026-01-20',
      status: 'valid',
      payer_initials: 'A. K.',
    })
    await w.call(w.admin, {
      method: 'POST',
      url: `/api/payments/${paid.payment.id}/void`,
      payload: { reason: 'x' },
    })
    expect((await w.call(null, { url: `/api/receipts/verify/${code}` })).json()).toMatchObject({
      status: 'void',
    })
    expect(
      (await w.call(null, { url: '/api/receipts/verify/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404)
    const number = paid.payment.receipt_number
    expect((await w.call(null, { url: `/api/receipts/verify/${number}` })).statusCode).toBe(400)
  })
})
