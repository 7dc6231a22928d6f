// The per-account member counts that triggers keep in member_counts (migration 0004).
import type { Db } from './users'

/**
 * How many members an account owns, with one membership_status or in all: exact (the counts
 * change in the transaction of each write) and one small read, not a count over the members.
 */
export async function countOwnedMembers(db: Db, ownerId: number, status?: string): Promise<number> {
  let query = db
    .selectFrom('member_counts')
    .select((eb) => eb.fn.sum<number | null>('n').as('n'))
    .where('owner_user_id', '=', ownerId)
  if (status !== undefined) query = query.where('membership_status', '=', status)
  const row = await query.executeTakeFirst()
  return Number(row?.n ?? 0)
}
