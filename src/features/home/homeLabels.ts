import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import type { CalendarMonth } from '../../domain'
import { monthOfYearText } from '../../shared/monthOfYear'
import { useOptionLabel } from '../memberForm'
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
  /**
   * "Meskerem 2019 E.C." / "መስከረም 2019 ዓ.ም." / "Caamsaa 2026 ALA", in the calendar of the
   * figures: the era mark says which calendar (Oromo month names are the same in both).
   */
  const month = useCallback(
    (month: CalendarMonth, statsCalendar = calendar) =>
      monthOfYearText(intl, statsCalendar, month, language),
    [calendar, language, intl],
  )
  return { status, gender, band, ministry, month, language, calendar }
}
