import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import type { CalendarMonth } from '../../domain'
import { ethiopianMonthName, gregorianMonthName, useOptionLabel } from '../memberForm'
import { selectCalendar, selectLanguage } from '../preferences'

/** Words for the figures' keys, in the interface language. */
export function useHomeLabels() {
  const intl = useIntl()
  const option = useOptionLabel()
  const language = useAppSelector(selectLanguage)
  const calendar = useAppSelector(selectCalendar)
  const status = useCallback(
    (key: string) =>
      key ? option('membership_status', key) : intl.formatMessage({ id: 'homeNoStatus' }),
    [intl, option],
  )
  const gender = useCallback(
    (key: string) => (key ? option('gender', key) : intl.formatMessage({ id: 'homeAgeUnknown' })),
    [intl, option],
  )
  const band = useCallback(
    (key: string) => (key === 'unknown' ? intl.formatMessage({ id: 'homeAgeUnknown' }) : key),
    [intl],
  )
  const ministry = useCallback((key: string) => option('current_ministries', key), [option])
  /** "Meskerem 2019" / "መስከረም 2019" / "January 2026", in the calendar of the figures. */
  const month = useCallback(
    ({ year, month: m }: CalendarMonth, statsCalendar = calendar) => {
      const name =
        statsCalendar === 'ethiopian'
          ? ethiopianMonthName(m, language)
          : gregorianMonthName(m, language)
      return `${name} ${year}`
    },
    [calendar, language],
  )
  return { status, gender, band, ministry, month, language, calendar }
}
