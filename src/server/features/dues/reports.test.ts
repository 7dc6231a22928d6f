// The dues reports: collections by fund and Ethiopian month, arrears, good standing, a member's
// statement, their sums, role scoping and .xlsx files. Runs on SQLite, and on PostgreSQL with
// TEST_DATABASE_URL.
import ExcelJS from 'exceljs'
import { memberCalls } from '../../testing/memberCalls'
import { duesWorld, type DuesWorld } from '../../testing/duesWorld'
import type { ArrearsReport, Collections, GoodStandingReport, Statement } from './reportSchemas'

let w: DuesWorld
let giftId: number
const m = {} as Record<'paid' | 'oneMonth' | 'none' | 'partial' | 'newcomer', number>

beforeAll(async () => {
  w = await duesWorld()
  const calls = memberCalls(() => w.ctx.app)
  const person = async (first: string, last: string, who = w.clerk, joined = '2025-09-11') =>
    (await calls.create(who.auth, { first_name: first, last_name: last, date_joined: joined })).id
  m.paid = await person('Abebe', 'Alemu')
  m.oneMonth = await person('Bekele', 'Bayu')
  m.none = await person('=1+2', 'Chala')
  m.partial = await person('Dawit', 'Desta', w.otherClerk)
  // Joined in Tir 2018 (the current month): nothing has ended unpaid yet.
  m.newcomer = await person('Eleni', 'Eshete', w.clerk, '2026-01-12')
  giftId = await w.fund({ kind: 'gift', name_en: 'Tithe', name_am: 'አሥራት' })
  const pays = [
    await w.pay(w.clerk, { member_id: m.paid, amount: 20000 }),
    await w.pay(w.clerk, { member_id: m.oneMonth, amount: 5000, received_on: '2025-09-15' }),
    await w.pay(w.otherClerk, { member_id: m.partial, amount: 2500, method: 'telebirr' }),
    await w.pay(w.clerk, { member_id: m.paid, amount: 1000, fund_id: giftId }),
    // Pagume 3, 2017: counted in 2017's thirteenth month.
    await w.pay(w.clerk, {
      member_id: m.paid,
      amount: 700,
      fund_id: giftId,
      received_on: '2025-09-08',
    }),
  ]
  expect(pays.map((p) => p.statusCode)).toEqual([201, 201, 201, 201, 201])
  const voided = await w.pay(w.clerk, { member_id: m.none, amount: 333, fund_id: giftId })
  await w.call(w.admin, {
    method: 'POST',
    url: `/api/payments/${voided.payment.id}/void`,
    payload: { reason: 'Typed twice' },
  })
})
afterAll(() => w.ctx.close())

const get = async <T>(who: typeof w.clerk, url: string) => {
  const res = await w.call(who, { url })
  expect(res.statusCode).toBe(200)
  return res.json<T>()
}

describe('collections', () => {
  it('sums valid payments per fund and Ethiopian month of the day received', async () => {
    const report = await get<Collections>(w.admin, '/api/reports/collections?year=2018')
    expect(report.months).toHaveLength(13)
    const dues = report.funds.find((f) => f.fund_id === w.fundId)!
    const tithe = report.funds.find((f) => f.fund_id === giftId)!
    // Meskerem: 5000; Tir (received 2026-01-20): 20000 + 2500 dues and 1000 tithe.
    expect(dues.months[0]).toEqual({ month: '2018-01', count: 1, amount: 5000 })
    expect(dues.months[4]).toEqual({ month: '2018-05', count: 2, amount: 22500 })
    expect(dues.total).toEqual({ count: 3, amount: 27500 })
    expect(tithe.total).toEqual({ count: 1, amount: 1000 })
    expect(report.months[4]).toEqual({ month: '2018-05', count: 3, amount: 23500 })
    expect(report.total).toEqual({ count: 4, amount: 28500 })
    expect(report.months.reduce((n, x) => n + x.amount, 0)).toBe(report.total.amount)

    const pagume = await get<Collections>(w.admin, '/api/reports/collections?year=2017')
    expect(pagume.months[12]).toEqual({ month: '2017-13', count: 1, amount: 700 })
    expect(pagume.total.amount).toBe(700)
  })

  it('covers a clerk’s own members only, and one fund when asked', async () => {
    const mine = await get<Collections>(w.clerk, '/api/reports/collections?year=2018&owner=all')
    expect(mine.total).toEqual({ count: 3, amount: 26000 })
    const theirs = await get<Collections>(w.otherClerk, '/api/reports/collections?year=2018')
    expect(theirs.total).toEqual({ count: 1, amount: 2500 })
    const one = await get<Collections>(
      w.auditor,
      `/api/reports/collections?year=2018&fund_id=${giftId}`,
    )
    expect(one.funds.map((f) => f.fund_id)).toEqual([giftId])
    expect(one.total.amount).toBe(1000)
  })
})

describe('arrears', () => {
  it('lists who owes how many ended months and how much, most months first', async () => {
    const report = await get<ArrearsReport>(w.admin, '/api/reports/arrears')
    expect(report.current_month).toBe('2018-05')
    expect(report.items.map((l) => [l.member_id, l.months, l.amount, l.oldest_month])).toEqual([
      [m.none, 4, 20000, '2018-01'],
      [m.partial, 4, 17500, '2018-01'],
      [m.oneMonth, 3, 15000, '2018-02'],
    ])
    expect(report.count).toBe(3)
    expect(report.amount).toBe(52500)
    expect(report.items[1]).toMatchObject({ owner_username: 'clerk-b', last_name: 'Desta' })
  })

  it('agrees with each member’s own Dues tab', async () => {
    const report = await get<ArrearsReport>(w.admin, '/api/reports/arrears')
    for (const line of report.items) {
      const strip = await get<{ arrears: unknown }>(w.admin, `/api/members/${line.member_id}/dues`)
      expect(strip.arrears).toEqual({ months: line.months, amount: line.amount })
    }
  })

  it('filters by months owed, sorts, and pages with a cursor', async () => {
    const four = await get<ArrearsReport>(w.auditor, '/api/reports/arrears?min_months=4')
    expect(four.items.map((l) => l.member_id)).toEqual([m.none, m.partial])
    const fewest = await get<ArrearsReport>(w.auditor, '/api/reports/arrears?sort=months_asc')
    expect(fewest.items.map((l) => l.member_id)).toEqual([m.oneMonth, m.none, m.partial])
    const first = await get<ArrearsReport>(w.auditor, '/api/reports/arrears?limit=2')
    expect(first.items).toHaveLength(2)
    const second = await get<ArrearsReport>(
      w.auditor,
      `/api/reports/arrears?limit=2&cursor=${first.next_cursor}`,
    )
    expect(second.items.map((l) => l.member_id)).toEqual([m.oneMonth])
    expect(second.next_cursor).toBeNull()
    expect(second.count).toBe(3)
  })

  it('shows a clerk its own members only, whatever owner it asks for', async () => {
    const mine = await get<ArrearsReport>(w.clerk, `/api/reports/arrears?owner=${w.otherClerk.id}`)
    expect(mine.items.map((l) => l.member_id)).toEqual([m.none, m.oneMonth])
    const one = await get<ArrearsReport>(w.admin, `/api/reports/arrears?owner=${w.otherClerk.id}`)
    expect(one.items.map((l) => l.member_id)).toEqual([m.partial])
  })

  it('refuses a bad filter', async () => {
    for (const query of ['min_months=0', 'sort=random', 'cursor=abc', 'limit=501', 'owner=x']) {
      expect((await w.call(w.admin, { url: `/api/reports/arrears?${query}` })).statusCode).toBe(400)
    }
  })
})

describe('good standing', () => {
  it('is the voters’ roll by the church’s rule, by name', async () => {
    const roll = await get<GoodStandingReport>(w.admin, '/api/reports/good-standing')
    expect(roll.rule).toEqual({ kind: 'max_unpaid', months: 0 })
    expect(roll.items.map((l) => l.member_id)).toEqual([m.paid, m.newcomer])
    expect(roll.count).toBe(2)
    const theirs = await get<GoodStandingReport>(w.otherClerk, '/api/reports/good-standing')
    expect(theirs.items).toEqual([])
  })

  it('follows a changed rule: up to three months unpaid', async () => {
    const church = await w.call(w.admin, {
      method: 'PUT',
      url: '/api/church',
      payload: { good_standing: { kind: 'max_unpaid', months: 3 } },
    })
    expect(church.statusCode).toBe(200)
    try {
      const roll = await get<GoodStandingReport>(w.admin, '/api/reports/good-standing')
      expect(roll.items.map((l) => l.member_id)).toEqual([m.paid, m.oneMonth, m.newcomer])
    } finally {
      await w.call(w.admin, {
        method: 'PUT',
        url: '/api/church',
        payload: { good_standing: { kind: 'max_unpaid', months: 0 } },
      })
    }
  })
})

describe('a member’s yearly statement', () => {
  it('lists the year’s funds, months and valid payments', async () => {
    const report = await get<Statement>(w.clerk, `/api/members/${m.paid}/statement?year=2018`)
    const dues = report.funds.find((f) => f.fund_id === w.fundId)!
    expect(dues.paid).toBe(20000)
    expect(dues.months.slice(0, 5).map((x) => x.state)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
      'unpaid',
    ])
    expect(report.funds.find((f) => f.fund_id === giftId)!.paid).toBe(1000)
    expect(report.payments.map((p) => [p.amount, p.months])).toEqual([
      [20000, ['2018-01', '2018-02', '2018-03', '2018-04']],
      [1000, []],
    ])
  })

  it('gives each dues fund its arrears and standing today; a gift fund neither', async () => {
    const paid = await get<Statement>(w.clerk, `/api/members/${m.paid}/statement?year=2018`)
    expect(paid.funds.find((f) => f.fund_id === w.fundId)).toMatchObject({
      arrears: { months: 0, amount: 0 },
      good_standing: true,
    })
    expect(paid.funds.find((f) => f.fund_id === giftId)).toMatchObject({
      arrears: null,
      good_standing: null,
    })
    // Meskerem paid; Tikimt to Tahsas ended unpaid. A past year's statement still says today's.
    const owing = await get<Statement>(w.auditor, `/api/members/${m.oneMonth}/statement?year=2017`)
    expect(owing.funds.find((f) => f.fund_id === w.fundId)).toMatchObject({
      arrears: { months: 3, amount: 15000 },
      good_standing: false,
    })
  })

  it('is a 404 for another clerk’s member', async () => {
    const res = await w.call(w.otherClerk, { url: `/api/members/${m.paid}/statement` })
    expect(res.statusCode).toBe(404)
  })
})

describe('.xlsx', () => {
  it('writes the arrears in Amharic, every line, a formula-like name neutralised', async () => {
    const rows = await w.sheet(w.admin, '/api/reports/arrears?format=xlsx&lang=am&limit=1')
    expect(rows[0]).toEqual(['ውዝፍ'])
    expect(rows[1]).toEqual(['ጥር 2018'])
    expect(rows[3]).toContain('የውዝፍ ወራት')
    // A phone's leading + is neutralised as the member export does.
    expect(rows[4]).toEqual([
      m.none,
      "'=1+2 Chala",
      "'+251911234567",
      'clerk-a',
      4,
      200,
      'መስከረም 2018',
    ])
    expect(rows).toHaveLength(8)
    expect(rows[7]).toContain(525)
  })

  it('names the sheet tab in the asked language', async () => {
    const res = await w.call(w.admin, { url: '/api/reports/arrears?format=xlsx&lang=om' })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Kaffaltii hafe'])
  })

  it('writes collections, the voters’ roll and a statement', async () => {
    const collections = await w.sheet(w.auditor, '/api/reports/collections?year=2018&format=xlsx')
    expect(collections.at(-1)![0]).toBe('Total')
    expect(collections.at(-1)!.at(-1)).toBe(285)
    const roll = await w.sheet(w.auditor, '/api/reports/good-standing?format=xlsx&lang=om')
    expect(roll[2]).toEqual(['Miseensota: 2'])
    const statement = await w.sheet(
      w.clerk,
      `/api/members/${m.paid}/statement?year=2018&format=xlsx&calendar=ethiopian`,
    )
    expect(statement[5].slice(1, 4)).toEqual(['12 Tir 2018 E.C.', 'Monthly dues', 'Cash'])
    // Below the payments: the dues fund's twelve months, their totals, arrears and standing.
    const months = statement.findIndex((row) => row[0] === 'Month')
    expect(statement[months]).toEqual(['Month', '', 'Monthly dues', 'State', 'Due', 'Paid'])
    expect(statement[months + 1]).toEqual(['Meskerem 2018', '', 'Monthly dues', 'Paid', 50, 50])
    expect(statement[months + 5]).toEqual(['Tir 2018', '', 'Monthly dues', 'Unpaid', 50, 0])
    expect(statement[months + 13]).toEqual(['Total', '', 'Monthly dues', '', 600, 200])
    expect(statement[months + 14]).toEqual(['Arrears', '', 'Monthly dues', 0, '', 0])
    expect(statement[months + 15]).toEqual(['In good standing', '', 'Monthly dues'])
  })
})

describe('.xlsx in a currency without minor units', () => {
  it('writes yen as whole yen, with no decimals', async () => {
    const yen = await duesWorld()
    try {
      const church = await yen.call(yen.admin, {
        method: 'PUT',
        url: '/api/church',
        payload: { currency: 'JPY' },
      })
      expect(church.statusCode).toBe(200)
      const member = await yen.member()
      expect((await yen.pay(yen.clerk, { member_id: member, amount: 10000 })).statusCode).toBe(201)
      const url = '/api/reports/collections?year=2018&format=xlsx'
      const collections = await yen.sheet(yen.admin, url)
      expect(collections.at(-1)!.at(-1)).toBe(10000)
      const res = await yen.call(yen.admin, { url })
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      expect(book.worksheets[0].getColumn(2).numFmt).toBe('#,##0')
      const arrears = await yen.sheet(yen.admin, '/api/reports/arrears?format=xlsx')
      expect(arrears.at(-1)).toContain(10000)
      const statement = await yen.sheet(yen.clerk, `/api/members/${member}/statement?format=xlsx`)
      expect(statement[5].at(-1)).toBe(10000)
    } finally {
      await yen.ctx.close()
    }
  })
})

describe('the dashboard', () => {
  it('has this Ethiopian month’s collections and the members in arrears, scoped like the rest', async () => {
    const all = await get<{ dues: unknown }>(w.admin, '/api/stats?owner=all&today=2026-01-20')
    expect(all.dues).toEqual({
      currency: 'ETB',
      month: '2018-05',
      collected: 23500,
      payments: 3,
      members_in_arrears: 3,
    })
    const mine = await get<{ dues: unknown }>(w.clerk, '/api/stats?today=2026-01-20')
    expect(mine.dues).toMatchObject({ collected: 21000, payments: 2, members_in_arrears: 2 })
    // Meskerem 2018 had one payment of 50.00.
    const earlier = await get<{ dues: unknown }>(w.auditor, '/api/stats?owner=all&today=2025-09-30')
    expect(earlier.dues).toMatchObject({ month: '2018-01', collected: 5000, payments: 1 })
  })
})
