// Duplicate rules of issue 24: the same first + middle + last name (compared with the search
// folding of src/domain, so ሰ/ሠ spellings and ’/' match) with the same phone, or with the same
// date of birth. The same name alone is not a duplicate.
import { foldForSearch, type DuplicateReason } from '../../../domain'

export interface PersonKeys {
  first_name?: string | null
  middle_name?: string | null
  last_name?: string | null
  phone_primary?: string | null
  phone_secondary?: string | null
  date_of_birth?: string | null
}

function nameKey(person: PersonKeys): string | undefined {
  const parts = [person.first_name, person.middle_name, person.last_name].map((part) =>
    foldForSearch(part ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
  return parts[0] === '' || parts[2] === '' ? undefined : parts.join('|')
}

/** Digits only, with Ethiopia's +251 read as the leading 0 written at home. */
export function phoneKey(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (digits.length < 6) return undefined
  return digits.startsWith('251') && digits.length === 12 ? `0${digits.slice(3)}` : digits
}

/** Each key under which a person can be a duplicate, with its reason. */
export function duplicateKeys(person: PersonKeys): [string, DuplicateReason][] {
  const name = nameKey(person)
  if (!name) return []
  const keys: [string, DuplicateReason][] = []
  for (const phone of new Set([phoneKey(person.phone_primary), phoneKey(person.phone_secondary)])) {
    if (phone) keys.push([`${name}|p:${phone}`, 'same_name_and_phone'])
  }
  if (person.date_of_birth)
    keys.push([`${name}|d:${person.date_of_birth}`, 'same_name_and_birth_date'])
  return keys
}

/** Finds the first entry of `index` any of a person's keys names. */
export function findIn<T>(
  index: ReadonlyMap<string, T>,
  person: PersonKeys,
): { match: T; reason: DuplicateReason } | undefined {
  for (const [key, reason] of duplicateKeys(person)) {
    const match = index.get(key)
    if (match !== undefined) return { match, reason }
  }
  return undefined
}

/** Adds a person's keys to an index (an earlier entry under a key is kept). */
export function addTo<T>(index: Map<string, T>, person: PersonKeys, value: T): void {
  for (const [key] of duplicateKeys(person)) if (!index.has(key)) index.set(key, value)
}
