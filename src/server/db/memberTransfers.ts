// The one write by which members change account (spec 4.9): a member's, a household's or a bulk
// transfer hands them over the same way.
import type { Db } from './tables'

/** Hands these members of `from` to `to`, stamping transfer_date; any not `from`'s stay put. */
export async function handMembersOver(
  db: Db,
  ids: readonly number[],
  from: number,
  to: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ owner_user_id: to, transfer_date: now, updated_at: now })
    .where('id', 'in', ids)
    .where('owner_user_id', '=', from)
    .execute()
}
