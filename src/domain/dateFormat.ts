// The one formatter for every date Abal shows (lists, profile, date hints, ID card, exports,
// history). Every text names its calendar, so a reader never mistakes an Ethiopian date for a
// Gregorian one: the two calendars' month names coincide in Afaan Oromoo (Caamsaa is both).
import { parseIsoDate } from './dates'
import {
  ETHIOPIAN_MONTHS_GEEZ,
  ETHIOPIAN_MONTHS_LATIN,
  ETHIOPIAN_MONTHS_OROMO,
  isoToEthiopian,
} from './ethiopianCalendar'

export type DateLanguage = 'en' | 'am' | 'om'
export type DateCalendar = 'gregorian' | 'ethiopian'

// Our own tables instead of Intl: Chromium's ICU lacks Afaan Oromoo, and ICU's ethiopic Oromo
// names are misplaced, so every browser and the server show the same words. Oromo uses one
// spelling for a month name in both calendars (locales/GLOSSARY.md).
export const GREGORIAN_MONTHS: Readonly<Record<DateLanguage, readonly string[]>> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  am: [
    'ጃንዋሪ',
    'ፌብሩዋሪ',
    'ማርች',
    'ኤፕሪል',
    'ሜይ',
    'ጁን',
    'ጁላይ',
    'ኦገስት',
    'ሴፕቴምበር',
    'ኦክቶበር',
    'ኖቬምበር',
    'ዲሴምበር',
  ],
  om: [
    ETHIOPIAN_MONTHS_OROMO[4],
    ETHIOPIAN_MONTHS_OROMO[5],
    ETHIOPIAN_MONTHS_OROMO[6],
    ETHIOPIAN_MONTHS_OROMO[7],
    ETHIOPIAN_MONTHS_OROMO[8],
    ETHIOPIAN_MONTHS_OROMO[9],
    ETHIOPIAN_MONTHS_OROMO[10],
    ETHIOPIAN_MONTHS_OROMO[11],
    ETHIOPIAN_MONTHS_OROMO[0],
    ETHIOPIAN_MONTHS_OROMO[1],
    ETHIOPIAN_MONTHS_OROMO[2],
    ETHIOPIAN_MONTHS_OROMO[3],
  ],
}

/** A Gregorian month's name (1–12) in the interface language. */
export function gregorianMonthName(month: number, language: DateLanguage): string {
  return GREGORIAN_MONTHS[language][month - 1] ?? String(month)
}

/**
 * Ethiopian month names: Ge'ez script in Amharic, the familiar transliteration in English and
 * the Oromo names in Afaan Oromoo, so each reader sees words they can read.
 */
export function ethiopianMonthName(month: number, language: DateLanguage): string {
  const names =
    language === 'am'
      ? ETHIOPIAN_MONTHS_GEEZ
      : language === 'om'
        ? ETHIOPIAN_MONTHS_OROMO
        : ETHIOPIAN_MONTHS_LATIN
  return names[month - 1] ?? String(month)
}

/**
 * A yyyy-mm-dd date as an Ethiopian office writes it:
 * am `ግንቦት 9 ቀን 1982 ዓ.ም.` / `ሜይ 17 ቀን 1990 እ.ኤ.አ.`; en `9 Ginbot 1982 E.C.` / `17 May 1990`;
 * om `9 Caamsaa 1982 ALI` / `17 Caamsaa 1990 ALA` (day before month). Only the first ten
 * characters are read; anything that is not a valid date comes back as received, blank as ''.
 */
export function formatDate(
  iso: string | null | undefined,
  calendar: DateCalendar,
  language: DateLanguage,
): string {
  if (!iso) return ''
  const day = iso.slice(0, 10)
  const gregorian = parseIsoDate(day)
  if (!gregorian) return iso
  if (calendar === 'ethiopian') {
    const ethiopian = isoToEthiopian(day)!
    const month = ethiopianMonthName(ethiopian.month, language)
    if (language === 'am') return `${month} ${ethiopian.day} ቀን ${ethiopian.year} ዓ.ም.`
    if (language === 'om') return `${ethiopian.day} ${month} ${ethiopian.year} ALI`
    return `${ethiopian.day} ${month} ${ethiopian.year} E.C.`
  }
  const month = GREGORIAN_MONTHS[language][gregorian.month - 1]
  if (language === 'am') return `${month} ${gregorian.day} ቀን ${gregorian.year} እ.ኤ.አ.`
  if (language === 'om') return `${gregorian.day} ${month} ${gregorian.year} ALA`
  return `${gregorian.day} ${month} ${gregorian.year}`
}

/** The year of a yyyy-mm-dd date in the given calendar (the ID number's year); NaN if invalid. */
export function yearIn(iso: string, calendar: DateCalendar): number {
  const gregorian = parseIsoDate(iso.slice(0, 10))
  if (!gregorian) return Number.NaN
  return calendar === 'ethiopian' ? isoToEthiopian(iso.slice(0, 10))!.year : gregorian.year
}
