// The payment form's preview: the months a payment would cover, by the same allocation the
// server runs (domain/duesLedger), over the strips of the years the form has loaded.
import {
  type AllocationResult,
  addMonths,
  allocatePayment,
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
 * The years to load: from the start month's (at most `maxBack` years back) to the year of the
 * furthest month a payment may reach, so months paid ahead are known before they are offered.
 */
export function previewYears(startMonth: string, currentMonth: string, maxBack = 5): number[] {
  const current = Number(currentMonth.slice(0, 4))
  const start = Math.max(Number(startMonth.slice(0, 4)), current - maxBack)
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
