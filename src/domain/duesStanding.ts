// A payer's standing in a dues fund folded into one summary row (decision 0265), so the arrears
// and good-standing reports read an index instead of every ledger. Months are indexes
// (duesMonth.monthIndex); the row answers for any current month C:
//   months owed  = max(0, C - owed_key)
//   amount owed  = cumulativeDue(C) - base, when months owed > 0
//   last M paid  = settled_from <= C - M and settled_to >= C
// A "plain" row (as_of null) holds for every C: from its oldest owed month on nothing is paid,
// waived or rated zero. Any other row holds for C = as_of only and is worked out again when the
// month turns.
import {
  arrearsOf,
  inGoodStanding,
  type Ledger,
  outstandingFor,
  type RateStep,
  rateFor,
} from './duesLedger'
import { type DuesMonth, monthFromIndex, monthIndex } from './duesMonth'

/** A month index beyond any real month: "never". */
export const NEVER_MONTH = 10_000_000

export interface StandingRow {
  owed_key: number
  /** The oldest month owed (index), NEVER_MONTH for none. */
  oldest: number
  base: number
  settled_from: number
  settled_to: number
  /** The month the row was worked out for when it holds for that month only; else null. */
  as_of: number | null
}

const NOTHING_OWED: StandingRow = {
  owed_key: NEVER_MONTH,
  oldest: NEVER_MONTH,
  base: 0,
  settled_from: 0,
  settled_to: NEVER_MONTH,
  as_of: null,
}

/** What a fund's rates ask from the first step up to (not including) month index `before`. */
export function cumulativeDue(rates: readonly RateStep[], before: number): number {
  const steps = [...rates]
    .map((r) => ({ from: monthIndex(r.from_month), amount: r.amount }))
    .sort((a, b) => a.from - b.from)
  let total = 0
  for (let i = 0; i < steps.length; i++) {
    const end = Math.min(before, i + 1 < steps.length ? steps[i + 1].from : before)
    if (end > steps[i].from) total += steps[i].amount * (end - steps[i].from)
  }
  return total
}

/** The summary row of one payer's ledger, worked out at current month index `current`. */
export function standingRow(ledger: Ledger, current: number): StandingRow {
  const start = monthIndex(ledger.startMonth)
  if (ledger.rates.length === 0) {
    return { ...NOTHING_OWED, settled_from: start }
  }
  const steps = ledger.rates.map((r) => monthIndex(r.from_month))
  const touched = [...ledger.paid.keys(), ...ledger.waived].map((m) => monthIndex(m as DuesMonth))
  const first = Math.max(start, Math.min(...steps, NEVER_MONTH))
  const last = Math.max(first, ...steps, ...touched) + 1
  let owed = NEVER_MONTH
  for (let i = first; i <= last && owed === NEVER_MONTH; i++) {
    if (outstandingFor(ledger, monthFromIndex(i)) > 0) owed = i
  }
  const plain =
    touched.every((m) => m <= owed) &&
    ledger.rates.every((r) => r.amount > 0 || monthIndex(r.from_month) <= owed) &&
    rateFor(ledger.rates, monthFromIndex(owed)) > 0
  if (owed === NEVER_MONTH) return { ...NOTHING_OWED, settled_from: start }
  if (plain) {
    return {
      owed_key: owed,
      oldest: owed,
      base: cumulativeDue(ledger.rates, owed) + (ledger.paid.get(monthFromIndex(owed)) ?? 0),
      settled_from: start,
      settled_to: owed,
      as_of: null,
    }
  }
  const currentMonth = monthFromIndex(current)
  const arrears = arrearsOf(ledger, currentMonth)
  let oldest = NEVER_MONTH
  for (let i = first; i < current && oldest === NEVER_MONTH; i++) {
    if (outstandingFor(ledger, monthFromIndex(i)) > 0) oldest = i
  }
  // The run of settled months that ends just before the current month.
  let from = current
  while (from - 1 >= start && outstandingFor(ledger, monthFromIndex(from - 1)) === 0) from -= 1
  return {
    owed_key: current - arrears.months,
    oldest,
    base: cumulativeDue(ledger.rates, current) - arrears.amount,
    settled_from: from,
    settled_to: NEVER_MONTH,
    as_of: current,
  }
}

/** What a summary row says at current month index `current` (the row must hold for it). */
export function readStanding(
  row: StandingRow,
  rates: readonly RateStep[],
  current: number,
): { months: number; amount: number; oldest_month: DuesMonth | null } {
  const months = Math.max(0, current - row.owed_key)
  if (months === 0) return { months, amount: 0, oldest_month: null }
  return {
    months,
    amount: cumulativeDue(rates, current) - row.base,
    oldest_month: monthFromIndex(row.oldest),
  }
}

/** The last-M-paid rule read from a row; the at-most-N rule is months owed <= N. */
export const lastMonthsPaid = (row: StandingRow, current: number, months: number): boolean =>
  row.settled_from <= current - months && row.settled_to >= current

/** Checks a row against the ledger it summarises (the recount tests use it). */
export function standingAgrees(
  row: StandingRow,
  ledger: Ledger,
  current: number,
  lastPaid: number,
): boolean {
  const month = monthFromIndex(current)
  const read = readStanding(row, ledger.rates, current)
  const truth = arrearsOf(ledger, month)
  return (
    read.months === truth.months &&
    read.amount === truth.amount &&
    lastMonthsPaid(row, current, lastPaid) ===
      inGoodStanding(ledger, month, { kind: 'last_paid', months: lastPaid })
  )
}
