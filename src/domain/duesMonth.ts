// Dues months (issue 46): an Ethiopian year and one of its twelve 30-day months, written
// "YYYY-MM" (01 = Meskerem … 12 = Nehase). Pagume, the five or six days that close the year,
// belongs to no dues month (decision 0191): a day in Pagume is after Nehase and before the next
// Meskerem, so the month "so far" on such a day is Nehase and the first month "from" it is the
// next Meskerem.
import { isoToEthiopian } from './ethiopianCalendar'

/** "2018-01": Ethiopian year, then month 01–12. */
export type DuesMonth = `${number}-${string}`

export const DUES_MONTHS_PER_YEAR = 12
const PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/
/** The years a dues month may name; far enough either way for any register. */
export const MIN_DUES_YEAR = 1900
export const MAX_DUES_YEAR = 2200

/** True for "YYYY-MM" with month 01–12 and a year in range. */
export function isDuesMonth(value: unknown): value is DuesMonth {
  if (typeof value !== 'string') return false
  const match = PATTERN.exec(value)
  if (!match) return false
  const year = Number(match[1])
  return year >= MIN_DUES_YEAR && year <= MAX_DUES_YEAR
}

export function duesMonth(year: number, month: number): DuesMonth {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}` as DuesMonth
}

export function monthParts(month: DuesMonth): { year: number; month: number } {
  return { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) }
}

/** Months since the start of year 0: an ordinal that makes arithmetic plain integers. */
export function monthIndex(month: DuesMonth): number {
  const parts = monthParts(month)
  return parts.year * DUES_MONTHS_PER_YEAR + parts.month - 1
}

export function monthFromIndex(index: number): DuesMonth {
  return duesMonth(Math.floor(index / DUES_MONTHS_PER_YEAR), (index % DUES_MONTHS_PER_YEAR) + 1)
}

export function addMonths(month: DuesMonth, count: number): DuesMonth {
  return monthFromIndex(monthIndex(month) + count)
}

/** b − a in months (negative when b is earlier). */
export function monthsBetween(a: DuesMonth, b: DuesMonth): number {
  return monthIndex(b) - monthIndex(a)
}

/** "YYYY-MM" strings sort as text in time order, so plain comparison is enough. */
export const compareMonths = (a: DuesMonth, b: DuesMonth) => (a < b ? -1 : a > b ? 1 : 0)

/** Every month from `from` to `to`, both included (empty when `to` is earlier). */
export function monthRange(from: DuesMonth, to: DuesMonth): DuesMonth[] {
  const out: DuesMonth[] = []
  for (let i = monthIndex(from); i <= monthIndex(to); i++) out.push(monthFromIndex(i))
  return out
}

/** The twelve months of an Ethiopian year. */
export function yearMonths(year: number): DuesMonth[] {
  return monthRange(duesMonth(year, 1), duesMonth(year, 12))
}

/**
 * The dues month a Gregorian day (yyyy-mm-dd) falls in; a Pagume day counts as the Nehase just
 * ended (what is due "so far" on that day). Undefined for an invalid date.
 */
export function monthOfDay(iso: string): DuesMonth | undefined {
  const date = isoToEthiopian(iso)
  if (!date) return undefined
  return duesMonth(date.year, Math.min(date.month, 12))
}

/**
 * The first dues month that starts on or after a day: the day's own month, or the next
 * Meskerem for a Pagume day. A member who joins in Pagume owes from Meskerem.
 */
export function firstMonthFrom(iso: string): DuesMonth | undefined {
  const date = isoToEthiopian(iso)
  if (!date) return undefined
  return date.month === 13 ? duesMonth(date.year + 1, 1) : duesMonth(date.year, date.month)
}

/** The Ethiopian year of a day (Pagume belongs to the year it closes). */
export function ethiopianYearOf(iso: string): number | undefined {
  return isoToEthiopian(iso)?.year
}
