// Reads across accounts, for admins and auditors (issue 25). Clerks never reach these: their
// queries stay owner-scoped in repository/members.ts.
import { idsWhere } from '../../../db/rowIds'
import type { Db } from '../../../db/tables'

/** Who owns a member now, or undefined when there is no such member. */
export async function findMemberOwner(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('owner_user_id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.owner_user_id
}

/** The owner (id and username) of each of these members, for the list's owner column. */
export async function ownersOf(
  db: Db,
  ids: number[],
): Promise<Map<number, { owner_user_id: number; owner_username: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.owner_user_id')
    .select(['members.id', 'members.owner_user_id', 'users.username'])
    .where('members.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [row.id, { owner_user_id: row.owner_user_id, owner_username: row.username }]),
  )
}

/** Ids of the members an account owns (a bulk transfer records one event per member). */
export const memberIdsOf = (db: Db, ownerId: number): Promise<number[]> =>
  idsWhere(db, 'members', 'owner_user_id', ownerId)
