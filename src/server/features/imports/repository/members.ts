// Member writes of an import: many rows in the caller's transaction, without reading each
// member back as a single create does.
import {
  buildSearchText,
  emptyMemberInput,
  type MemberInput,
  SEARCH_TEXT_VERSION,
} from '../../../../domain'
import { inputToColumns, MEMBER_COLUMNS, rowToInput } from '../../members'
import type { Db } from '../../../db/tables'

export interface StoredPerson {
  id: number
  external_id: string | null
  first_name: string
  middle_name: string | null
  last_name: string
  phone_primary: string | null
  phone_secondary: string | null
  date_of_birth: string | null
  email: string | null
}

/** What duplicate checks compare, for every member of an owner. */
export function listPeople(db: Db, ownerId: number): Promise<StoredPerson[]> {
  return db
    .selectFrom('members')
    .select([
      'id',
      'external_id',
      'first_name',
      'middle_name',
      'last_name',
      'phone_primary',
      'phone_secondary',
      'date_of_birth',
      'email',
    ])
    .where('owner_user_id', '=', ownerId)
    .execute()
}

/** Stored members' inputs by id (an update's preview compares them with the file). */
export async function loadInputs(
  db: Db,
  ownerId: number,
  ids: readonly number[],
): Promise<Map<number, MemberInput>> {
  const inputs = new Map<number, MemberInput>()
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('members')
      .select(MEMBER_COLUMNS)
      .where('owner_user_id', '=', ownerId)
      .where('id', 'in', ids.slice(start, start + 500))
      .execute()
    for (const row of rows) inputs.set(Number(row.id), rowToInput(row))
  }
  return inputs
}

// About 60 columns a row: 200 rows stay far under SQLite's 32,766 bound parameters.
export const MEMBERS_PER_INSERT = 200

/**
 * Inserts members in multi-row statements and returns their ids in the order given. Ids are
 * handed out in row order within one statement on both databases (SQLite's next rowid, a
 * PostgreSQL sequence called per row), so the returned ids sorted ascending line up with the
 * rows whatever order RETURNING yields them in.
 */
export async function insertImportedMembers(
  db: Db,
  ownerId: number,
  registeredBy: string,
  members: readonly Partial<MemberInput>[],
): Promise<number[]> {
  const now = new Date().toISOString()
  const ids: number[] = []
  for (let start = 0; start < members.length; start += MEMBERS_PER_INSERT) {
    const rows = members.slice(start, start + MEMBERS_PER_INSERT).map((values) => {
      const input: MemberInput = { ...emptyMemberInput(), ...values }
      return {
        ...inputToColumns(input),
        owner_user_id: ownerId,
        registerd_by: registeredBy,
        search_text: buildSearchText(input),
        search_text_version: SEARCH_TEXT_VERSION,
        created_at: now,
        updated_at: now,
      }
    })
    const returned = await db.insertInto('members').values(rows).returning('id').execute()
    ids.push(...returned.map((row) => Number(row.id)).sort((a, b) => a - b))
  }
  return ids
}
