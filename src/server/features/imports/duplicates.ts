// Duplicate rules of issues 24 and 45: the same given + father's name (compared with the search
// folding of src/domain, so ሰ/ሠ spellings and ’/' match; the grandfather's name too when both
// have one) with the same phone in any format, birth date or email. The same name alone is not
// a duplicate, unless nothing else is known of either (an exact re-import of a name-only row).
// Before all of these, the same id of the earlier system (external_id) is the same person.
import { foldForSearch, type DuplicateReason } from '../../../domain'

export interface PersonKeys {
  external_id?: string | null
  first_name?: string | null
  middle_name?: string | null
  last_name?: string | null
  phone_primary?: string | null
  phone_secondary?: string | null
  date_of_birth?: string | null
  email?: string | null
}

const foldName = (part: string | null | undefined) =>
  foldForSearch(part ?? '')
    .replace(/\s+/g, ' ')
    .trim()

function nameKey(person: PersonKeys): string | undefined {
  const first = foldName(person.first_name)
  const father = foldName(person.middle_name)
  return first === '' || father === '' ? undefined : `${first}|${father}`
}

/** Digits only, with Ethiopia's +251 read as the leading 0 written at home. */
export function phoneKey(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (digits.length < 6) return undefined
  if (digits.startsWith('251') && digits.length === 12) return `0${digits.slice(3)}`
  if (digits.startsWith('00251') && digits.length === 14) return `0${digits.slice(5)}`
  return digits
}

/** Each key under which a person can be a duplicate, with its reason. */
export function duplicateKeys(person: PersonKeys): [string, DuplicateReason][] {
  const external = (person.external_id ?? '').trim()
  const keys: [string, DuplicateReason][] = external ? [[`x:${external}`, 'same_external_id']] : []
  const name = nameKey(person)
  if (!name) return keys
  const named = keys.length
  for (const phone of new Set([phoneKey(person.phone_primary), phoneKey(person.phone_secondary)])) {
    if (phone) keys.push([`${name}|p:${phone}`, 'same_name_and_phone'])
  }
  if (person.date_of_birth)
    keys.push([`${name}|d:${person.date_of_birth}`, 'same_name_and_birth_date'])
  const email = (person.email ?? '').trim().toLowerCase()
  if (email !== '') keys.push([`${name}|e:${email}`, 'same_name_and_email'])
  // Two ids of the earlier system with nothing else alike are two people.
  if (keys.length === named && !external) keys.push([`${name}|only`, 'same_row'])
  return keys
}

interface Entry<T> {
  value: T
  last: string
}

export type DuplicateIndex<T> = Map<string, Entry<T>[]>

/** Finds the first entry of `index` any of a person's keys names. */
export function findIn<T>(
  index: DuplicateIndex<T>,
  person: PersonKeys,
): { match: T; reason: DuplicateReason } | undefined {
  const last = foldName(person.last_name)
  for (const [key, reason] of duplicateKeys(person)) {
    // Two grandfather's names that differ are two people; a missing one says nothing. The
    // earlier system's id says it all.
    const entry = index
      .get(key)
      ?.find(
        (e) => reason === 'same_external_id' || last === '' || e.last === '' || e.last === last,
      )
    if (entry !== undefined) return { match: entry.value, reason }
  }
  return undefined
}

/** Adds a person's keys to an index (earlier entries under a key come first). */
export function addTo<T>(index: DuplicateIndex<T>, person: PersonKeys, value: T): void {
  const last = foldName(person.last_name)
  for (const [key] of duplicateKeys(person)) {
    const entries = index.get(key)
    if (!entries) index.set(key, [{ value, last }])
    else if (!entries.some((e) => e.last === last)) entries.push({ value, last })
  }
}
