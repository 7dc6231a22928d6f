// Builds a member's ledger for a fund from its rows (domain/duesLedger.ts decides the rest).
import {
  type DuesMonth,
  firstMonthFrom,
  isDuesMonth,
  type Ledger,
  type RateStep,
} from '../../../domain'
import type { Db } from '../../db/tables'
import { type findMemberDuesBasis, fundRates, paidByMonth, waivedMonths } from './ledgerRepository'

export type MemberBasis = NonNullable<Awaited<ReturnType<typeof findMemberDuesBasis>>>

/** The office's start month, else the month of joining, else of registration (Pagume: next). */
export function startMonthOf(member: MemberBasis): DuesMonth {
  if (member.start_month && isDuesMonth(member.start_month)) return member.start_month
  const day = member.date_joined ?? member.created_at.slice(0, 10)
  return firstMonthFrom(day) ?? firstMonthFrom(member.created_at.slice(0, 10)) ?? '2000-01'
}

/** The member's category's steps when the fund has any for it, else the standard ones. */
export function ratesFor(
  rows: { category: string; from_month: string; amount: number }[],
  category: string | null,
): RateStep[] {
  const own = category ? rows.filter((row) => row.category === category) : []
  const chosen = own.length > 0 ? own : rows.filter((row) => row.category === '')
  return chosen
    .filter((row) => isDuesMonth(row.from_month))
    .map((row) => ({ from_month: row.from_month as DuesMonth, amount: Number(row.amount) }))
}

export async function loadLedger(db: Db, member: MemberBasis, fundId: number): Promise<Ledger> {
  const [rates, paid, waived] = await Promise.all([
    fundRates(db, fundId),
    paidByMonth(db, member.id, fundId),
    waivedMonths(db, member.id, fundId),
  ])
  return { startMonth: startMonthOf(member), rates: ratesFor(rates, member.category), paid, waived }
}
