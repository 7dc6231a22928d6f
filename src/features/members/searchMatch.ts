import { foldForSearch, fullName, nameSkeleton, phoneKey, searchKeys } from '../../domain'
import type { MemberListItem } from './membersApi'

/**
 * Why a member is in the search results, when not by the name the list shows (issue 28): the
 * phone or email, a parent's, emergency contact's, spouse's or Christian name (each with the
 * matched part), or another field of the profile, which a list item does not carry. Worked out on the client from the item and the query, with the server's keys.
 */
export type SearchMatch =
  { field: MatchField; value: string; start: number; end: number } | { field: 'other' }

/** Other people's names a search result carries, in the order a match on them is told. */
export const OTHER_NAME_FIELDS = [
  'parent_guardian',
  'emergency_contact_name',
  'spouse_name',
  'christian_name',
] as const

export type MatchField = 'phone_primary' | 'email' | (typeof OTHER_NAME_FIELDS)[number]

export function searchMatchOf(
  member: MemberListItem,
  query: string,
  /** Texts shown in the row already (the status's label): a match there needs no note. */
  shown: readonly string[] = [],
): SearchMatch | null {
  const keys = searchKeys(query, foldForSearch)
  if (keys.length === 0) return null
  const name = fullName(member)
  const seen = [
    foldForSearch(name),
    foldForSearch(`${member.first_name} ${member.last_name}`),
    nameSkeleton(name),
    ...shown.map(foldForSearch),
  ]
  if (keys.some((key) => seen.some((text) => text.includes(key)))) return null

  const phone = member.phone_primary?.trim()
  if (phone) {
    const range = phoneRange(phone, keys)
    if (range) return { field: 'phone_primary', value: phone, ...range }
  }
  const email = member.email?.trim()
  if (email) {
    const folded = foldForSearch(email)
    const key = keys.find((candidate) => folded.includes(candidate))
    if (key !== undefined) {
      // Folding an address keeps its length (lower case), so the positions carry over.
      const at = folded.length === email.length ? folded.indexOf(key) : -1
      const range = at < 0 ? { start: 0, end: 0 } : { start: at, end: at + key.length }
      return { field: 'email', value: email, ...range }
    }
  }
  for (const field of OTHER_NAME_FIELDS) {
    const value = member[field]?.trim()
    const range = value ? nameRange(value, keys) : null
    if (value && range) return { field, value, ...range }
  }
  return { field: 'other' }
}

/**
 * Where a key falls in a name: by its folded letters, or the whole name when it matched by
 * sound in the other script ("Almaz" finds አልማዝ), which has no letter-for-letter position.
 */
function nameRange(name: string, keys: readonly string[]) {
  const folded = foldForSearch(name)
  const key = keys.find((candidate) => folded.includes(candidate))
  if (key !== undefined) {
    // Folding keeps a name's length (case, look-alike letters), so the positions carry over.
    const at = folded.length === name.length ? folded.indexOf(key) : -1
    return at < 0 ? { start: 0, end: 0 } : { start: at, end: at + key.length }
  }
  const skeleton = nameSkeleton(name)
  return keys.some((candidate) => skeleton.includes(candidate))
    ? { start: 0, end: name.length }
    : null
}

/** Where a key falls in a phone number written any way, by its digits ("+251 91 1…"). */
function phoneRange(phone: string, keys: readonly string[]) {
  const folded = foldForSearch(phone)
  const national = phoneKey(phone)
  for (const key of keys) {
    if (folded.length === phone.length && folded.includes(key)) {
      const at = folded.indexOf(key)
      return { start: at, end: at + key.length }
    }
    if (!national || !/^\d+$/.test(key) || !national.includes(key)) continue
    const positions = [...phone].flatMap((char, index) => (/\d/.test(char) ? [index] : []))
    const digits = positions.map((index) => phone[index]).join('')
    const at = digits.lastIndexOf(key)
    if (at >= 0) {
      return { start: positions[at] as number, end: (positions[at + key.length - 1] as number) + 1 }
    }
  }
  return null
}
