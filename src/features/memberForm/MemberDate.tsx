import { useAppSelector } from '../../app/hooks'
import { selectCalendar, selectLanguage } from '../preferences'
import { formatMemberDate } from './memberDates'

/**
 * A member's date in the user's calendar preference, whatever the interface language; the
 * Gregorian yyyy-mm-dd stays available to machines in the <time> element.
 */
export function MemberDate({
  value,
  fallback = '',
}: {
  value: string | null | undefined
  fallback?: string
}) {
  const calendar = useAppSelector(selectCalendar)
  const language = useAppSelector(selectLanguage)
  const text = formatMemberDate(value, calendar, language)
  if (!text) return <>{fallback}</>
  return <time dateTime={value?.slice(0, 10)}>{text}</time>
}
