// Months, years and yearly recurrences (birthdays, anniversaries) in either calendar, for the
// home dashboard. Dates are stored Gregorian (yyyy-mm-dd); the calendar says how they repeat.
// The rule is recorded in docs/decisions/0029-birthday-calendar.md.
import { type CalendarDate, formatIsoDate, isGregorianLeapYear, parseIsoDate } from './dates'
import {
  daysInEthiopianMonth,
  gregorianToJdn,
  isEthiopianLeapYear,
  jdnToEthiopian,
  jdnToGregorian,
  toEthiopian,
  toGregorian,
} from './ethiopianCalendar'

export type StatsCalendar = 'gregorian' | 'ethiopian'

/** A month of one calendar: Ethiopian months run 1–13 (13 is Pagume). */
export interface CalendarMonth {
  year: number
  month: number
}

function parse(iso: string): CalendarDate {
  const date = parseIsoDate(iso)
  if (!date) throw new RangeError(`not a date: ${iso}`)
  return date
}

/** The day `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  return formatIsoDate(jdnToGregorian(gregorianToJdn(parse(iso)) + days))
}

/** The month a Gregorian day falls in, in `calendar`. */
export function monthOf(iso: string, calendar: StatsCalendar): CalendarMonth {
  const date = parse(iso)
  if (calendar === 'gregorian') return { year: date.year, month: date.month }
  const ethiopian = toEthiopian(date)
  return { year: ethiopian.year, month: ethiopian.month }
}

/** The Gregorian day on which a month of `calendar` begins. */
export function monthStart({ year, month }: CalendarMonth, calendar: StatsCalendar): string {
  if (calendar === 'gregorian') return formatIsoDate({ year, month, day: 1 })
  return formatIsoDate(toGregorian({ year, month, day: 1 }))
}

/** The month before: Ethiopian years have 13 months, the year turning at Meskerem 1. */
export function previousMonth({ year, month }: CalendarMonth, calendar: StatsCalendar) {
  const months = calendar === 'ethiopian' ? 13 : 12
  return month === 1 ? { year: year - 1, month: months } : { year, month: month - 1 }
}

/** The `count` months ending with the one `today` is in, oldest first. */
export function lastMonths(today: string, count: number, calendar: StatsCalendar) {
  const months: CalendarMonth[] = [monthOf(today, calendar)]
  while (months.length < count) months.unshift(previousMonth(months[0], calendar))
  return months
}

/** The first day of the year `today` is in: January 1, or Meskerem 1 (September 11 or 12). */
export function yearStart(today: string, calendar: StatsCalendar): string {
  return monthStart({ year: monthOf(today, calendar).year, month: 1 }, calendar)
}

/** A stored date's next recurrence within a window: the day, and how many years on. */
export interface Recurrence {
  on: string
  years: number
}

/**
 * A test of stored dates against the `days` days from `from`: whether each recurs in them, on
 * which day, and how many years on. Gregorian: same month and day; February 29 falls on
 * February 28 in common years. Ethiopian: same Ethiopian month and day; Pagume 6 falls on
 * Pagume 5 in common years. A recurrence is at least one year after the date itself.
 */
export function recurrencesWithin(from: string, days: number, calendar: StatsCalendar) {
  const parts = (date: CalendarDate) => (calendar === 'ethiopian' ? toEthiopian(date) : date)
  const byMonthDay = new Map<string, { on: string; year: number }>()
  for (let i = days - 1; i >= 0; i -= 1) {
    const on = addDays(from, i)
    const { year, month, day } = parts(parse(on))
    byMonthDay.set(`${month}-${day}`, { on, year })
    // The leap day of a date born on one, in a year that has none: the month's last day.
    if (calendar === 'gregorian' && month === 2 && day === 28 && !isGregorianLeapYear(year))
      byMonthDay.set('2-29', { on, year })
    if (calendar === 'ethiopian' && month === 13 && day === 5 && !isEthiopianLeapYear(year))
      byMonthDay.set('13-6', { on, year })
  }
  const test = (stored: string): Recurrence | undefined => {
    const date = parseIsoDate(stored)
    if (!date) return undefined
    const { year, month, day } = parts(date)
    const found = byMonthDay.get(`${month}-${day}`)
    if (!found || found.year - year < 1) return undefined
    return { on: found.on, years: found.year - year }
  }
  // Thousands of members share a few hundred dates: each is converted once.
  const known = new Map<string, Recurrence | undefined>()
  return (stored: string): Recurrence | undefined => {
    if (known.has(stored)) return known.get(stored)
    const found = test(stored)
    known.set(stored, found)
    return found
  }
}

/** How many years on `stored` recurs on `day`, if it does (recurrencesWithin's rule). */
export function recurrenceOn(stored: string, day: string, calendar: StatsCalendar) {
  return recurrencesWithin(day, 1, calendar)(stored)?.years
}

/**
 * Every Gregorian month-day ('MM-DD') a stored date may have to recur within the `days` days
 * from `from`: a superset that a database can match on text, checked exactly by recurrenceOn.
 * An Ethiopian day's Gregorian month-day depends on the year (a leap year moves it by one).
 */
export function candidateMonthDays(from: string, days: number, calendar: StatsCalendar) {
  const found = new Set<string>()
  for (let i = 0; i < days; i += 1) {
    const day = parse(addDays(from, i))
    if (calendar === 'gregorian') {
      found.add(formatIsoDate(day).slice(5))
      if (day.month === 2 && day.day === 28 && !isGregorianLeapYear(day.year)) found.add('02-29')
      continue
    }
    const ethiopian = jdnToEthiopian(gregorianToJdn(day))
    const targets = [ethiopian.day]
    if (ethiopian.month === 13 && ethiopian.day === 5 && !isEthiopianLeapYear(ethiopian.year))
      targets.push(6)
    for (const target of targets) {
      for (let k = 0; k < 4; k += 1) {
        const year = ethiopian.year + k
        if (target > daysInEthiopianMonth(year, ethiopian.month)) continue
        const g = toGregorian({ year, month: ethiopian.month, day: target })
        found.add(formatIsoDate(g).slice(5))
      }
    }
  }
  return [...found].sort()
}
