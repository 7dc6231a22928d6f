// The restore bin (issue 25): a deleted member's complete row, dues settings and photo, kept
// for 30 days.
import type { DeletedMember } from '../../../domain'
import type { Db } from '../../db/tables'

export const KEEP_DELETED_DAYS = 30
const KEEP_MS = KEEP_DELETED_DAYS * 24 * 60 * 60 * 1000

/** Whether a copy deleted at `deletedAt` (ISO) is past its 30 days at `now`. */
export function isPastKeeping(deletedAt: string, now: Date): boolean {
  return Date.parse(deletedAt) + KEEP_MS <= now.getTime()
}

export interface DeletedBy {
  id: number | null
  username: string | null
}

/** The bin's copy keeps the member's member_dues row under this key, beside its columns. */
const DUES_KEY = 'member_dues'

/**
 * Copies a member's row, dues settings and photo into the bin; call before deleting, in the
 * same transaction.
 */
export async function keepDeletedMember(
  db: Db,
  id: number,
  by: DeletedBy,
  now: Date,
): Promise<boolean> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return false
  const photo = await db
    .selectFrom('photos')
    .selectAll()
    .where('member_id', '=', id)
    .executeTakeFirst()
  // member_dues goes with the member (on delete cascade): the copy keeps it for a restore.
  const dues = await db
    .selectFrom('member_dues')
    .select(['category', 'start_month'])
    .where('member_id', '=', id)
    .executeTakeFirst()
  // A member deleted, restored and deleted again has one copy: the latest.
  await db.deleteFrom('deleted_members').where('member_id', '=', id).execute()
  await db
    .insertInto('deleted_members')
    .values({
      member_id: id,
      owner_user_id: row.owner_user_id,
      deleted_at: now.toISOString(),
      deleted_by_id: by.id,
      deleted_by_username: by.username,
      row_json: JSON.stringify(dues ? { ...row, [DUES_KEY]: dues } : row),
      photo_id: photo?.id ?? null,
      photo_jpeg: photo?.jpeg ?? null,
      photo_thumbnail: photo?.thumbnail ?? null,
    })
    .execute()
  return true
}

/** The bin as it stands at `now`: copies past their 30 days are left out before the purge. */
export async function listDeletedMembers(db: Db, now: Date = new Date()): Promise<DeletedMember[]> {
  const cutoff = new Date(now.getTime() - KEEP_MS).toISOString()
  const rows = await db
    .selectFrom('deleted_members')
    .leftJoin('users', 'users.id', 'deleted_members.owner_user_id')
    .select([
      'deleted_members.member_id',
      'deleted_members.owner_user_id',
      'deleted_members.deleted_at',
      'deleted_members.deleted_by_username',
      'deleted_members.row_json',
      'deleted_members.photo_id',
      'users.username',
    ])
    .where('deleted_members.deleted_at', '>', cutoff)
    .orderBy('deleted_members.deleted_at', 'desc')
    .limit(1000)
    .execute()
  return rows.map((row) => {
    const member = JSON.parse(row.row_json) as Record<string, string | null>
    return {
      id: row.member_id,
      first_name: member.first_name ?? '',
      middle_name: member.middle_name ?? null,
      last_name: member.last_name ?? '',
      membership_status: member.membership_status ?? null,
      owner_user_id: row.owner_user_id,
      owner_username: row.username,
      deleted_at: row.deleted_at,
      deleted_by: row.deleted_by_username,
      has_photo: row.photo_id !== null,
      purge_at: new Date(
        Date.parse(row.deleted_at) + KEEP_DELETED_DAYS * 24 * 60 * 60 * 1000,
      ).toISOString(),
    }
  })
}

/**
 * Puts a kept member back with its id, fields, dues settings and photo, owned by `ownerId`.
 * Returns false when the bin holds no such member. The member_counts, search and dues standing
 * triggers see ordinary inserts.
 */
export async function restoreDeletedMember(
  db: Db,
  id: number,
  ownerId: number,
  now: Date,
): Promise<boolean> {
  const kept = await db
    .selectFrom('deleted_members')
    .selectAll()
    .where('member_id', '=', id)
    .executeTakeFirst()
  if (!kept) return false
  const { [DUES_KEY]: dues, ...row } = JSON.parse(kept.row_json) as Record<string, unknown>
  await db
    .insertInto('members')
    // Back in no household: the households service puts it back in its own, if still there.
    .values({
      ...row,
      id,
      owner_user_id: ownerId,
      household_id: null,
      household_role: null,
      updated_at: now.toISOString(),
    } as never)
    .execute()
  if (kept.photo_id && kept.photo_jpeg && kept.photo_thumbnail) {
    await db
      .insertInto('photos')
      .values({
        id: kept.photo_id,
        member_id: id,
        jpeg: kept.photo_jpeg,
        thumbnail: kept.photo_thumbnail,
        created_at: now.toISOString(),
      })
      .execute()
  }
  if (dues) {
    const { category, start_month } = dues as { category: string; start_month: string | null }
    await db
      .insertInto('member_dues')
      .values({ member_id: id, category, start_month, updated_at: now.toISOString() })
      .execute()
  }
  await db.deleteFrom('deleted_members').where('member_id', '=', id).execute()
  return true
}

/** The kept copy's owner and names, or undefined. */
export async function findDeletedMember(db: Db, id: number) {
  const kept = await db
    .selectFrom('deleted_members')
    .select(['member_id', 'owner_user_id', 'row_json', 'deleted_at'])
    .where('member_id', '=', id)
    .executeTakeFirst()
  if (!kept) return undefined
  const row = JSON.parse(kept.row_json) as Record<string, string | number | null>
  return {
    id: kept.member_id,
    ownerId: kept.owner_user_id,
    deletedAt: kept.deleted_at,
    first_name: String(row.first_name ?? ''),
    last_name: String(row.last_name ?? ''),
    householdId: typeof row.household_id === 'number' ? row.household_id : null,
    householdRole: typeof row.household_role === 'string' ? row.household_role : null,
  }
}

/** Removes copies deleted more than 30 days before `now`; returns the purged member ids. */
export async function purgeExpired(db: Db, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - KEEP_MS).toISOString()
  const rows = await db
    .selectFrom('deleted_members')
    .select('member_id')
    .where('deleted_at', '<', cutoff)
    .execute()
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.member_id)
  await db.deleteFrom('deleted_members').where('member_id', 'in', ids).execute()
  return ids
}
