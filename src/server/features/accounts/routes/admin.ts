import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../../../db/portable'
import { isRole, normaliseUsername, type Role, ROLES, usernameProblem } from '../../../../domain'
import type { Database, Db } from '../../../db/tables'
import { ApiError } from '../../../plugins/errors'
import {
  findDeletedMember,
  isPastKeeping,
  KEEP_DELETED_DAYS,
  listDeletedMembers,
  restoreDeletedMember,
} from '../../restoreBin'
import { findMember, memberIdsOf } from '../../members'
import {
  type Account,
  deleteUser,
  findAccount,
  insertUser,
  listAccounts,
  setUserDisabled,
  setUserRole,
  updatePassword,
} from '../repository'
import { type Actor, recordEvent } from '../../history'
import { hashPassword } from '../passwords'
import { temporaryPassword } from '../temporaryPassword'
import { endAccountSessions } from '../../auth'

interface IdParams {
  id: string
}

const accountId = (params: IdParams) => {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
  if (id < 1) throw new ApiError(404, 'Account not found')
  return id
}

async function memberCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('member_counts')
    .select(['owner_user_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('owner_user_id')
    .execute()
  return new Map(rows.map((row) => [row.owner_user_id, Number(row.n)]))
}

const withCount = (account: Account, counts: Map<number, number>) => ({
  ...account,
  member_count: counts.get(account.id) ?? 0,
})

/** Would the office still have an enabled admin without this account as one? */
async function keepsAnAdmin(db: Db, leaving: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('id', '!=', leaving)
    .executeTakeFirstOrThrow()
  return Number(row.n) > 0
}

const LAST_ADMIN = 'The last enabled admin cannot be disabled, demoted or removed'

/** Accounts, bulk hand-over and the restore bin (issue 25). */
export function adminRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock?: () => Date },
) {
  const { db } = deps
  const admin = app.requireAllowed('accounts.manage')
  const restoreBin = app.requireAllowed('restoreBin.manage')
  const actorOf = (user: { id: number; username: string }): Actor => ({
    id: user.id,
    username: user.username,
  })
  /** An administrator's act on an account, in the history under the account's name. */
  const recordAccountEvent = (
    trx: Db,
    request: FastifyRequest,
    action: 'account_create' | 'account_update' | 'account_password_reset' | 'account_remove',
    account: { id: number; username: string },
    details: Record<string, unknown> = {},
  ) =>
    recordEvent(trx, {
      actor: actorOf(request.user!),
      action,
      subjectUserId: account.id,
      details: { username: account.username, ...details },
    })

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/admin/')) reply.header('Cache-Control', 'no-store')
    return payload
  })

  // Auditors read the account list too; every change below is admin only.
  app.get('/api/admin/users', { preHandler: app.requireAllowed('accounts.read') }, async () => {
    const counts = await memberCounts(db)
    return (await listAccounts(db)).map((account) => withCount(account, counts))
  })

  app.post<{ Body: { username: string; role?: string } }>(
    '/api/admin/users',
    {
      preHandler: admin,
      schema: {
        body: {
          type: 'object',
          required: ['username'],
          properties: {
            username: { type: 'string', maxLength: 200 },
            role: { type: 'string', enum: [...ROLES] },
          },
        },
      },
    },
    async (request, reply) => {
      if (usernameProblem(request.body.username)) {
        throw new ApiError(400, 'Use letters, digits, ".", "_" and "-" only (at most 100)', {
          username: 'invalidUsername',
        })
      }
      const username = normaliseUsername(request.body.username)
      const role: Role =
        request.body.role && isRole(request.body.role) ? request.body.role : 'clerk'
      const password = temporaryPassword()
      const passwordHash = await hashPassword(password)
      const created = await db.transaction().execute(async (trx) => {
        // Names ignore case (the unique index is on lower(username)); SQLite's lower() folds
        // ASCII only, so compare in JS as the CLI does.
        const taken = (await listAccounts(trx)).some(
          (a) => a.username.normalize('NFC').toLowerCase() === username.toLowerCase(),
        )
        if (taken) {
          throw new ApiError(400, `An account "${username}" already exists`, {
            username: 'usernameTaken',
          })
        }
        const user = await insertUser(trx, username, passwordHash, {
          role,
          mustChangePassword: true,
        })
        await recordAccountEvent(
          trx,
          request,
          'account_create',
          { id: user.id, username },
          { role },
        )
        return (await findAccount(trx, user.id))!
      })
      return reply.code(201).send({
        user: withCount(created, new Map()),
        temporary_password: password,
      })
    },
  )

  app.patch<{ Params: IdParams; Body: { role?: string; disabled?: boolean } }>(
    '/api/admin/users/:id',
    {
      preHandler: admin,
      schema: {
        body: {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          properties: {
            role: { type: 'string', enum: [...ROLES] },
            disabled: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const id = accountId(request.params)
      const { role, disabled } = request.body
      return db.transaction().execute(async (trx) => {
        await lockAccounts(trx)
        const account = await findAccount(trx, id)
        if (!account) throw new ApiError(404, 'Account not found')
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
          // A new role or a disabled account: its open sessions end (issue 23 §3).
          await endAccountSessions(trx, id)
          await recordAccountEvent(trx, request, 'account_update', account, { changes })
        }
        const counts = await memberCounts(trx)
        return withCount((await findAccount(trx, id))!, counts)
      })
    },
  )

  app.post<{ Params: IdParams }>(
    '/api/admin/users/:id/reset-password',
    { preHandler: admin },
    async (request) => {
      const id = accountId(request.params)
      const password = temporaryPassword()
      const passwordHash = await hashPassword(password)
      await db.transaction().execute(async (trx) => {
        const account = await findAccount(trx, id)
        if (!account) throw new ApiError(404, 'Account not found')
        await updatePassword(trx, id, passwordHash, true)
        await endAccountSessions(trx, id)
        await recordAccountEvent(trx, request, 'account_password_reset', account)
      })
      return { temporary_password: password }
    },
  )

  app.post<{ Params: IdParams; Body: { target_user_id: number } }>(
    '/api/admin/users/:id/transfer-members',
    {
      preHandler: admin,
      schema: {
        body: {
          type: 'object',
          required: ['target_user_id'],
          properties: { target_user_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
      },
    },
    async (request) => {
      const from = accountId(request.params)
      const to = request.body.target_user_id
      const moved = await db.transaction().execute(async (trx) => {
        const source = await findAccount(trx, from)
        if (!source) throw new ApiError(404, 'Account not found')
        const target = await findAccount(trx, to)
        if (!target || target.disabled || to === from) {
          throw new ApiError(400, 'Choose another, enabled account', {
            target_user_id: 'invalidValue',
          })
        }
        const ids = await memberIdsOf(trx, from)
        if (ids.length === 0) return 0
        const now = new Date().toISOString()
        await trx
          .updateTable('members')
          .set({ owner_user_id: to, transfer_date: now, updated_at: now })
          .where('owner_user_id', '=', from)
          .where('id', 'in', ids)
          .execute()
        for (const memberId of ids) {
          await recordEvent(trx, {
            actor: actorOf(request.user!),
            action: 'member_transfer',
            memberId,
            subjectUserId: to,
            details: {
              changes: { owner_user_id: [from, to] },
              from_username: source.username,
              to_username: target.username,
            },
          })
        }
        return ids.length
      })
      return { moved }
    },
  )

  app.delete<{ Params: IdParams }>(
    '/api/admin/users/:id',
    { preHandler: admin },
    async (request, reply) => {
      const id = accountId(request.params)
      await db.transaction().execute(async (trx) => {
        await lockAccounts(trx)
        const account = await findAccount(trx, id)
        if (!account) throw new ApiError(404, 'Account not found')
        if (id === request.user!.id) {
          throw new ApiError(400, 'You cannot remove your own account', { id: 'ownAccount' })
        }
        const owned = await memberIdsOf(trx, id)
        if (owned.length > 0) {
          throw new ApiError(400, 'This account still has members: transfer them first', {
            id: 'hasMembers',
          })
        }
        if (account.role === 'admin' && !account.disabled && !(await keepsAnAdmin(trx, id))) {
          throw new ApiError(400, LAST_ADMIN, { role: 'lastAdmin' })
        }
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute()
        await trx.deleteFrom('member_counts').where('owner_user_id', '=', id).execute()
        await trx.deleteFrom('member_ministry_counts').where('owner_user_id', '=', id).execute()
        await deleteUser(trx, id)
        await recordAccountEvent(trx, request, 'account_remove', account)
      })
      return reply.code(204).send()
    },
  )

  const clock = deps.clock ?? (() => new Date())
  app.get('/api/admin/deleted-members', { preHandler: restoreBin }, async () => ({
    items: await listDeletedMembers(db, clock()),
  }))

  app.post<{ Params: IdParams }>(
    '/api/admin/deleted-members/:id/restore',
    { preHandler: restoreBin },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0
      const user = request.user!
      return db.transaction().execute(async (trx) => {
        const now = clock()
        const kept = await findDeletedMember(trx, id)
        if (!kept) throw new ApiError(404, 'Deleted member not found')
        // The 30 days hold at the moment of the request, not only once the daily purge ran.
        if (isPastKeeping(kept.deletedAt, now)) {
          throw new ApiError(
            410,
            `This member was deleted more than ${KEEP_DELETED_DAYS} days ago and can no longer be restored`,
          )
        }
        // Back to its last owner; if that account is gone or disabled, to the restoring admin.
        const last = await findAccount(trx, kept.ownerId)
        const owner = last && !last.disabled ? last.id : user.id
        await restoreDeletedMember(trx, id, owner, now)
        await recordEvent(trx, {
          actor: actorOf(user),
          action: 'member_restore',
          memberId: id,
          subjectUserId: owner,
          details: { first_name: kept.first_name, last_name: kept.last_name, owner_user_id: owner },
        })
        return findMember(trx, owner, id)
      })
    },
  )
}

/**
 * The last-admin rule reads, then writes: two admins demoting each other at once must not both
 * pass the check. PostgreSQL: the same transaction-scoped lock the history takes first.
 */
async function lockAccounts(trx: Db) {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(${0x61626c32})`.execute(trx)
  }
}
