// Member writes of an import: many rows in the caller's transaction, without reading each
// member back as a single create does.
import { buildSearchText, emptyMemberInput, type MemberInput } from '../../domain'
import { inputToColumns } from './memberRows'
import type { Db } from './users'

export interface StoredPerson {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  phone_primary: string | null
  phone_secondary: string | null
  date_of_birth: string | null
}

/** What duplicate checks compare, for every member of an owner. */
export function listPeople(db: Db, ownerId: number): Promise<StoredPerson[]> {
  return db
    .selectFrom('members')
    .select([
      'id',
      'first_name',
      'middle_name',
      'last_name',
      'phone_primary',
      'phone_secondary',
      'date_of_birth',
    ])
    .where('owner_user_id', '=', ownerId)
    .execute()
}

export async function insertImportedMember(
  db: Db,
  ownerId: number,
  registeredBy: string,
  values: Partial<MemberInput>,
): Promise<number> {
  const input: MemberInput = { ...emptyMemberInput(), ...values }
  const now = new Date().toISOString()
  const { id } = await db
    .insertInto('members')
    .values({
      ...inputToColumns(input),
      owner_user_id: ownerId,
      registerd_by: registeredBy,
      search_text: buildSearchText(input),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}
