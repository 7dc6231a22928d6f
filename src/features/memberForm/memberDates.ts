import {
  ETHIOPIAN_MONTHS_GEEZ,
  ETHIOPIAN_MONTHS_LATIN,
  ETHIOPIAN_MONTHS_OROMO,
  isoToEthiopian,
  parseIsoDate,
} from '../../domain'
import type { CalendarPreference, Language } from '../preferences'

// Our own month tables instead of Intl: Chromium's ICU lacks Afaan Oromoo, and ICU's ethiopic
// Oromo names are misplaced (see ethiopianCalendar.ts), so every browser shows the same words.
const GREGORIAN_MONTHS: Readonly<Record<Language, readonly string[]>> = {
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
    'Amajjii',
    'Guraandhala',
    'Bitootessa',
    'Eebila',
    'Caamsaa',
    'Waxabajjii',
    'Adooleessa',
    'Hagayya',
    'Fuulbana',
    'Onkoloolessa',
    'Sadaasa',
    'Muddee',
  ],
}

/**
 * Ethiopian month names: Ge'ez script in Amharic (spec 1), the familiar Latin transliteration in
 * English and the Oromo names in Afaan Oromoo, so each reader sees words they can read.
 */
export function ethiopianMonthName(month: number, language: Language): string {
  const names =
    language === 'am'
      ? ETHIOPIAN_MONTHS_GEEZ
      : language === 'om'
        ? ETHIOPIAN_MONTHS_OROMO
        : ETHIOPIAN_MONTHS_LATIN
  return names[month - 1] ?? String(month)
}

/** A Gregorian month's name (1–12) in the interface language. */
export function gregorianMonthName(month: number, language: Language): string {
  return GREGORIAN_MONTHS[language][month - 1] ?? String(month)
}

/**
 * A yyyy-mm-dd date shown in the chosen calendar: "17 May 1990" / "Ginbot 9, 1982" /
 * "ግንቦት 9 1982". Anything that is not a valid date is returned as received, blank as ''.
 */
export function formatMemberDate(
  iso: string | null | undefined,
  calendar: CalendarPreference,
  language: Language,
): string {
  if (!iso) return ''
  const day = iso.slice(0, 10)
  const gregorian = parseIsoDate(day)
  if (!gregorian) return iso
  if (calendar === 'ethiopian') {
    const ethiopian = isoToEthiopian(day)
    if (!ethiopian) return iso
    const month = ethiopianMonthName(ethiopian.month, language)
    return language === 'am'
      ? `${month} ${ethiopian.day} ${ethiopian.year}`
      : `${month} ${ethiopian.day}, ${ethiopian.year}`
  }
  const month = GREGORIAN_MONTHS[language][gregorian.month - 1]
  return language === 'am'
    ? `${month} ${gregorian.day} ${gregorian.year}`
    : `${gregorian.day} ${month} ${gregorian.year}`
}
