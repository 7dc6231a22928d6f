// Purging the restore bin: copies older than 30 days go, on start and then daily, and each
// purge is in the history.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { repeatWhileOpen } from '../../platform/repeatWhileOpen'
import { findAccount } from '../accounts'
import { type Actor, recordEvent, recordEvents, SYSTEM_ACTOR } from '../history'
import { householdOnMemberRestore } from '../households'
import { findMember } from '../members'
import {
  findDeletedMember,
  isPastKeeping,
  KEEP_DELETED_DAYS,
  listDeletedMembers,
  purgeExpired,
  restoreDeletedMember,
} from './repository'

const DAY_MS = 24 * 60 * 60 * 1000

export async function purgeDeletedMembers(db: Kysely<Database>, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await purgeExpired(trx, now)
    await recordEvents(
      trx,
      ids.map((id) => ({ actor: SYSTEM_ACTOR, action: 'member_purge', memberId: id, at: now })),
    )
    return ids
  })
}

/** Purges once the app is ready, then every day, until it closes. */
export function schedulePurge(app: FastifyInstance, db: Kysely<Database>, clock: () => Date) {
  repeatWhileOpen(app, DAY_MS, 'purging the restore bin failed', () =>
    purgeDeletedMembers(db, clock()),
  )
}

/** The members in the restore bin. */
export async function listRestoreBin(db: Kysely<Database>, now: Date) {
  return { items: await listDeletedMembers(db, now) }
}

/** Back to its last owner; if that account is gone or disabled, to the restoring admin. */
export async function restoreMember(
  db: Kysely<Database>,
  actor: Actor & { id: number },
  id: number,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const kept = await findDeletedMember(trx, id)
    if (!kept) throw new ApiError(404, 'Deleted member not found')
    // The 30 days hold at the moment of the request, not only once the daily purge ran.
    if (isPastKeeping(kept.deletedAt, now)) {
      throw new ApiError(
        410,
        `This member was deleted more than ${KEEP_DELETED_DAYS} days ago and can no longer be restored`,
      )
    }
    const last = await findAccount(trx, kept.ownerId)
    const owner = last && !last.disabled ? last.id : actor.id
    await restoreDeletedMember(trx, id, owner, now)
    await recordEvent(trx, {
      actor,
      action: 'member_restore',
      memberId: id,
      subjectUserId: owner,
      details: { first_name: kept.first_name, last_name: kept.last_name, owner_user_id: owner },
    })
    // Back into its household when that household is still there.
    await householdOnMemberRestore(trx, actor, id, {
      householdId: kept.householdId,
      role: kept.householdRole,
    })
    return findMember(trx, owner, id)
  })
}
