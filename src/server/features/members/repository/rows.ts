// Conversion between member rows (JSON list text, 0/1 flags) and the API's member objects.
import {
  BOOLEAN_FIELDS,
  LIST_FIELDS,
  type Member,
  type MemberInput,
  MEMBER_INPUT_FIELDS,
  photoPath,
  thumbnailPath,
} from '../../../../domain'
import type { MemberRow, MembersTable } from '../../../db/tables'

/** Every column a member object is built from (owner and search text stay inside). */
export const MEMBER_COLUMNS = [
  'id',
  ...MEMBER_INPUT_FIELDS,
  'registerd_by',
  'transfer_date',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof MembersTable)[]

/** The columns of a list or search item (spec 2.6 shows these). */
export const LIST_ITEM_COLUMNS = [
  'id',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'phone_primary',
  'email',
  'membership_status',
  'transfer_date',
] as const satisfies readonly (keyof MembersTable)[]

/**
 * Names of other people on a profile, sent with text-search items only: a member found by a
 * parent's or an emergency contact's name can say so in the result (issue 28).
 */
export const SEARCH_NAME_COLUMNS = [
  'christian_name',
  'spouse_name',
  'parent_guardian',
  'emergency_contact_name',
] as const satisfies readonly (keyof MembersTable)[]

export type SearchNameColumns = Pick<MemberRow, (typeof SEARCH_NAME_COLUMNS)[number]>

type MemberColumns = Pick<MemberRow, (typeof MEMBER_COLUMNS)[number]>
type ListItemColumns = Pick<MemberRow, (typeof LIST_ITEM_COLUMNS)[number]>

export type MemberListItem = ListItemColumns & {
  photo_path: string | null
  thumbnail_path: string | null
}

const LIST_SET: ReadonlySet<string> = new Set(LIST_FIELDS)
const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS)
// NOT NULL name columns: an absent grandfather's name (last_name) is stored and returned as ''.
const NOT_NULL_TEXT: ReadonlySet<string> = new Set(['first_name', 'last_name'])

function parseList(text: string | null): string[] {
  // Most lists are empty; skipping JSON.parse for them matters when listing thousands.
  if (!text || text === '[]') return []
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** A member input as column values: lists as JSON text, booleans as 0/1. */
export function inputToColumns(input: MemberInput): Pick<MemberRow, keyof MemberInput> {
  const columns: Record<string, string | number | null> = {}
  for (const field of MEMBER_INPUT_FIELDS) {
    const value = input[field]
    if (LIST_SET.has(field)) columns[field] = JSON.stringify(value ?? [])
    else if (BOOLEAN_SET.has(field)) columns[field] = value ? 1 : 0
    else if (NOT_NULL_TEXT.has(field)) columns[field] = (value as string | null) ?? ''
    else columns[field] = (value as string | null | undefined) ?? null
  }
  return columns as unknown as Pick<MemberRow, keyof MemberInput>
}

/** The stored member fields, read back as input (what a PUT merges its changes into). */
export function rowToInput(row: MemberColumns): MemberInput {
  const input: Record<string, unknown> = {}
  for (const field of MEMBER_INPUT_FIELDS) {
    const value = row[field]
    if (LIST_SET.has(field)) input[field] = parseList(value as string | null)
    else if (BOOLEAN_SET.has(field)) input[field] = Number(value) === 1
    else input[field] = value ?? null
  }
  return input as unknown as MemberInput
}

export function rowToMember(row: MemberColumns & { photo_id: string | null }): Member {
  return {
    id: row.id,
    ...rowToInput(row),
    photo_path: row.photo_id ? photoPath(row.photo_id) : null,
    thumbnail_path: row.photo_id ? thumbnailPath(row.photo_id) : null,
    registerd_by: row.registerd_by,
    transfer_date: row.transfer_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

// Spelled out rather than `{ photo_id, ...columns }`: object rest and spread were the largest
// cost of a search page after the SQL itself.
export function rowToListItem(row: ListItemColumns & { photo_id: string | null }): MemberListItem {
  const photoId = row.photo_id
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    gender: row.gender,
    phone_primary: row.phone_primary,
    email: row.email,
    membership_status: row.membership_status,
    transfer_date: row.transfer_date,
    photo_path: photoId ? photoPath(photoId) : null,
    thumbnail_path: photoId ? thumbnailPath(photoId) : null,
  }
}
