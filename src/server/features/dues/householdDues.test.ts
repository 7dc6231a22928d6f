// Dues paid per household: payments, allocation from the household's start month, waivers, the
// household's strip and statement, scoping by the household's owner, the history and the public
// receipt check. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { verifyChain } from '../history'
import { duesWorld, type DuesWorld } from '../../testing/duesWorld'
import type { SignedInUser } from '../../testing/testApp'
import type { CashUp } from './cashUpSchemas'
import type { Payment, PaymentPage, ReceiptCheck } from './paymentSchemas'
import type { Collections, HouseholdStatement, Statement } from './reportSchemas'
import type { HouseholdDues } from './standingSchemas'

let w: DuesWorld
/** A per-household dues fund at 80.00 a month from Meskerem 2018. */
let houseFund: number

beforeAll(async () => {
  w = await duesWorld()
  houseFund = await w.fund(
    { kind: 'dues', payer: 'household', name_en: 'Family dues', name_am: 'የቤተሰብ ክፍያ' },
    { amount: 8000, from_month: '2018-01' },
  )
})
afterAll(() => w.ctx.close())

/** A household of `who`, its dues starting at `start` (the office's start month) when given. */
async function household(who: SignedInUser = w.clerk, start: string | null = '2018-01') {
  const res = await w.call(who, {
    method: 'POST',
    url: '/api/households',
    payload: { name: 'Tesfaye Alemu Family' },
  })
  expect(res.statusCode).toBe(201)
  const id = res.json<{ id: number }>().id
  if (start) expect((await setDues(who, id, { start_month: start })).statusCode).toBe(200)
  return id
}

/** PUT /api/households/:id/dues: the household's category and start month. */
const setDues = (who: SignedInUser, id: number, payload: Record<string, unknown>) =>
  w.call(who, { method: 'PUT', url: `/api/households/${id}/dues`, payload })

const payHouse = (who: SignedInUser, body: Record<string, unknown>) =>
  w.pay(who, { fund_id: houseFund, ...body })

const strip = async (id: number, who: SignedInUser = w.clerk) => {
  const res = await w.call(who, { url: `/api/households/${id}/dues` })
  return { statusCode: res.statusCode, body: res.json<HouseholdDues>() }
}

describe('a household pays a per-household fund', () => {
  it('fills the household’s oldest months first and answers like a member payment', async () => {
    const id = await household()
    const res = await payHouse(w.clerk, { household_id: id, amount: 20000 })
    expect(res.statusCode).toBe(201)
    expect(res.payment).toMatchObject({
      fund_id: houseFund,
      member_id: null,
      household_id: id,
      payer_name: 'Tesfaye Alemu Family',
      amount: 20000,
      receipt_number: expect.stringMatching(/^2018-\d{6}$/),
      allocations: [
        { month: '2018-01', amount: 8000 },
        { month: '2018-02', amount: 8000 },
        { month: '2018-03', amount: 4000 },
      ],
    })
    const next = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    expect(next.payment.allocations).toEqual([
      { month: '2018-03', amount: 4000 },
      { month: '2018-04', amount: 4000 },
    ])
    const { statusCode, body } = await strip(id)
    expect(statusCode).toBe(200)
    expect(body).toMatchObject({
      household_id: id,
      fund_id: houseFund,
      year: 2018,
      start_month: '2018-01',
      start_month_set: true,
      current_month: '2018-05',
      // 2018-04 is half paid and ended: one month in arrears, 40.00.
      arrears: { months: 1, amount: 4000 },
      good_standing: false,
    })
    expect(body.months.slice(0, 6).map((m) => m.state)).toEqual([
      'paid',
      'paid',
      'paid',
      'partial',
      'unpaid',
      'not_due',
    ])
  })

  it('starts at the month the household was created unless the office sets one', async () => {
    const id = await household(w.clerk, null)
    // 15 November 2025 is 6 Hidar 2018: dues month 2018-03.
    await w.ctx.database.db
      .updateTable('households')
      .set({ created_at: '2025-11-15T08:00:00.000Z' })
      .where('id', '=', id)
      .execute()
    const before = await strip(id)
    expect(before.body).toMatchObject({ start_month: '2018-03', start_month_set: false })
    const res = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    expect(res.payment.allocations).toEqual([{ month: '2018-03', amount: 8000 }])
    const set = await setDues(w.clerk, id, { start_month: '2018-02' })
    expect(set.json()).toEqual({ category: '', start_month: '2018-02' })
    const again = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    expect(again.payment.allocations).toEqual([{ month: '2018-02', amount: 8000 }])
    const bad = await setDues(w.clerk, id, { start_month: '2018-14' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ start_month: 'invalidValue' })
  })

  it('refuses the wrong payer for the fund, with the field and a code that says why', async () => {
    const id = await household()
    const member = await w.member()
    const cases: [Record<string, unknown>, number, Record<string, string> | null][] = [
      [{ fund_id: w.fundId, household_id: id }, 400, { household_id: 'fundPerMember' }],
      [{ fund_id: houseFund, member_id: member }, 400, { member_id: 'fundPerHousehold' }],
      [{ fund_id: houseFund, member_id: member, household_id: id }, 400, null],
      [{ fund_id: houseFund }, 400, { household_id: 'fieldRequired' }],
      [{ fund_id: houseFund, household_id: 999999 }, 404, null],
    ]
    for (const [body, status, errors] of cases) {
      const res = await w.pay(w.clerk, { amount: 8000, ...body })
      expect({ body, status: res.statusCode }).toEqual({ body, status })
      if (errors) expect(JSON.parse(res.body).errors).toEqual(errors)
    }
    const both = await w.pay(w.clerk, {
      fund_id: houseFund,
      amount: 8000,
      member_id: member,
      household_id: id,
    })
    expect(JSON.parse(both.body).errors).toEqual({ household_id: 'onePayerOnly' })
    expect(await w.paymentCount({ household_id: id })).toBe(0)
    // The household's strip is of per-household funds only.
    const wrongFund = await w.call(w.clerk, {
      url: `/api/households/${id}/dues?fund_id=${w.fundId}`,
    })
    expect(wrongFund.statusCode).toBe(404)
    // And a member's strip is of per-member funds only.
    const url = `/api/members/${member}/dues?fund_id=${houseFund}`
    expect((await w.call(w.admin, { url })).statusCode).toBe(404)
  })
})

describe('at once and again', () => {
  it('gives concurrent payments of one household distinct months, and replays a retried key', async () => {
    const id = await household()
    const results = await Promise.all(
      Array.from({ length: 6 }, () => payHouse(w.clerk, { household_id: id, amount: 8000 })),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201))
    const months = results.flatMap((r) => r.payment.allocations.map((a) => a.month)).sort()
    expect(months).toEqual(['2018-01', '2018-02', '2018-03', '2018-04', '2018-05', '2018-06'])
    const headers = { 'Idempotency-Key': 'household-retry-1' }
    const first = await w.pay(
      w.clerk,
      { fund_id: houseFund, household_id: id, amount: 8000 },
      headers,
    )
    const again = await w.pay(
      w.clerk,
      { fund_id: houseFund, household_id: id, amount: 8000 },
      headers,
    )
    expect([first.statusCode, again.statusCode]).toEqual([201, 200])
    expect(again.payment).toEqual(first.payment)
    expect(first.payment.allocations).toEqual([{ month: '2018-07', amount: 8000 }])
  })
})

describe('whose households', () => {
  let mine: number
  let paymentId: number
  beforeAll(async () => {
    mine = await household()
    const res = await payHouse(w.clerk, { household_id: mine, amount: 8000 })
    expect(res.statusCode).toBe(201)
    paymentId = res.payment.id
  })

  it('lets a clerk pay for its own households only, an admin for any, an auditor for none', async () => {
    expect((await payHouse(w.otherClerk, { household_id: mine, amount: 8000 })).statusCode).toBe(
      404,
    )
    expect((await payHouse(w.auditor, { household_id: mine, amount: 8000 })).statusCode).toBe(403)
    const admin = await payHouse(w.admin, { household_id: mine, amount: 8000 })
    expect(admin.statusCode).toBe(201)
    expect(admin.payment.allocations).toEqual([{ month: '2018-02', amount: 8000 }])
  })

  it('shows the household’s dues, payments and statement to its owner, auditors and admins', async () => {
    for (const who of [w.clerk, w.auditor, w.admin]) {
      expect((await strip(mine, who)).statusCode).toBe(200)
      const list = await w.call(who, { url: `/api/payments?household_id=${mine}` })
      expect(list.statusCode).toBe(200)
      expect(list.json<PaymentPage>().items.map((p) => p.household_id)).toContain(mine)
      expect((await w.call(who, { url: `/api/payments/${paymentId}` })).statusCode).toBe(200)
      const st = await w.call(who, { url: `/api/households/${mine}/statement?year=2018` })
      expect(st.statusCode).toBe(200)
    }
    expect((await strip(mine, w.otherClerk)).statusCode).toBe(404)
    for (const url of [
      `/api/payments?household_id=${mine}`,
      `/api/payments/${paymentId}`,
      `/api/households/${mine}/statement`,
    ]) {
      expect({ url, status: (await w.call(w.otherClerk, { url })).statusCode }).toEqual({
        url,
        status: 404,
      })
    }
    // Another clerk's unfiltered list leaves the household's payments out; the owner's has them.
    const theirs = await w.call(w.otherClerk, { url: '/api/payments?limit=200' })
    expect(theirs.json<PaymentPage>().items.some((p) => p.household_id === mine)).toBe(false)
    const own = await w.call(w.clerk, { url: '/api/payments?limit=200' })
    expect(own.json<PaymentPage>().items.some((p) => p.id === paymentId)).toBe(true)
    // Only its owner (or an admin) changes the household's dues settings.
    const put = (who: SignedInUser) => setDues(who, mine, { category: '' })
    expect((await put(w.otherClerk)).statusCode).toBe(404)
    expect((await put(w.auditor)).statusCode).toBe(403)
  })

  it('counts household payments in their owner’s collections and the recorder’s cash-up', async () => {
    const before = await w.call(w.otherClerk, { url: '/api/reports/collections?year=2018' })
    const other = await household(w.otherClerk)
    const paid = await payHouse(w.otherClerk, { household_id: other, amount: 8000 })
    expect(paid.statusCode).toBe(201)
    const after = await w.call(w.otherClerk, { url: '/api/reports/collections?year=2018' })
    const total = (res: typeof after) => res.json<Collections>().total
    expect(total(after)).toEqual({
      count: total(before).count + 1,
      amount: total(before).amount + 8000,
    })
    const ownersBefore = total(await w.call(w.clerk, { url: '/api/reports/collections?year=2018' }))
    const all = await w.call(w.admin, {
      url: '/api/reports/collections?year=2018&owner=all',
    })
    const fund = all.json<Collections>().funds.find((f) => f.fund_id === houseFund)!
    expect(fund.total.count).toBeGreaterThanOrEqual(3)
    // The other clerk's payment is not in the first clerk's collections.
    expect(total(await w.call(w.clerk, { url: '/api/reports/collections?year=2018' }))).toEqual(
      ownersBefore,
    )
    const cash = await w.call(w.otherClerk, { url: '/api/cash-up?day=2026-01-20' })
    expect(cash.statusCode).toBe(200)
    const line = cash
      .json<CashUp>()
      .clerks.flatMap((c) => c.payments)
      .find((p) => p.id === paid.payment.id)
    expect(line).toMatchObject({
      household_id: other,
      member_id: null,
      payer_name: 'Tesfaye Alemu Family',
    })
  })
})

describe('waivers, voids, history and the receipt check', () => {
  it('waives a household’s months (admins only): skipped by payments, not in arrears', async () => {
    const id = await household()
    const waive = (who: SignedInUser, body: Record<string, unknown>) =>
      w.call(who, {
        method: 'POST',
        url: '/api/dues/waivers',
        payload: {
          fund_id: houseFund,
          months: ['2018-01', '2018-02'],
          reason: 'Council, Tir 2018',
          ...body,
        },
      })
    expect((await waive(w.clerk, { household_id: id })).statusCode).toBe(403)
    const wrong = await waive(w.admin, { fund_id: w.fundId, household_id: id })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ household_id: 'fundPerMember' })
    const member = await waive(w.admin, { member_id: await w.member() })
    expect(member.json().errors).toEqual({ member_id: 'fundPerHousehold' })
    const res = await waive(w.admin, { household_id: id })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      fund_id: houseFund,
      member_id: null,
      household_id: id,
      months: ['2018-01', '2018-02'],
    })
    // Another waiver of waived months is refused; the same one again (its answer lost) is done.
    expect(
      (await waive(w.admin, { household_id: id, reason: 'Another decision' })).json().errors,
    ).toEqual({ months: 'monthNotOwed' })
    const again = await waive(w.admin, { household_id: id })
    expect([again.statusCode, again.json()]).toEqual([201, res.json()])
    const waivers = w.ctx.database.db.selectFrom('dues_waivers').where('household_id', '=', id)
    expect(await waivers.select('month').execute()).toHaveLength(2)
    const { body } = await strip(id)
    expect(body.months.slice(0, 3).map((m) => m.state)).toEqual(['waived', 'waived', 'unpaid'])
    expect(body.arrears).toEqual({ months: 2, amount: 16000 })
    const paid = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    expect(paid.payment.allocations).toEqual([{ month: '2018-03', amount: 8000 }])
  })

  it('voids a household payment: its months are owed again; all of it in the history', async () => {
    const id = await household()
    const res = await payHouse(w.clerk, { household_id: id, amount: 16000 })
    const voided = await w.call(w.clerk, {
      method: 'POST',
      url: `/api/payments/${res.payment.id}/void`,
      payload: { reason: 'Wrong household' },
    })
    expect(voided.statusCode).toBe(200)
    expect(voided.json<Payment>().status).toBe('void')
    expect((await strip(id)).body.months.slice(0, 2).map((m) => m.state)).toEqual([
      'unpaid',
      'unpaid',
    ])
    const again = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    expect(again.payment.allocations).toEqual([{ month: '2018-01', amount: 8000 }])

    const events = await w.ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'member_id', 'details'])
      .where('action', 'in', ['payment_create', 'payment_void', 'household_dues_update'])
      .orderBy('seq')
      .execute()
    const ofHousehold = events
      .map((e) => ({ ...e, details: JSON.parse(e.details) as Record<string, unknown> }))
      .filter((e) => e.details.household_id === id)
    expect(ofHousehold.map((e) => e.action)).toEqual([
      'household_dues_update',
      'payment_create',
      'payment_void',
      'payment_create',
    ])
    for (const event of ofHousehold) {
      expect(event.member_id).toBeNull()
      expect(event.details.household_name).toBe('Tesfaye Alemu Family')
    }
    expect(ofHousehold[1].details).toMatchObject({
      payment_id: res.payment.id,
      receipt_number: res.payment.receipt_number,
      amount: 16000,
      months: res.payment.allocations,
    })
    expect(ofHousehold[2].details).toMatchObject({ reason: 'Wrong household' })
    expect(await verifyChain(w.ctx.database.db)).toMatchObject({ intact: true })
  })

  it('shows the household’s initials, and nothing more, on the public receipt check', async () => {
    const id = await household()
    const res = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    const code = res.payment.verify_path.split('/').pop()!
    const check = await w.call(null, { url: `/api/receipts/verify/${code}` })
    expect(check.statusCode).toBe(200)
    expect(check.json<ReceiptCheck>()).toEqual({
      receipt_number: res.payment.receipt_number,
      amount: 8000,
      currency: 'ETB',
      received_on: '2026-01-20',
      status: 'valid',
      payer_initials: 'T. A. F.',
    })
  })
})

describe('a household deleted', () => {
  it('takes its dues settings along and leaves its receipts, still checkable', async () => {
    const id = await household()
    const res = await payHouse(w.clerk, { household_id: id, amount: 8000 })
    const gone = await w.call(w.clerk, { method: 'DELETE', url: `/api/households/${id}` })
    expect(gone.statusCode).toBe(204)
    const settings = await w.ctx.database.db
      .selectFrom('household_dues')
      .selectAll()
      .where('household_id', '=', id)
      .execute()
    expect(settings).toEqual([])
    expect((await strip(id, w.admin)).statusCode).toBe(404)
    const payment = await w.call(w.admin, { url: `/api/payments/${res.payment.id}` })
    expect(payment.json<Payment>()).toMatchObject({ household_id: id, payer_name: null })
    const code = res.payment.verify_path.split('/').pop()!
    const check = await w.call(null, { url: `/api/receipts/verify/${code}` })
    expect(check.json<ReceiptCheck>()).toMatchObject({ status: 'valid', payer_initials: '' })
  })

  it('answers its dues settings changed as it is deleted with 200 or 404, never 500', async () => {
    // On PostgreSQL the two run at once; SQLite runs one writer at a time.
    for (let round = 0; round < 10; round += 1) {
      const id = await household(w.clerk, null)
      const [gone, set] = await Promise.all([
        w.call(w.clerk, { method: 'DELETE', url: `/api/households/${id}` }),
        setDues(w.clerk, id, { category: 'student' }),
      ])
      expect(gone.statusCode).toBe(204)
      expect([200, 404]).toContain(set.statusCode)
    }
  })
})

describe('the household’s yearly statement', () => {
  it('lists per-household dues months and the year’s payments; a member’s has none of them', async () => {
    const id = await household()
    const paid = await payHouse(w.clerk, { household_id: id, amount: 12000 })
    const res = await w.call(w.clerk, { url: `/api/households/${id}/statement?year=2018` })
    expect(res.statusCode).toBe(200)
    const st = res.json<HouseholdStatement>()
    expect(st).toMatchObject({ household_id: id, name: 'Tesfaye Alemu Family', year: 2018 })
    expect(st.funds.map((f) => f.fund_id)).toEqual([houseFund])
    expect(st.funds[0].paid).toBe(12000)
    expect(st.funds[0].months.slice(0, 3).map((m) => [m.state, m.paid])).toEqual([
      ['paid', 8000],
      ['partial', 4000],
      ['unpaid', 0],
    ])
    // Today (Tir): Tikimt's rest, Hidar and Tahsas have ended unpaid.
    expect(st.funds[0]).toMatchObject({
      arrears: { months: 3, amount: 20000 },
      good_standing: false,
    })
    expect(st.payments).toEqual([
      {
        id: paid.payment.id,
        receipt_number: paid.payment.receipt_number,
        fund_id: houseFund,
        amount: 12000,
        method: 'cash',
        received_on: '2026-01-20',
        months: ['2018-01', '2018-02'],
      },
    ])
    const previous = await w.call(w.clerk, { url: `/api/households/${id}/statement?year=2017` })
    expect(previous.json<HouseholdStatement>().payments).toEqual([])

    const member = await w.member()
    const ms = await w.call(w.clerk, { url: `/api/members/${member}/statement?year=2018` })
    expect(ms.json<Statement>().funds.map((f) => f.fund_id)).not.toContain(houseFund)

    const sheet = await w.call(w.clerk, {
      url: `/api/households/${id}/statement?year=2018&format=xlsx`,
    })
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toMatch(/spreadsheetml/)
  })

  it('names a payment’s method in its spreadsheet as the receipt does, in the language', async () => {
    const id = await household()
    await payHouse(w.clerk, { household_id: id, amount: 8000, method: 'telebirr' })
    const rows = await w.sheet(
      w.clerk,
      `/api/households/${id}/statement?year=2018&format=xlsx&lang=am`,
    )
    expect(rows.flat()).toContain('ቴሌብር (telebirr)')
  })
})

describe('the household reports', () => {
  type Line = { household_id: number; name: string; months: number; amount: number }
  type Page = { payer: string; items: Line[]; count: number }
  const report = async (who: SignedInUser, url: string) => {
    const res = await w.call(who, { url })
    expect(res.statusCode).toBe(200)
    return res.json<Page>()
  }

  it('list the households that owe and those in good standing, scoped like the members', async () => {
    const owes = await household(w.clerk, '2018-01')
    const paid = await household(w.otherClerk, '2018-03')
    expect((await payHouse(w.otherClerk, { household_id: paid, amount: 16000 })).statusCode).toBe(
      201,
    )
    const all = await report(w.admin, `/api/reports/arrears?fund_id=${houseFund}&limit=500`)
    expect(all.payer).toBe('household')
    const line = all.items.find((l) => l.household_id === owes)
    expect(line).toMatchObject({ name: 'Tesfaye Alemu Family', months: 4, amount: 32000 })
    const { body } = await strip(owes)
    expect(body.arrears).toEqual({ months: line!.months, amount: line!.amount })
    expect(all.items.some((l) => l.household_id === paid)).toBe(false)
    // payer=household without a fund: the first per-household fund.
    const byPayer = await report(w.auditor, '/api/reports/arrears?payer=household&limit=500')
    expect(byPayer.items.map((l) => l.household_id)).toEqual(all.items.map((l) => l.household_id))

    const roll = await report(w.admin, `/api/reports/good-standing?fund_id=${houseFund}&limit=500`)
    expect(roll.items.map((l) => l.household_id)).toContain(paid)
    expect(roll.items.map((l) => l.household_id)).not.toContain(owes)

    const mine = await report(w.clerk, `/api/reports/arrears?fund_id=${houseFund}&owner=all`)
    expect(mine.items.map((l) => l.household_id)).toContain(owes)
    const theirs = await report(w.otherClerk, `/api/reports/good-standing?payer=household`)
    expect(theirs.items.map((l) => l.household_id)).toContain(paid)
    const otherView = await report(w.otherClerk, `/api/reports/arrears?payer=household&limit=500`)
    expect(otherView.items.map((l) => l.household_id)).not.toContain(owes)
  })

  it('downloads the household arrears as a spreadsheet headed by household', async () => {
    const cells = (
      await w.sheet(w.admin, `/api/reports/arrears?payer=household&format=xlsx&lang=en`)
    ).flat()
    expect(cells).toContain('Household')
    expect(cells).toContain('Tesfaye Alemu Family')
  })
})
