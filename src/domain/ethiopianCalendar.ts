// Ethiopian (Amete Mihret) calendar ↔ Gregorian, through Julian Day Numbers (spec 3.5, 5.4,
// 5.5, 9.3). 13 months: 1–12 have 30 days, month 13 (Pagume) has 5, or 6 in a leap year, which
// is a year with (year + 1) % 4 === 0 (it ends one day before a Gregorian leap day's year).
// Checked day by day against ICU's ethiopic calendar for 1900–2100 (ethiopianCalendar.test.ts).
import { formatIsoDate, parseIsoDate, type CalendarDate } from './dates'

export interface EthiopianDate {
  year: number
  /** 1–13 */
  month: number
  day: number
}

/** Spec 9.3 epoch offsets (Beyene–Kudlek). */
export const JDN_OFFSET_GREGORIAN_TO_ETHIOPIAN = 1723856
export const JDN_OFFSET_ETHIOPIAN_TO_GREGORIAN = 1724221

export const MIN_ETHIOPIAN_YEAR = 1900

export const ETHIOPIAN_MONTHS_GEEZ = [
  'መስከረም',
  'ጥቅምት',
  'ኅዳር',
  'ታኅሣሥ',
  'ጥር',
  'የካቲት',
  'መጋቢት',
  'ሚያዝያ',
  'ግንቦት',
  'ሰኔ',
  'ሐምሌ',
  'ነሐሴ',
  'ጳጉሜ',
] as const

export const ETHIOPIAN_MONTHS_LATIN = [
  'Meskerem',
  'Tikimt',
  'Hidar',
  'Tahsas',
  'Tir',
  'Yekatit',
  'Megabit',
  'Miyazya',
  'Ginbot',
  'Sene',
  'Hamle',
  'Nehase',
  'Pagume',
] as const

// Afaan Oromoo: the Oromo month names as used for the Ethiopian months in Oromia (Fulbaana
// starts the year like Meskerem). Pagume's Oromo name varies (Qaammee, Paagumee); Qaammee is
// the most widely used.
export const ETHIOPIAN_MONTHS_OROMO = [
  'Fulbaana',
  'Onkoloolessa',
  'Sadaasa',
  'Muddee',
  'Amajjii',
  'Guraandhala',
  'Bitootessa',
  'Ebla',
  'Caamsaa',
  'Waxabajjii',
  'Adoolessa',
  'Hagayya',
  'Qaammee',
] as const

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b)
}

function mod(a: number, b: number): number {
  return a - b * Math.floor(a / b)
}

/** Gregorian date → Julian Day Number (Fliegel–Van Flandern). */
export function gregorianToJdn({ year, month, day }: CalendarDate): number {
  const a = floorDiv(14 - month, 12)
  const y = year + 4800 - a
  const m = month + 12 * a - 3
  return (
    day +
    floorDiv(153 * m + 2, 5) +
    365 * y +
    floorDiv(y, 4) -
    floorDiv(y, 100) +
    floorDiv(y, 400) -
    32045
  )
}

export function jdnToGregorian(jdn: number): CalendarDate {
  const a = jdn + 32044
  const b = floorDiv(4 * a + 3, 146097)
  const c = a - floorDiv(146097 * b, 4)
  const d = floorDiv(4 * c + 3, 1461)
  const e = c - floorDiv(1461 * d, 4)
  const m = floorDiv(5 * e + 2, 153)
  return {
    year: 100 * b + d - 4800 + floorDiv(m, 10),
    month: m + 3 - 12 * floorDiv(m, 10),
    day: e - floorDiv(153 * m + 2, 5) + 1,
  }
}

export function ethiopianToJdn({ year, month, day }: EthiopianDate): number {
  // = (offset - 1) + 365 (year - 1) + ⌊year / 4⌋ + 30 (month - 1) + day
  return (
    JDN_OFFSET_ETHIOPIAN_TO_GREGORIAN + 365 * (year - 1) + floorDiv(year, 4) + 30 * month + day - 31
  )
}

export function jdnToEthiopian(jdn: number): EthiopianDate {
  const days = jdn - JDN_OFFSET_GREGORIAN_TO_ETHIOPIAN
  const r = mod(days, 1461)
  const n = mod(r, 365) + 365 * floorDiv(r, 1460)
  return {
    year: 4 * floorDiv(days, 1461) + floorDiv(r, 365) - floorDiv(r, 1460),
    month: floorDiv(n, 30) + 1,
    day: mod(n, 30) + 1,
  }
}

export function toEthiopian(gregorian: CalendarDate): EthiopianDate {
  return jdnToEthiopian(gregorianToJdn(gregorian))
}

export function toGregorian(ethiopian: EthiopianDate): CalendarDate {
  return jdnToGregorian(ethiopianToJdn(ethiopian))
}

/** Pagume has 6 days in years where (year + 1) is divisible by 4. */
export function isEthiopianLeapYear(year: number): boolean {
  return mod(year + 1, 4) === 0
}

/**
 * Days in an Ethiopian month (spec 5.5). When the year is not a number, the leap rule uses the
 * current Gregorian year + 8 (roughly the Ethiopian year of the coming Meskerem).
 */
export function daysInEthiopianMonth(
  year: number,
  month: number,
  currentGregorianYear: number = new Date().getFullYear(),
): number {
  if (month !== 13) return 30
  const leapYear = Number.isNaN(year) ? currentGregorianYear + 8 : year
  return isEthiopianLeapYear(leapYear) ? 6 : 5
}

export function isValidEthiopianDate({ year, month, day }: EthiopianDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 13 &&
    day >= 1 &&
    day <= daysInEthiopianMonth(year, month)
  )
}

/** 'yyyy-mm-dd' (Gregorian) → Ethiopian date; undefined for an invalid date. */
export function isoToEthiopian(iso: string): EthiopianDate | undefined {
  const gregorian = parseIsoDate(iso)
  return gregorian ? toEthiopian(gregorian) : undefined
}

/** Ethiopian year, month, day → 'yyyy-mm-dd' (Gregorian); undefined for an invalid date. */
export function ethiopianToIso(year: number, month: number, day: number): string | undefined {
  const ethiopian = { year, month, day }
  return isValidEthiopianDate(ethiopian) ? formatIsoDate(toGregorian(ethiopian)) : undefined
}

export type EthiopianYearMessage = 'yearMustBeNumber' | 'yearMustBeAtLeast1900'

/**
 * Checks the Ethiopian year field (spec 5.4): digits only, at least 1900. Returns null when the
 * year is acceptable or nothing has been typed yet (completeness is the required check's job).
 */
export function validateEthiopianYear(text: string): EthiopianYearMessage | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!/^\d+$/.test(trimmed)) return 'yearMustBeNumber'
  return Number(trimmed) < MIN_ETHIOPIAN_YEAR ? 'yearMustBeAtLeast1900' : null
}
