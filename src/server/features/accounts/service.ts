// What an administrator does to accounts (issue 25): each use case owns its transaction and
// records itself in the history under the account's name. The routes check the role first.
import type { Kysely } from 'kysely'
import {
  canOwnMembers,
  isRole,
  normaliseUsername,
  type Role,
  usernameProblem,
} from '../../../domain'
import type { Database, Db } from '../../db/tables'
import { accountRace, ApiError, CANNOT_OWN_MEMBERS } from '../../plugins/errors'
import { createOnce } from '../../plugins/idempotency'
import { endAccountSessions } from '../auth'
import { type Actor, recordEvent, recordEvents } from '../history'
import { moveAccountHouseholds, ownsHouseholds } from '../households'
import { deleteOwnerCounts, memberCountsByOwner, memberIdsOf, transferMembersOf } from '../members'
import { hashPassword } from './passwords'
import {
  type Account,
  deleteUser,
  findAccount,
  findAccountIdByKey,
  insertCreateKey,
  insertUser,
  keepsAnAdmin,
  listAccounts,
  lockAccounts,
  replaceUnusedPassword,
  setUserDisabled,
  setUserRole,
  updatePassword,
} from './repository'
import { temporaryPassword } from './temporaryPassword'

export const LAST_ADMIN = 'The last enabled admin cannot be disabled, demoted or removed'

const notFound = () => new ApiError(404, 'Account not found')

const withCount = (account: Account, counts: Map<number, number>) => ({
  ...account,
  member_count: counts.get(account.id) ?? 0,
})

/** An administrator's act on an account, in the history under the account's name. */
const recordAccountEvent = (
  trx: Db,
  actor: Actor,
  action: 'account_create' | 'account_update' | 'account_password_reset' | 'account_remove',
  account: { id: number; username: string },
  details: Record<string, unknown> = {},
) =>
  recordEvent(trx, {
    actor,
    action,
    subjectUserId: account.id,
    details: { username: account.username, ...details },
  })

/** Every account with its number of members. */
export async function listAccountsWithCounts(db: Kysely<Database>) {
  const counts = await memberCountsByOwner(db)
  return (await listAccounts(db)).map((account) => withCount(account, counts))
}

// Names ignore case (the unique index is on lower(username)); SQLite's lower() folds ASCII
// only, so compare in JS as the CLI does.
const sameUsername = (a: string, b: string) =>
  a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase()

const ACCOUNT_IN_USE =
  'The account this request created has been signed in to or given its own password since: ' +
  'nothing was changed (use Reset password if it is needed)'

const KEY_OTHER_ACCOUNT =
  'This Idempotency-Key already created an account with another name or role: nothing was changed'

/** What the create answers: the account and its one-time password. */
export interface CreatedAccount {
  user: Account & { member_count: number }
  temporary_password: string
}

/**
 * A new account with a temporary password, to be replaced at its first sign-in. A repeated
 * Idempotency-Key from the same admin (the first answer was lost) cannot be answered with that
 * password, kept only as a hash: while the account is unused it gets a new one, as Reset password
 * gives (`replayed`); once used, the repeat is refused rather than reset it.
 */
export async function createAccount(
  db: Kysely<Database>,
  actor: Actor & { id: number },
  request: { username: string; role?: string },
  key?: string,
): Promise<{ created: CreatedAccount; replayed: boolean }> {
  if (usernameProblem(request.username)) {
    throw new ApiError(400, 'Use letters, digits, ".", "_" and "-" only (at most 100)', {
      username: 'invalidUsername',
    })
  }
  const username = normaliseUsername(request.username)
  const role: Role = request.role && isRole(request.role) ? request.role : 'clerk'
  const password = temporaryPassword()
  const passwordHash = await hashPassword(password)
  const fresh = { password, passwordHash }
  const { made } = await createOnce<{ id: number; created?: CreatedAccount }>(
    key,
    async (k) => {
      const id = await findAccountIdByKey(db, actor.id, k)
      return id === undefined ? undefined : { id }
    },
    async () => {
      const account = await db.transaction().execute(async (trx) => {
        const taken = (await listAccounts(trx)).some((a) => sameUsername(a.username, username))
        if (taken) {
          throw new ApiError(400, `An account "${username}" already exists`, {
            username: 'usernameTaken',
          })
        }
        const user = await insertUser(trx, username, passwordHash, {
          role,
          mustChangePassword: true,
        })
        if (key) await insertCreateKey(trx, { adminId: actor.id, key, accountId: user.id })
        await recordAccountEvent(trx, actor, 'account_create', { id: user.id, username }, { role })
        return (await findAccount(trx, user.id))!
      })
      const created = { user: withCount(account, new Map()), temporary_password: password }
      return { id: account.id, created }
    },
  )
  if (made.created) return { created: made.created, replayed: false }
  return {
    created: await reissueUnusedPassword(db, actor, made.id, { username, role }, fresh),
    replayed: true,
  }
}

/**
 * The repeat of a create whose answer was lost: the account it made gets a new one-time password
 * (the first is replaced, so only the one shown works), recorded as Reset password records it.
 * Refused when the repeat asks for another name or role, or the account has been used since.
 */
async function reissueUnusedPassword(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  asked: { username: string; role: Role },
  { password, passwordHash }: { password: string; passwordHash: string },
): Promise<CreatedAccount> {
  return db.transaction().execute(async (trx) => {
    const account = await findAccount(trx, id)
    if (!account) throw notFound()
    if (!sameUsername(account.username, asked.username) || account.role !== asked.role) {
      throw new ApiError(422, KEY_OTHER_ACCOUNT, { 'Idempotency-Key': 'keyUsedForOtherAccount' })
    }
    if (!(await replaceUnusedPassword(trx, id, passwordHash))) {
      throw new ApiError(409, ACCOUNT_IN_USE, { 'Idempotency-Key': 'accountInUse' })
    }
    await endAccountSessions(trx, id)
    await recordAccountEvent(trx, actor, 'account_password_reset', account)
    const counts = await memberCountsByOwner(trx)
    return { user: withCount(account, counts), temporary_password: password }
  })
}

/** A new role or a disabled account; its open sessions end (issue 23 §3). */
export async function updateAccount(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  { role, disabled }: { role?: string; disabled?: boolean },
) {
  return db.transaction().execute(async (trx) => {
    await lockAccounts(trx)
    const account = await findAccount(trx, id)
    if (!account) throw notFound()
    const demoted = role !== undefined && role !== 'admin'
    const losesAdmin = account.role === 'admin' && !account.disabled && (demoted || disabled)
    if (losesAdmin && !(await keepsAnAdmin(trx, id))) {
      throw new ApiError(400, LAST_ADMIN, { role: 'lastAdmin' })
    }
    const changes: Record<string, [unknown, unknown]> = {}
    if (role !== undefined && isRole(role) && role !== account.role) {
      await setUserRole(trx, id, role)
      changes.role = [account.role, role]
    }
    if (disabled !== undefined && disabled !== account.disabled) {
      await setUserDisabled(trx, id, disabled)
      changes.disabled = [account.disabled, disabled]
    }
    if (Object.keys(changes).length > 0) {
      await endAccountSessions(trx, id)
      await recordAccountEvent(trx, actor, 'account_update', account, { changes })
    }
    const counts = await memberCountsByOwner(trx)
    return withCount((await findAccount(trx, id))!, counts)
  })
}

/** A temporary password for the account; its sessions end. */
export async function resetPassword(db: Kysely<Database>, actor: Actor, id: number) {
  const password = temporaryPassword()
  const passwordHash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    const account = await findAccount(trx, id)
    if (!account) throw notFound()
    await updatePassword(trx, id, passwordHash, true)
    await endAccountSessions(trx, id)
    await recordAccountEvent(trx, actor, 'account_password_reset', account)
  })
  return { temporary_password: password }
}

/** Hands every member of one account over to another, enabled one; returns how many. */
export async function transferAllMembers(
  db: Kysely<Database>,
  actor: Actor,
  from: number,
  to: number,
): Promise<number> {
  return db
    .transaction()
    .execute(async (trx) => {
      const source = await findAccount(trx, from)
      if (!source) throw notFound()
      const target = await findAccount(trx, to)
      if (!target || target.disabled || to === from) {
        throw new ApiError(400, 'Choose another, enabled account', {
          target_user_id: 'invalidValue',
        })
      }
      if (!canOwnMembers(target.role)) {
        throw new ApiError(400, CANNOT_OWN_MEMBERS, { target_user_id: 'invalidValue' })
      }
      // The account's households go along: a household and its members keep one owner.
      await moveAccountHouseholds(trx, actor, source, target)
      const ids = await memberIdsOf(trx, from)
      if (ids.length === 0) return 0
      await transferMembersOf(trx, from, to, ids)
      // One append for all: a lock and a read of the chain's tail each would be three round
      // trips a member on PostgreSQL (decision 0382).
      await recordEvents(
        trx,
        ids.map((memberId) => ({
          actor,
          action: 'member_transfer',
          memberId,
          subjectUserId: to,
          details: {
            changes: { owner_user_id: [from, to] },
            from_username: source.username,
            to_username: target.username,
          },
        })),
      )
      return ids.length
    })
    .catch((error: unknown) => {
      throw accountRace(error)
    })
}

/** Removes an account that owns no member nor household; never the caller's own, never the last admin. */
export async function removeAccount(db: Kysely<Database>, actor: Actor, id: number) {
  await db
    .transaction()
    .execute(async (trx) => {
      await lockAccounts(trx)
      const account = await findAccount(trx, id)
      if (!account) throw notFound()
      if (id === actor.id) {
        throw new ApiError(400, 'You cannot remove your own account', { id: 'ownAccount' })
      }
      const owned = await memberIdsOf(trx, id)
      if (owned.length > 0) {
        throw new ApiError(400, 'This account still has members: transfer them first', {
          id: 'hasMembers',
        })
      }
      if (await ownsHouseholds(trx, id)) {
        throw new ApiError(400, 'This account still has households: transfer them first', {
          id: 'hasHouseholds',
        })
      }
      if (account.role === 'admin' && !account.disabled && !(await keepsAnAdmin(trx, id))) {
        throw new ApiError(400, LAST_ADMIN, { role: 'lastAdmin' })
      }
      await endAccountSessions(trx, id)
      await deleteOwnerCounts(trx, id)
      await deleteUser(trx, id)
      await recordAccountEvent(trx, actor, 'account_remove', account)
    })
    .catch((error: unknown) => {
      throw accountRace(error)
    })
}
