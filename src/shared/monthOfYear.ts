// A month with its era mark, which says the calendar ("ኅዳር 2019 ዓ.ም.", "Caamsaa 2026 ALA":
// Oromo month names are the same in both): the home charts and the dues reports write it alike.
import type { IntlShape } from 'react-intl'
import {
  type CalendarMonth,
  type DateLanguage,
  ethiopianMonthName,
  gregorianMonthName,
  type StatsCalendar,
} from '../domain'

export function monthOfYearText(
  intl: IntlShape,
  calendar: StatsCalendar,
  { year, month }: CalendarMonth,
  language: DateLanguage,
): string {
  const name =
    calendar === 'ethiopian'
      ? ethiopianMonthName(month, language)
      : gregorianMonthName(month, language)
  return intl.formatMessage({ id: 'monthOfYear' }, { calendar, month: name, year: String(year) })
}
