// The payment form's preview: the months a payment would cover, by the same allocation the
// server runs (domain/duesLedger), over the strips of the years the form has loaded.
import {
  type AllocationResult,
  addMonths,
  allocatePayment,
  arrearsOf,
  type DuesMonth,
  type Ledger,
  MAX_MONTHS_AHEAD,
  type MemberDuesAnswer,
  monthFromIndex,
  monthIndex,
  outstandingFor,
  type RateStep,
} from '../../domain'

/**
 * The years loaded first: from the current one (or a later start month's) to the year of the
 * furthest month a payment may reach, so months paid ahead are known before they are offered.
 * loadPreviewStrips adds the earlier years that hold months in arrears.
 */
export function previewYears(startMonth: string, currentMonth: string): number[] {
  const current = Number(currentMonth.slice(0, 4))
  const start = Math.max(Number(startMonth.slice(0, 4)), current)
  const last = Number(addMonths(currentMonth as DuesMonth, MAX_MONTHS_AHEAD).slice(0, 4))
  const years: number[] = []
  for (let year = start; year <= last; year++) years.push(year)
  return years
}

/**
 * A ledger rebuilt from strips: each month's due becomes a rate step from that month, so the
 * last loaded month's rate runs on into the months ahead, as the fund's rate does.
 */
export function ledgerFromStrips(answers: readonly MemberDuesAnswer[]): Ledger | undefined {
  const first = answers[0]
  if (!first) return undefined
  const rates: RateStep[] = []
  const paid = new Map<string, number>()
  const waived = new Set<string>()
  for (const answer of answers) {
    for (const line of answer.months) {
      rates.push({ from_month: line.month, amount: line.due })
      if (line.paid > 0) paid.set(line.month, line.paid)
      if (line.state === 'waived') waived.add(line.month)
    }
  }
  return { startMonth: first.start_month as DuesMonth, rates, paid, waived }
}

/** A year's strip as the API answered it, or its error. */
export type StripResult<E> = { data: MemberDuesAnswer } | { error: E }

/**
 * The strips of `years`, then earlier ones back to the oldest month in arrears (the server fills
 * it first) and no further: a start month decades back would cost a request a year for nothing.
 */
export async function loadPreviewStrips<E>(
  years: readonly number[],
  loadYear: (year: number) => Promise<StripResult<E>>,
): Promise<{ data: MemberDuesAnswer[] } | { error: E }> {
  const answers: MemberDuesAnswer[] = []
  for (const year of years) {
    const result = await loadYear(year)
    if ('error' in result) return result
    answers.push(result.data)
  }
  const first = answers[0]
  if (!first) return { data: answers }
  const startYear = Number(first.start_month.slice(0, 4))
  const owed = first.arrears.months
  const missing = () =>
    arrearsOf(ledgerFromStrips(answers)!, first.current_month as DuesMonth).months < owed
  for (let year = first.year - 1; year >= startYear && missing(); year--) {
    const result = await loadYear(year)
    if ('error' in result) return result
    answers.unshift(result.data)
  }
  return { data: answers }
}

/** What the payment would cover, or why the server would refuse it. */
export function previewAllocation(
  ledger: Ledger,
  amount: number,
  currentMonth: string,
  months?: readonly string[],
): AllocationResult {
  return allocatePayment(ledger, { amount, currentMonth: currentMonth as DuesMonth, months })
}

/** Months a clerk may pick: those still owing something, as far ahead as the server accepts. */
export function pickableMonths(ledger: Ledger, currentMonth: string): DuesMonth[] {
  const last = addMonths(currentMonth as DuesMonth, MAX_MONTHS_AHEAD)
  const months: DuesMonth[] = []
  for (let i = monthIndex(ledger.startMonth); i <= monthIndex(last); i++) {
    const month = monthFromIndex(i)
    if (outstandingFor(ledger, month) > 0) months.push(month)
  }
  return months
}
