import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { historyText } from '../../domain'
import { useAppSelector } from '../../app/hooks'
import { selectCalendar, selectLanguage } from '../preferences'

/** An event's words (src/domain/audit.ts) in the user's language and calendar. */
export function useHistoryText() {
  const intl = useIntl()
  const calendar = useAppSelector(selectCalendar)
  const language = useAppSelector(selectLanguage)
  return useMemo(
    () =>
      historyText({
        t: (id, values) => intl.formatMessage({ id }, values),
        known: (id) => Boolean(intl.messages[id]),
        calendar,
        language,
      }),
    [intl, calendar, language],
  )
}
