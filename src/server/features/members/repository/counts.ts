// The per-account member counts that triggers keep in member_counts (migration 0004).
import { precompile } from '../../../db/precompiled'
import type { Db } from '../../../db/tables'

// Read by every list page without a text query, so compiled once (db/precompiled.ts).
const ownedCount = precompile<{ ownerId: number }, { n: number | null }>((db, param) =>
  db
    .selectFrom('member_counts')
    .select((eb) => eb.fn.sum<number | null>('n').as('n'))
    .where('owner_user_id', '=', param('ownerId')),
)
const ownedCountWithStatus = precompile<{ ownerId: number; status: string }, { n: number | null }>(
  (db, param) =>
    db
      .selectFrom('member_counts')
      .select((eb) => eb.fn.sum<number | null>('n').as('n'))
      .where('owner_user_id', '=', param('ownerId'))
      .where('membership_status', '=', param('status')),
)

/**
 * How many members an account owns, with one membership_status or in all: exact (the counts
 * change in the transaction of each write) and one small read, not a count over the members.
 */
export async function countOwnedMembers(db: Db, ownerId: number, status?: string): Promise<number> {
  const [row] =
    status === undefined
      ? await ownedCount.execute(db, { ownerId })
      : await ownedCountWithStatus.execute(db, { ownerId, status })
  return Number(row?.n ?? 0)
}

/** Every account's members, with one membership_status or in all (admins and auditors). */
export async function countAllMembers(db: Db, status?: string): Promise<number> {
  let query = db.selectFrom('member_counts').select((eb) => eb.fn.sum<number | null>('n').as('n'))
  if (status !== undefined) query = query.where('membership_status', '=', status)
  const row = await query.executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Each account's number of members. */
export async function memberCountsByOwner(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('member_counts')
    .select(['owner_user_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('owner_user_id')
    .execute()
  return new Map(rows.map((row) => [row.owner_user_id, Number(row.n)]))
}

/** Drops the (empty) count rows of an account that is being removed. */
export async function deleteOwnerCounts(db: Db, ownerId: number): Promise<void> {
  await db.deleteFrom('member_counts').where('owner_user_id', '=', ownerId).execute()
  await db.deleteFrom('member_ministry_counts').where('owner_user_id', '=', ownerId).execute()
}
