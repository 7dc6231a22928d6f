import {
  allocatePayment,
  arrearsOf,
  inGoodStanding,
  isStandingRule,
  type Ledger,
  rateFor,
  yearStrip,
} from './duesLedger'
import type { DuesMonth } from './duesMonth'

function ledger(overrides: Partial<Ledger> = {}): Ledger {
  return {
    startMonth: '2018-01',
    rates: [{ from_month: '2017-01', amount: 5000 }],
    paid: new Map(),
    waived: new Set(),
    ...overrides,
  }
}

const paidMap = (...entries: [DuesMonth, number][]) => new Map<string, number>(entries)

/** The answer to a payment that is taken: each [month, amount] it pays, in order. */
const taken = (...entries: [DuesMonth, number][]) => ({
  ok: true,
  allocations: entries.map(([month, amount]) => ({ month, amount })),
})

describe('rates', () => {
  it('applies the latest step from the month on, and nothing before the first', () => {
    const rates = [
      { from_month: '2018-07' as const, amount: 7500 },
      { from_month: '2017-01' as const, amount: 5000 },
    ]
    expect(rateFor(rates, '2016-12')).toBe(0)
    expect(rateFor(rates, '2018-06')).toBe(5000)
    expect(rateFor(rates, '2018-07')).toBe(7500)
    expect(rateFor(rates, '2020-01')).toBe(7500)
  })
})

describe('allocating a payment', () => {
  it('fills the oldest unpaid months first', () => {
    const result = allocatePayment(ledger({ paid: paidMap(['2018-01', 5000]) }), {
      amount: 10000,
      currentMonth: '2018-05',
    })
    expect(result).toEqual(taken(['2018-02', 5000], ['2018-03', 5000]))
  })

  it('leaves a month partly paid, and completes a partly paid month first', () => {
    const first = allocatePayment(ledger(), { amount: 7500, currentMonth: '2018-05' })
    expect(first).toEqual(taken(['2018-01', 5000], ['2018-02', 2500]))
    const second = allocatePayment(
      ledger({
        paid: paidMap(['2018-01', 5000], ['2018-02', 2500]),
      }),
      {
        amount: 3000,
        currentMonth: '2018-05',
      },
    )
    expect(second).toEqual(taken(['2018-02', 2500], ['2018-03', 500]))
  })

  it('runs on into months ahead once the arrears are paid', () => {
    const result = allocatePayment(ledger({ startMonth: '2018-04' }), {
      amount: 15000,
      currentMonth: '2018-04',
    })
    expect(result.ok && result.allocations.map((a) => a.month)).toEqual([
      '2018-04',
      '2018-05',
      '2018-06',
    ])
  })

  it('crosses the year’s end with no Pagume month', () => {
    const result = allocatePayment(ledger({ startMonth: '2018-12' }), {
      amount: 10000,
      currentMonth: '2018-12',
    })
    expect(result.ok && result.allocations.map((a) => a.month)).toEqual(['2018-12', '2019-01'])
  })

  it('charges each month its own rate when the rate changes mid-year', () => {
    const rates = [
      { from_month: '2017-01' as const, amount: 5000 },
      { from_month: '2018-03' as const, amount: 8000 },
    ]
    const result = allocatePayment(ledger({ rates }), { amount: 26000, currentMonth: '2018-04' })
    expect(result).toEqual(
      taken(['2018-01', 5000], ['2018-02', 5000], ['2018-03', 8000], ['2018-04', 8000]),
    )
  })

  it('starts a member who joined mid-year at the month they joined', () => {
    const result = allocatePayment(ledger({ startMonth: '2018-06' }), {
      amount: 5000,
      currentMonth: '2018-08',
    })
    expect(result.ok && result.allocations).toEqual([{ month: '2018-06', amount: 5000 }])
  })

  it('skips waived months', () => {
    const result = allocatePayment(ledger({ waived: new Set(['2018-01', '2018-02']) }), {
      amount: 5000,
      currentMonth: '2018-05',
    })
    expect(result.ok && result.allocations).toEqual([{ month: '2018-03', amount: 5000 }])
  })

  it('fills chosen months, ahead included, oldest first, in any order given', () => {
    const result = allocatePayment(ledger(), {
      amount: 12500,
      currentMonth: '2018-02',
      months: ['2018-09', '2018-02', '2018-08'],
    })
    expect(result).toEqual(taken(['2018-02', 5000], ['2018-08', 5000], ['2018-09', 2500]))
  })

  it('refuses chosen months that are paid, waived, before the start or not months', () => {
    const l = ledger({ paid: paidMap(['2018-01', 5000]), waived: new Set(['2018-02']) })
    const at = { amount: 5000, currentMonth: '2018-05' as const }
    expect(allocatePayment(l, { ...at, months: ['2018-01'] })).toMatchObject({
      ok: false,
      error: 'monthNotOwed',
      month: '2018-01',
    })
    expect(allocatePayment(l, { ...at, months: ['2018-02'] })).toMatchObject({
      error: 'monthNotOwed',
    })
    expect(allocatePayment(l, { ...at, months: ['2017-12'] })).toMatchObject({
      error: 'monthNotOwed',
    })
    expect(allocatePayment(l, { ...at, months: ['2018-13'] })).toMatchObject({
      error: 'monthInvalid',
    })
    expect(allocatePayment(l, { ...at, months: ['2022-01'] })).toMatchObject({
      error: 'monthTooFarAhead',
    })
  })

  it('refuses more than the chosen months owe, and months left with nothing', () => {
    const at = { currentMonth: '2018-05' as const, months: ['2018-01', '2018-02'] }
    expect(allocatePayment(ledger(), { ...at, amount: 10001 })).toMatchObject({
      ok: false,
      error: 'amountAboveMonths',
      left: 1,
    })
    expect(allocatePayment(ledger(), { ...at, amount: 5000 })).toMatchObject({
      error: 'amountBelowMonths',
      month: '2018-02',
    })
  })

  it('refuses an amount that is not a positive whole number of minor units', () => {
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      expect(allocatePayment(ledger(), { amount, currentMonth: '2018-05' })).toMatchObject({
        error: 'amountInvalid',
      })
    }
  })

  it('says when nothing can be owed (no rate) and when the amount reaches past the horizon', () => {
    expect(
      allocatePayment(ledger({ rates: [] }), { amount: 100, currentMonth: '2018-05' }),
    ).toEqual({
      ok: false,
      error: 'nothingOwed',
    })
    const tooMuch = allocatePayment(ledger(), { amount: 5000 * 1000, currentMonth: '2018-05' })
    expect(tooMuch).toMatchObject({ ok: false, error: 'amountAboveMonths' })
  })
})

describe('the year’s strip, arrears and standing', () => {
  const l = ledger({
    startMonth: '2018-02',
    paid: paidMap(['2018-02', 5000], ['2018-03', 2000], ['2018-09', 5000]),
    waived: new Set(['2018-04']),
  })

  it('shows each month’s state', () => {
    const strip = yearStrip(l, 2018, '2018-06')
    expect(strip.map((m) => m.state)).toEqual([
      'none', // before the start
      'paid',
      'partial',
      'waived',
      'unpaid',
      'unpaid', // the current month
      'not_due',
      'not_due',
      'paid', // paid ahead
      'not_due',
      'not_due',
      'not_due',
    ])
    expect(strip[2]).toEqual({ month: '2018-03', due: 5000, paid: 2000, state: 'partial' })
    expect(strip[0].due).toBe(0)
  })

  it('counts ended months still owed as arrears, the current month not yet', () => {
    expect(arrearsOf(l, '2018-06')).toEqual({ months: 2, amount: 3000 + 5000 })
    expect(arrearsOf(l, '2018-07')).toEqual({ months: 3, amount: 3000 + 5000 + 5000 })
  })

  it('judges good standing by at most N unpaid months', () => {
    expect(inGoodStanding(l, '2018-06', { kind: 'max_unpaid', months: 2 })).toBe(true)
    expect(inGoodStanding(l, '2018-06', { kind: 'max_unpaid', months: 1 })).toBe(false)
  })

  it('judges good standing by the last M months paid, waived counting as paid', () => {
    const full = ledger({
      startMonth: '2018-01',
      paid: paidMap(['2018-01', 5000], ['2018-02', 5000], ['2018-04', 5000]),
      waived: new Set(['2018-03']),
    })
    expect(inGoodStanding(full, '2018-05', { kind: 'last_paid', months: 4 })).toBe(true)
    // A month before the start was never paid: a new member waits M months.
    expect(inGoodStanding(full, '2018-05', { kind: 'last_paid', months: 6 })).toBe(false)
    expect(inGoodStanding(full, '2018-06', { kind: 'last_paid', months: 2 })).toBe(false)
  })

  it('checks a rule’s shape', () => {
    expect(isStandingRule({ kind: 'max_unpaid', months: 0 })).toBe(true)
    expect(isStandingRule({ kind: 'last_paid', months: 6 })).toBe(true)
    expect(isStandingRule({ kind: 'last_paid', months: 0 })).toBe(false)
    expect(isStandingRule({ kind: 'max_unpaid', months: 1.5 })).toBe(false)
    expect(isStandingRule({ kind: 'other', months: 1 })).toBe(false)
    expect(isStandingRule(null)).toBe(false)
  })
})
