// Gregorian dates as yyyy-mm-dd strings (spec 3.1, 5.6, 9.2). No time zones: a date is a
// calendar day, compared as text (yyyy-mm-dd sorts chronologically).

export const MIN_DATE = '1900-01-01'
export const MAX_DATE = '2099-12-31'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export interface CalendarDate {
  year: number
  month: number
  day: number
}

export function isGregorianLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInGregorianMonth(year: number, month: number): number {
  if (month === 2) return isGregorianLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Splits yyyy-mm-dd into numbers when it is a real calendar date; otherwise undefined. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(text)
  if (!match) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInGregorianMonth(year, month))
    return undefined
  return { year, month, day }
}

/** True for a real yyyy-mm-dd calendar date (1990-02-31 and 1900-02-29 are not). */
export function isValidIsoDate(text: unknown): text is string {
  return typeof text === 'string' && parseIsoDate(text) !== undefined
}

/** True when a valid date lies within MIN_DATE..MAX_DATE. */
export function isDateInRange(text: string): boolean {
  return text >= MIN_DATE && text <= MAX_DATE
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * Only the first 10 characters of a received date are used (spec 3.1), so
 * "1990-05-04T00:00:00.000Z" reads as "1990-05-04". Blank or missing → null. Whether the result
 * is a real date is for the schema to check.
 */
export function normalizeDateInput(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10)
  }
  if (typeof raw !== 'string') return null
  const text = raw.trim()
  return text === '' ? null : text.slice(0, 10)
}

/** Whole years from dateOfBirth to today (both yyyy-mm-dd); undefined if either is invalid. */
export function ageOn(dateOfBirth: string, today: string): number | undefined {
  const birth = parseIsoDate(dateOfBirth)
  const now = parseIsoDate(today)
  if (!birth || !now) return undefined
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birth.day)
  return now.year - birth.year - (hadBirthday ? 0 : 1)
}

/** Today's date in the local calendar of the machine running the code, as yyyy-mm-dd. */
export function todayIso(now: Date = new Date()): string {
  return formatIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() })
}
