// The date formatter lives in src/domain (client, server and exports share it); the member
// form re-exports it under the names its screens already use.
import { type DateLanguage, GREGORIAN_MONTHS } from '../../domain'

export { ethiopianMonthName, formatDate as formatMemberDate } from '../../domain'

/** A Gregorian month's name (1–12) in the interface language. */
export function gregorianMonthName(month: number, language: DateLanguage): string {
  return GREGORIAN_MONTHS[language][month - 1] ?? String(month)
}
