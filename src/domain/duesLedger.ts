// A payer's dues ledger as pure functions (issue 46): what each month owes under the fund's
// rates, how a payment is spread over months, the year's strip and good standing. The server
// loads the rows, these functions decide; the client shows the same answers.
import {
  addMonths,
  compareMonths,
  type DuesMonth,
  isDuesMonth,
  monthFromIndex,
  monthIndex,
  yearMonths,
} from './duesMonth'

/** A monthly rate in minor units, in force from a month until the next step. */
export interface RateStep {
  from_month: DuesMonth
  amount: number
}

export interface Ledger {
  /** The first month the payer owes (joined, registered, or set by the office). */
  startMonth: DuesMonth
  /** The rates that apply to this payer (its category's, else the standard ones). */
  rates: readonly RateStep[]
  /** Paid so far per month, minor units, voided payments left out. */
  paid: ReadonlyMap<string, number>
  waived: ReadonlySet<string>
}

/** How far ahead a payment may reach, in months after the current one. */
export const MAX_MONTHS_AHEAD = 36

/** The rate in force in a month (the latest step from that month or before), or 0 for none. */
export function rateFor(rates: readonly RateStep[], month: DuesMonth): number {
  let best: RateStep | undefined
  for (const step of rates) {
    if (step.from_month <= month && (!best || step.from_month > best.from_month)) best = step
  }
  return best?.amount ?? 0
}

/** What the month asks of this payer: its rate from the start month on, else nothing. */
export function dueFor(ledger: Ledger, month: DuesMonth): number {
  return compareMonths(month, ledger.startMonth) < 0 ? 0 : rateFor(ledger.rates, month)
}

/** What is still owed for a month: nothing once waived or paid. */
export function outstandingFor(ledger: Ledger, month: DuesMonth): number {
  if (ledger.waived.has(month)) return 0
  return Math.max(0, dueFor(ledger, month) - (ledger.paid.get(month) ?? 0))
}

export interface Allocation {
  month: DuesMonth
  amount: number
}

export type AllocationError =
  | { error: 'amountInvalid' }
  | { error: 'nothingOwed' }
  | { error: 'monthInvalid'; month: string }
  | { error: 'monthNotOwed'; month: DuesMonth }
  | { error: 'monthTooFarAhead'; month: DuesMonth }
  | { error: 'amountAboveMonths'; left: number }
  | { error: 'amountBelowMonths'; month: DuesMonth }

export type AllocationResult =
  { ok: true; allocations: Allocation[] } | ({ ok: false } & AllocationError)

export interface PaymentRequest {
  amount: number
  /** The month of the day the payment is recorded (duesMonth.monthOfDay). */
  currentMonth: DuesMonth
  /** Months the clerk chose (any order, ahead allowed); omitted: oldest unpaid first. */
  months?: readonly string[]
}

/**
 * Spreads a payment over months. By default the oldest months still owed come first, from the
 * start month on, then months ahead; a remainder too small for a month leaves it partly paid.
 * Chosen months are filled oldest first, and each must receive something.
 */
export function allocatePayment(ledger: Ledger, request: PaymentRequest): AllocationResult {
  const { amount, currentMonth } = request
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, error: 'amountInvalid' }
  const last = addMonths(currentMonth, MAX_MONTHS_AHEAD)
  const allocations: Allocation[] = []
  let left = amount

  if (request.months && request.months.length > 0) {
    const chosen = [...new Set(request.months)]
    for (const month of chosen) {
      if (!isDuesMonth(month)) return { ok: false, error: 'monthInvalid', month: String(month) }
    }
    const months = (chosen as DuesMonth[]).sort(compareMonths)
    for (const month of months) {
      if (compareMonths(month, last) > 0) return { ok: false, error: 'monthTooFarAhead', month }
      if (outstandingFor(ledger, month) === 0) return { ok: false, error: 'monthNotOwed', month }
    }
    for (const month of months) {
      if (left === 0) return { ok: false, error: 'amountBelowMonths', month }
      const part = Math.min(left, outstandingFor(ledger, month))
      allocations.push({ month, amount: part })
      left -= part
    }
    if (left > 0) return { ok: false, error: 'amountAboveMonths', left }
    return { ok: true, allocations }
  }

  let owedAnywhere = false
  for (let i = monthIndex(ledger.startMonth); i <= monthIndex(last) && left > 0; i++) {
    const month = monthFromIndex(i)
    const owed = outstandingFor(ledger, month)
    if (owed === 0) continue
    owedAnywhere = true
    const part = Math.min(left, owed)
    allocations.push({ month, amount: part })
    left -= part
  }
  if (!owedAnywhere) return { ok: false, error: 'nothingOwed' }
  if (left > 0) return { ok: false, error: 'amountAboveMonths', left }
  return { ok: true, allocations }
}

/**
 * A month on the strip. paid: all of it; partial: some; unpaid: due and nothing yet;
 * waived: forgiven; not_due: a month ahead with nothing paid; none: nothing asked (before the
 * start month, or no rate yet).
 */
export type MonthState = 'paid' | 'partial' | 'unpaid' | 'waived' | 'not_due' | 'none'

export interface MonthLine {
  month: DuesMonth
  due: number
  paid: number
  state: MonthState
}

export function monthLine(ledger: Ledger, month: DuesMonth, currentMonth: DuesMonth): MonthLine {
  const due = dueFor(ledger, month)
  const paid = ledger.paid.get(month) ?? 0
  const line = (state: MonthState): MonthLine => ({ month, due, paid, state })
  if (ledger.waived.has(month)) return line('waived')
  if (due === 0) return line('none')
  if (paid >= due) return line('paid')
  if (paid > 0) return line('partial')
  return line(compareMonths(month, currentMonth) > 0 ? 'not_due' : 'unpaid')
}

/** The twelve months of an Ethiopian year as the Dues tab shows them. */
export function yearStrip(ledger: Ledger, year: number, currentMonth: DuesMonth): MonthLine[] {
  return yearMonths(year).map((month) => monthLine(ledger, month, currentMonth))
}

export interface Arrears {
  months: number
  amount: number
}

/**
 * Months in arrears: months that have ended (before the current one) with something still
 * owed. The current month is due (shown unpaid) but not yet in arrears (decision 0191).
 */
export function arrearsOf(ledger: Ledger, currentMonth: DuesMonth): Arrears {
  let months = 0
  let amount = 0
  for (let i = monthIndex(ledger.startMonth); i < monthIndex(currentMonth); i++) {
    const owed = outstandingFor(ledger, monthFromIndex(i))
    if (owed > 0) {
      months += 1
      amount += owed
    }
  }
  return { months, amount }
}

/** The church's rule: at most N months in arrears, or each of the last M ended months paid. */
export type StandingRule =
  { kind: 'max_unpaid'; months: number } | { kind: 'last_paid'; months: number }

export const DEFAULT_STANDING_RULE: StandingRule = { kind: 'max_unpaid', months: 0 }
export const MAX_STANDING_MONTHS = 120

export function isStandingRule(value: unknown): value is StandingRule {
  if (!value || typeof value !== 'object') return false
  const rule = value as Record<string, unknown>
  return (
    (rule.kind === 'max_unpaid' || rule.kind === 'last_paid') &&
    Number.isInteger(rule.months) &&
    (rule.months as number) >= (rule.kind === 'last_paid' ? 1 : 0) &&
    (rule.months as number) <= MAX_STANDING_MONTHS
  )
}

/**
 * In good standing by the rule. "Last M paid" counts the M months before the current one; a
 * month before the payer's start was not paid, so a new member qualifies after M months.
 */
export function inGoodStanding(
  ledger: Ledger,
  currentMonth: DuesMonth,
  rule: StandingRule,
): boolean {
  if (rule.kind === 'max_unpaid') return arrearsOf(ledger, currentMonth).months <= rule.months
  for (let back = 1; back <= rule.months; back++) {
    const month = addMonths(currentMonth, -back)
    if (compareMonths(month, ledger.startMonth) < 0) return false
    if (outstandingFor(ledger, month) > 0) return false
  }
  return true
}

/** GET /api/members/:id/dues: a member's year of dues as the Dues tab shows it. */
export interface MemberDuesAnswer {
  member_id: number
  fund_id: number
  year: number
  currency: string
  /** The month dues start from, and whether the office set it (else joining/registration). */
  start_month: string
  start_month_set: boolean
  category: string
  current_month: string
  months: MonthLine[]
  arrears: Arrears
  good_standing: boolean
  rule: StandingRule
}

/** GET /api/households/:id/dues: the same for a household and a per-household fund. */
export type HouseholdDuesAnswer = Omit<MemberDuesAnswer, 'member_id'> & { household_id: number }

/**
 * GET /api/members/:id/statement: a member's Ethiopian year. Each fund paid into that year or
 * owed to, with what was paid; a dues fund also its twelve months, arrears and standing today.
 */
export interface StatementAnswer {
  member_id: number
  first_name: string
  last_name: string
  year: number
  currency: string
  funds: {
    fund_id: number
    kind: string
    name_am: string
    name_en: string
    name_om: string
    paid: number
    months: MonthLine[]
    /** A dues fund's arrears and good standing as of today; null for a gift fund. */
    arrears: Arrears | null
    good_standing: boolean | null
  }[]
  payments: {
    id: number
    receipt_number: string
    fund_id: number
    amount: number
    method: string
    received_on: string
    months: string[]
  }[]
}

/** The message ids of a statement's payment columns, on screen and in its workbook alike. */
export const STATEMENT_PAYMENT_COLUMNS = [
  'receiptNumber',
  'receiptDate',
  'duesReportFund',
  'duesReportMethod',
  'duesReportMonths',
  'receiptAmount',
] as const

/** GET /api/households/:id/statement: the same, keyed by the household. */
export type HouseholdStatementAnswer = Omit<
  StatementAnswer,
  'member_id' | 'first_name' | 'last_name'
> & { household_id: number; name: string }
