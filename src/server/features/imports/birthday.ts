// A birthday kept in three columns (ChurchCRM's per_BirthYear, per_BirthMonth, per_BirthDay),
// composed into the one date of birth. ChurchCRM lets people hide their year (empty or 0): such
// a birthday is no date, and its parts are kept for the member's notes rather than lost.
import { BIRTH_PART_TARGETS, type BirthPartTarget } from '../../../domain'
import type { Calendar } from './fieldDictionary'
import { readDateText } from './readDate'

export type BirthdayReading =
  /** A whole date, as yyyy-mm-dd (Gregorian). */
  | { iso: string }
  /** No date of the calendar (month 13, 31 February): the parts as one text, for the error. */
  | { invalid: string }
  /** A part is missing: the parts that say something, kept as written. */
  | { kept: BirthPartTarget[] }

/** Blank, or 0 as ChurchCRM writes a part it does not know. */
const saysNothing = (text: string) => /^0*$/.test(text)

/**
 * The parts of a row ('' for a blank cell or a column the file lacks), read in their calendar;
 * undefined when none says anything.
 */
export function readBirthday(
  parts: Readonly<Record<BirthPartTarget, string>>,
  calendar: Calendar,
): BirthdayReading | undefined {
  const said = BIRTH_PART_TARGETS.filter((part) => !saysNothing(parts[part]))
  if (said.length === 0) return undefined
  if (said.length < BIRTH_PART_TARGETS.length) return { kept: said }
  const text = `${parts.birth_year}-${parts.birth_month}-${parts.birth_day}`
  const reading = readDateText(text, calendar)
  if ('iso' in reading) return { iso: reading.iso }
  return 'invalid' in reading ? { invalid: text } : { kept: said }
}
