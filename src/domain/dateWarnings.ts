import { isValidIsoDate } from './dates'

/** A member date that is allowed but probably mistyped: the form warns, it does not refuse. */
export type DateWarning = 'birthDateInFuture' | 'baptismBeforeBirth'

/**
 * The warning for one of a member's dates, if any (issue 28): a birth date after today, or a
 * baptism before the birth. Dates are yyyy-mm-dd, so they compare as text.
 */
export function memberDateWarning(
  field: string,
  values: { date_of_birth?: unknown; baptism_date?: unknown },
  today: string,
): DateWarning | undefined {
  const birth = isoOrNull(values.date_of_birth)
  if (field === 'date_of_birth') {
    return birth && birth > today ? 'birthDateInFuture' : undefined
  }
  if (field === 'baptism_date') {
    const baptism = isoOrNull(values.baptism_date)
    return birth && baptism && baptism < birth ? 'baptismBeforeBirth' : undefined
  }
  return undefined
}

function isoOrNull(value: unknown): string | null {
  return typeof value === 'string' && isValidIsoDate(value) ? value : null
}
