// Idempotency keys of POST /api/members (migration 2026_11_26_0401), per account: the same key
// from another account is another registration.
import { idMadeByKey } from '../../../db/keyedRows'
import type { Db } from '../../../db/tables'

/** The member an account's earlier request with this key created, if any. */
export const findMemberByKey = (db: Db, userId: number, key: string) =>
  idMadeByKey(db, 'member_create_keys', userId, key)

/**
 * Claims the key for a member just inserted in the same transaction. False when another request
 * with the key got there first (on PostgreSQL this waits for that request's transaction).
 */
export async function claimKey(
  db: Db,
  row: { userId: number; key: string; memberId: number; now: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('member_create_keys')
    .values({
      user_id: row.userId,
      key: row.key,
      member_id: row.memberId,
      created_at: row.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}
