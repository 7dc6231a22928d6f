// The three parts of the Ethiopian date input (spec 2.5, 4.7, 5.4, 5.5) as plain functions, so
// the edge rules are testable without rendering antd.
import {
  daysInEthiopianMonth,
  ethiopianToIso,
  isoToEthiopian,
  validateEthiopianYear,
  type EthiopianYearMessage,
} from '../../domain'

export interface EthiopianParts {
  day: number | null
  month: number | null
  /** What the user typed: digits only, at most 4. */
  year: string
}

export const EMPTY_PARTS: EthiopianParts = { day: null, month: null, year: '' }

export function partsFromIso(iso: string | null | undefined): EthiopianParts {
  const ethiopian = iso ? isoToEthiopian(iso) : undefined
  return ethiopian
    ? { day: ethiopian.day, month: ethiopian.month, year: String(ethiopian.year) }
    : EMPTY_PARTS
}

/** The day count the Day select offers (30 until a month is chosen; spec 5.5 for Pagume). */
export function dayCount(parts: EthiopianParts): number {
  if (parts.month === null) return 30
  const year = parts.year === '' ? Number.NaN : Number(parts.year)
  return daysInEthiopianMonth(year, parts.month)
}

/** Applies a change; a day the new month or year no longer has is cleared (spec 4.7). */
export function changeParts(
  parts: EthiopianParts,
  change: Partial<EthiopianParts>,
): EthiopianParts {
  const next = { ...parts, ...change }
  if (next.day !== null && next.day > dayCount(next)) next.day = null
  return next
}

/** Keeps only digits, at most four (spec 5.4: the field accepts digits only). */
export function yearDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4)
}

export function yearMessage(year: string): EthiopianYearMessage | null {
  return validateEthiopianYear(year)
}

/** The Gregorian yyyy-mm-dd of complete, valid parts; null until all three are set (4.7). */
export function partsToIso(parts: EthiopianParts): string | null {
  if (parts.day === null || parts.month === null || parts.year === '') return null
  if (yearMessage(parts.year) !== null) return null
  return ethiopianToIso(Number(parts.year), parts.month, parts.day) ?? null
}

export function hasAnyPart(parts: EthiopianParts): boolean {
  return parts.day !== null || parts.month !== null || parts.year !== ''
}
