// Dues and gifts (issue 46): the words both sides share for funds, payments and receipts.
import { minorDigits } from './amountInWords'

/** How a payment was made; a reference number is optional for each. */
export const PAYMENT_METHODS = [
  'cash',
  'bank_transfer',
  'telebirr',
  'cbe_birr',
  'cheque',
  'other',
] as const

/** dues: owed by month under rates; gift: any amount, no months (tithe, vow, building…). */
export const FUND_KINDS = ['dues', 'gift'] as const

/** Who pays a dues fund: each member, or each household (households issue). */
export const FUND_PAYERS = ['member', 'household'] as const

/** Reduced-rate categories an office may put a member in; '' is the standard rate. */
export const DUES_CATEGORIES = ['student', 'elderly', 'unemployed', 'reduced'] as const
export type DuesCategory = (typeof DUES_CATEGORIES)[number]
export const isDuesCategory = (value: unknown): value is DuesCategory =>
  typeof value === 'string' && (DUES_CATEGORIES as readonly string[]).includes(value)

/** The largest single payment accepted: 100 million in major units (10^10 minor units). */
export const MAX_PAYMENT_MINOR = 10_000_000_000

/** "2018-000123": the Ethiopian year, then the year's sequence, six digits or more. */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`
}

/**
 * Text typed as an amount in major units ("1,200.50", "75") → integer minor units, exactly:
 * digits are joined as text, never through floating point. Undefined for anything else, for
 * more decimals than the currency has, and above MAX_PAYMENT_MINOR. A separator (comma,
 * space, apostrophe) is read only between groups of three: "12,50" is refused, not 1,250.
 */
export function parseMoney(text: string, digits = 2): number | undefined {
  const match = /^(\d{1,3}(?:[,\s\u00a0']\d{3})+|\d+)(?:\.(\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  const minor = Number(`${match[1].replace(/\D/g, '')}${fraction.padEnd(digits, '0')}`)
  if (!Number.isSafeInteger(minor) || minor > MAX_PAYMENT_MINOR) return undefined
  return minor
}

/** Integer minor units → "1,200.50" (grouped, with the currency's decimals), no float math. */
export function formatMinor(minor: number, digits = 2): string {
  const negative = minor < 0
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  const whole = digits > 0 ? text.slice(0, -digits) : text
  const fraction = digits > 0 ? text.slice(-digits) : ''
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** An amount in minor units with its currency: "1,200.00 ETB". */
export const moneyText = (amount: number, currency: string) =>
  `${formatMinor(amount, minorDigits(currency))} ${currency}`

/** A payer's initials for the public receipt check: "A. K." from "Abebe Kebede". */
export function initialsOf(...names: (string | null | undefined)[]): string {
  return names
    .map((name) => (name ?? '').trim())
    .filter(Boolean)
    .map((name) => `${[...name][0]}.`)
    .join(' ')
}
