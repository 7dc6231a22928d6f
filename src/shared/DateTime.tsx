import { useAppSelector } from '../app/hooks'
import { formatDate } from '../domain'
import { useTextParts } from './useTextParts'
import { selectCalendar, selectLanguage } from '../features/preferences'

const pad = (n: number) => String(n).padStart(2, '0')

/** The device's local day (yyyy-mm-dd) and time (hh:mm) of an ISO instant, or null. */
export function localParts(iso: string): { day: string; time: string } | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  return {
    day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  }
}

/**
 * An instant in the user's calendar and language (the one date formatter), and local time,
 * its Ethiopian reading beside it in Amharic and Oromo.
 */
export function useDateTimeText(): (iso: string | null | undefined, withTime?: boolean) => string {
  const calendar = useAppSelector(selectCalendar)
  const language = useAppSelector(selectLanguage)
  const { clock } = useTextParts()
  return (iso, withTime = true) => {
    const parts = iso ? localParts(iso) : null
    if (!parts) return iso ?? ''
    const day = formatDate(parts.day, calendar, language)
    return withTime ? `${day} ${clock(parts.time)}` : day
  }
}

/** An instant as <time>, machine-readable in its attribute. */
export function DateTime({ value, withTime = true }: { value: string; withTime?: boolean }) {
  const text = useDateTimeText()
  return <time dateTime={value}>{text(value, withTime)}</time>
}
