// TEMPORARY: the card's date text until memberForm's formatMemberDate is public; then the
// screen passes that instead and this file goes.
import { ETHIOPIAN_MONTHS_GEEZ, isoToEthiopian } from '../../domain'
import type { CalendarPreference } from '../preferences'

export function cardDate(iso: string | null | undefined, calendar: CalendarPreference): string {
  if (!iso) return ''
  const day = iso.slice(0, 10)
  if (calendar !== 'ethiopian') return day
  const ethiopian = isoToEthiopian(day)
  if (!ethiopian) return day
  return `${ETHIOPIAN_MONTHS_GEEZ[ethiopian.month - 1]} ${ethiopian.day} ${ethiopian.year}`
}
