// The offline list's search (issue 42): the server's search text, built on the device from the
// kept rows and profiles, with the interface's own labels of enumerations and lists.
import {
  emptyMemberInput,
  foldForSearch,
  type Member,
  type MemberInput,
  type OptionLabels,
  searchKeys,
  searchTextOf,
  type StatusFilter,
} from '../../domain'
import type { DeviceMembers } from './deviceList'
import type { MemberListItem } from './membersApi'
import { OTHER_NAME_FIELDS, searchMatchOf } from './searchMatch'

/** A kept profile as a list row, with the other names a search result carries. */
function rowOf(member: Member, row: MemberListItem | undefined): MemberListItem {
  const names = Object.fromEntries(
    OTHER_NAME_FIELDS.flatMap((field) => (member[field]?.trim() ? [[field, member[field]]] : [])),
  )
  if (row) return { ...row, ...names }
  const { id, first_name, middle_name, last_name, gender, phone_primary, email } = member
  const { membership_status, transfer_date, photo_path, thumbnail_path } = member
  return {
    ...{ id, first_name, middle_name, last_name, gender, phone_primary, email },
    ...{ membership_status, transfer_date, photo_path, thumbnail_path },
    ...names,
  }
}

/** The search text of what a row carries, built as the server builds a profile's. */
const rowText = (row: MemberListItem, labels: OptionLabels) =>
  searchTextOf(
    {
      ...emptyMemberInput(),
      ...Object.fromEntries(OTHER_NAME_FIELDS.map((field) => [field, row[field] ?? null])),
      first_name: row.first_name,
      middle_name: row.middle_name,
      last_name: row.last_name,
      phone_primary: row.phone_primary,
      email: row.email,
      membership_status: row.membership_status as MemberInput['membership_status'],
    },
    [labels],
  )

/**
 * The kept members a search and status filter find offline, in list order, then profiles
 * opened here that the list does not hold. A search looks at every field the server's does
 * where the profile is kept, so "found in other details" is then true; a row alone is found only
 * by what it shows (names, phone, e-mail, status), which its note can name.
 */
export function filterDeviceList(
  kept: DeviceMembers,
  q: string,
  status: StatusFilter,
  /** The interface's labels of enumerations and lists ("option.…" ids), as plain text. */
  labels: OptionLabels,
): MemberListItem[] {
  const profiles = new Map(kept.profiles.map((member) => [member.id, member]))
  const listed = new Set(kept.rows.map((row) => row.id))
  const all = [
    ...kept.rows.map((row) => ({ row, profile: profiles.get(row.id) })),
    ...kept.profiles
      .filter((member) => !listed.has(member.id))
      .map((member) => ({ row: rowOf(member, undefined), profile: member })),
  ]
  const keys = searchKeys(q, foldForSearch)
  return all.flatMap(({ row, profile }) => {
    const shown = profile ? rowOf(profile, row) : row
    if (status !== 'all' && shown.membership_status !== status) return []
    if (keys.length === 0) return [shown]
    const text = profile ? searchTextOf(profile, [labels]) : rowText(row, labels)
    if (!keys.some((key) => text.includes(key))) return []
    return profile || searchMatchOf(row, q)?.field !== 'other' ? [shown] : []
  })
}
