// Dates as offices write them (issue 45): yyyy-m-d, yyyy/mm/dd, dd/mm/yyyy (mm/dd/yyyy when the
// day cannot be a month, or the column shows it is month first), month names of both calendars
// in en/am/om, a trailing ዓ.ም./E.C./ALI (Ethiopian) or እ.ኤ.አ./G.C./ALA (Gregorian), stray tabs
// and quotes. A date without a year, month or day (ChurchCRM writes "-0-0", "-12-29",
// "1945-4-0") is unknown: left empty, not refused.
import {
  ETHIOPIAN_MONTHS_GEEZ,
  ETHIOPIAN_MONTHS_LATIN,
  ETHIOPIAN_MONTHS_OROMO,
  ethiopianToIso,
  formatIsoDate,
  GREGORIAN_MONTHS,
  isValidEthiopianDate,
  parseIsoDate,
} from '../../../domain'
import type { Calendar } from './fieldDictionary'

export type DateReading = { iso: string } | { unknown: true } | { invalid: true }

interface Parts {
  year: number
  month: number
  day: number
}

const fold = (text: string) => text.toLowerCase().replace(/[\s.'’]/g, '')

/** Month name → its number and, where the name says it, its calendar. */
const MONTHS: ReadonlyMap<string, { month: number; calendar: Calendar | null }> = (() => {
  const map = new Map<string, { month: number; calendar: Calendar | null }>()
  const add = (names: readonly string[], calendar: Calendar | null) =>
    names.forEach((name, i) => {
      if (!map.has(fold(name))) map.set(fold(name), { month: i + 1, calendar })
    })
  add(GREGORIAN_MONTHS.en, 'gregorian')
  add(
    GREGORIAN_MONTHS.en.map((name) => name.slice(0, 3)),
    'gregorian',
  )
  add(['', '', '', '', '', '', '', '', 'Sept'], 'gregorian')
  add(GREGORIAN_MONTHS.am, 'gregorian')
  add(ETHIOPIAN_MONTHS_GEEZ, 'ethiopian')
  // Common spellings of the same months (ሀ/ኀ, ሰ/ሠ, ሃ/ሐ and a final ን).
  add(['', '', 'ህዳር', 'ታህሳስ', '', '', '', 'ሚያዚያ', '', '', 'ሀምሌ', 'ነሃሴ', 'ጳጉሜን'], 'ethiopian')
  add(['', '', 'ሕዳር', 'ታሕሳስ', '', '', '', '', '', '', '', 'ነሀሴ', 'ጷጉሜ'], 'ethiopian')
  add(ETHIOPIAN_MONTHS_LATIN, 'ethiopian')
  add(
    [
      'Meskerem',
      'Tikemt',
      'Hedar',
      'Tahesas',
      'Ter',
      'Yakatit',
      'Magabit',
      'Miazia',
      'Genbot',
      'Sené',
      'Hamlé',
      'Nehasé',
      'Pagumen',
    ],
    'ethiopian',
  )
  // Afaan Oromoo names both calendars' months alike: the column's calendar decides (and the
  // number: Caamsaa is the 9th Ethiopian month and May).
  add(ETHIOPIAN_MONTHS_OROMO, null)
  map.delete('')
  return map
})()

const ETHIOPIAN_ERA = /\s*(ዓ\s*[./]?\s*ም\s*\.?|e\s*\.?\s*c\s*\.?|a\s*\.?\s*l\s*\.?\s*i\s*\.?)$/i
const GREGORIAN_ERA =
  /\s*(እ\s*\.?\s*ኤ\s*\.?\s*አ\s*\.?|g\s*\.?\s*c\s*\.?|a\s*\.?\s*l\s*\.?\s*a\s*\.?|a\s*\.?\s*d\s*\.?)$/i
const QUOTES = /^[\s'"`‘’“”]+|[\s'"`‘’“”,]+$/g

function validDate(parts: Parts, calendar: Calendar): string | undefined {
  if (calendar === 'ethiopian') {
    return isValidEthiopianDate(parts)
      ? ethiopianToIso(parts.year, parts.month, parts.day)
      : undefined
  }
  const iso = formatIsoDate(parts)
  return parseIsoDate(iso) ? iso : undefined
}

const monthsIn = (calendar: Calendar) => (calendar === 'ethiopian' ? 13 : 12)

function numericParts(
  text: string,
  calendar: Calendar,
  monthFirst: boolean,
): Parts | 'unknown' | undefined {
  const withTime = /^(\d{4}-\d{1,2}-\d{1,2})[T ]\d{1,2}:\d{2}/.exec(text)
  const body = withTime ? withTime[1] : text
  if (!/^[\d\s/.-]+$/.test(body)) return undefined
  const pieces = body.split(/\s*[/.-]\s*/)
  if (pieces.length < 2 || pieces.length > 3) return undefined
  const numbers = pieces.map((piece) => (piece === '' ? 0 : Number(piece)))
  const unknown = () => 'unknown' as const
  if (pieces.length === 2 || numbers.some((n) => n === 0)) return unknown()
  const [a, b, c] = numbers
  if (pieces[0].length === 4) return { year: a, month: b, day: c }
  if (pieces[2].length !== 4) return undefined
  // Day first as written in Ethiopia and Europe; month first when the second is no month (the
  // Ethiopian year has 13: "3/13/2015" is the 3rd of Pagume) or the column is month first.
  const months = monthsIn(calendar)
  if (a <= months && (b > months || monthFirst)) return { year: c, month: a, day: b }
  return { year: c, month: b, day: a }
}

function namedParts(
  text: string,
): { parts: Parts; calendar: Calendar | null } | 'unknown' | undefined {
  const words = text
    .replace(/ቀን/g, ' ')
    .split(/[\s,/-]+/)
    .filter((word) => word !== '')
  let month: { month: number; calendar: Calendar | null } | undefined
  const numbers: number[] = []
  for (const word of words) {
    if (/^\d+$/.test(word)) numbers.push(Number(word))
    else {
      const found = MONTHS.get(fold(word))
      if (!found || month) return undefined
      month = found
    }
  }
  // A month with a year or a day only ("ሐምሌ 1977", "June 5") is a partial date.
  if (month && numbers.length === 1) return 'unknown'
  if (!month || numbers.length !== 2) return undefined
  const yearAt = numbers.findIndex((n) => n > 31)
  if (yearAt < 0) return undefined
  return {
    parts: { year: numbers[yearAt], month: month.month, day: numbers[1 - yearAt] },
    calendar: month.calendar,
  }
}

/** The text without quotes and era mark, and the calendar: the mark's, else the column's. */
function unmarked(raw: string, columnCalendar: Calendar): { text: string; calendar: Calendar } {
  let text = raw.replace(QUOTES, '')
  let calendar = columnCalendar
  if (ETHIOPIAN_ERA.test(text)) {
    calendar = 'ethiopian'
    text = text.replace(ETHIOPIAN_ERA, '')
  } else if (GREGORIAN_ERA.test(text)) {
    calendar = 'gregorian'
    text = text.replace(GREGORIAN_ERA, '')
  }
  return { text: text.replace(QUOTES, ''), calendar }
}

/**
 * What a d/m/yyyy or m/d/yyyy text says of its column's order: 'day' first when the first number
 * is no month, 'month' first when the second is none, nothing when either could be a month.
 */
function orderShown(raw: string, columnCalendar: Calendar): 'day' | 'month' | undefined {
  const { text, calendar } = unmarked(raw, columnCalendar)
  const numbers = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*\d{4}$/.exec(text)
  if (!numbers) return undefined
  const [a, b] = [Number(numbers[1]), Number(numbers[2])]
  const months = monthsIn(calendar)
  return a > months && b <= months ? 'day' : b > months && a <= months ? 'month' : undefined
}

/**
 * Whether a column's dates are month first: some text can only be read so and none only day
 * first. A column is written one way (a US Excel saves m/d/yyyy): read cell by cell, its
 * "5/12/1981" would be the 5th of December beside a "3/15/1980" read as March.
 */
export function readsMonthFirst(texts: Iterable<string>, columnCalendar: Calendar): boolean {
  let month = false
  for (const text of texts) {
    const order = orderShown(text, columnCalendar)
    if (order === 'day') return false
    if (order === 'month') month = true
  }
  return month
}

/**
 * A date written as text, in the column's calendar unless the text names its own; d/m/yyyy
 * unless the column is month first (readsMonthFirst).
 */
export function readDateText(
  raw: string,
  columnCalendar: Calendar,
  monthFirst = false,
): DateReading {
  const { text, calendar } = unmarked(raw, columnCalendar)
  if (text === '' || /^0+$/.test(text)) return { unknown: true }
  const numeric = numericParts(text, calendar, monthFirst)
  if (numeric === 'unknown') return { unknown: true }
  if (numeric) {
    const iso = validDate(numeric, calendar)
    return iso ? { iso } : { invalid: true }
  }
  const named = namedParts(text)
  if (named === 'unknown') return { unknown: true }
  if (!named) return { invalid: true }
  const own = named.calendar ?? calendar
  if (named.calendar === null && own === 'gregorian' && named.parts.month <= 12) {
    named.parts.month = ((named.parts.month + 7) % 12) + 1
  }
  const iso = validDate(named.parts, own)
  return iso ? { iso } : { invalid: true }
}

/**
 * A spreadsheet date cell holds a Gregorian day. Read as Ethiopian, its year, month and day are
 * taken as the Ethiopian date someone typed and the spreadsheet turned into a date.
 */
export function readDateCell(iso: string, calendar: Calendar): DateReading {
  if (calendar === 'gregorian') return { iso }
  const parts = parseIsoDate(iso)
  if (!parts) return { invalid: true }
  const converted = validDate(parts, 'ethiopian')
  return converted ? { iso: converted } : { invalid: true }
}
