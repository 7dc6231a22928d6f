// Builds a member's ledger for a fund from its rows (domain/duesLedger.ts decides the rest).
import {
  type DuesMonth,
  firstMonthFrom,
  isDuesMonth,
  type Ledger,
  type RateStep,
  todayIso,
} from '../../../domain'
import type { Db } from '../../db/tables'
import {
  type findHouseholdDuesBasis,
  type findMemberDuesBasis,
  fundRates,
  paidByMonth,
  type PayerDues,
  type PayerKey,
  waivedMonths,
} from './ledgerRepository'

export type MemberBasis = NonNullable<Awaited<ReturnType<typeof findMemberDuesBasis>>>
export type HouseholdBasis = NonNullable<Awaited<ReturnType<typeof findHouseholdDuesBasis>>>

/**
 * The day of a registration time, in the time zone that decides "today" (todayIso): a member
 * registered at 01:30 in Addis Ababa on the 1st of Tikimt is not still in Meskerem by UTC.
 */
function registeredOn(createdAt: string): string {
  const at = new Date(createdAt)
  return Number.isNaN(at.getTime()) ? createdAt.slice(0, 10) : todayIso(at)
}

/** The office's start month, else the month of joining, else of registration (Pagume: next). */
export function startMonthOf(
  member: Pick<MemberBasis, 'start_month' | 'date_joined' | 'created_at'>,
): DuesMonth {
  if (member.start_month && isDuesMonth(member.start_month)) return member.start_month
  const registered = registeredOn(member.created_at)
  return firstMonthFrom(member.date_joined ?? registered) ?? firstMonthFrom(registered) ?? '2000-01'
}

type RateRow = { category: string; from_month: string; amount: number }

/** The category whose steps apply: the payer's when the fund has any for it, else '' (standard). */
export const rateSetFor = (rows: readonly RateRow[], category: string | null): string =>
  category && rows.some((row) => row.category === category) ? category : ''

/** The member's category's steps when the fund has any for it, else the standard ones. */
export function ratesFor(rows: readonly RateRow[], category: string | null): RateStep[] {
  const set = rateSetFor(rows, category)
  return rows
    .filter((row) => row.category === set)
    .filter((row) => isDuesMonth(row.from_month))
    .map((row) => ({ from_month: row.from_month as DuesMonth, amount: Number(row.amount) }))
}

/** The office's start month, else the month the household was created (Pagume: next). */
export function householdStartMonthOf(
  household: Pick<HouseholdBasis, 'start_month' | 'created_at'>,
): DuesMonth {
  if (household.start_month && isDuesMonth(household.start_month)) return household.start_month
  return firstMonthFrom(registeredOn(household.created_at)) ?? '2000-01'
}

async function ledgerOf(
  db: Db,
  payer: PayerKey,
  startMonth: DuesMonth,
  category: string | null,
  fundId: number,
): Promise<Ledger> {
  const [rates, paid, waived] = await Promise.all([
    fundRates(db, fundId),
    paidByMonth(db, payer, fundId),
    waivedMonths(db, payer, fundId),
  ])
  return { startMonth, rates: ratesFor(rates, category), paid, waived }
}

export const loadLedger = (db: Db, member: MemberBasis, fundId: number): Promise<Ledger> =>
  ledgerOf(
    db,
    { column: 'member_id', id: member.id },
    startMonthOf(member),
    member.category,
    fundId,
  )

export const loadHouseholdLedger = (
  db: Db,
  household: HouseholdBasis,
  fundId: number,
): Promise<Ledger> =>
  ledgerOf(
    db,
    { column: 'household_id', id: household.id },
    householdStartMonthOf(household),
    household.category,
    fundId,
  )

/** The payer's ledger from its one-statement read (readPayerDues); its basis must exist. */
export function ledgerOfDues(dues: PayerDues, column: PayerKey['column']): Ledger {
  const basis = dues.basis!
  return {
    startMonth: column === 'member_id' ? startMonthOf(basis) : householdStartMonthOf(basis),
    rates: ratesFor(dues.rates, basis.category),
    paid: dues.paid,
    waived: dues.waived,
  }
}
