import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { ApiError } from '../../../plugins/errors'
import { idempotencyKey } from '../../../plugins/idempotency'
import type { Actor } from '../../history'
import {
  createAccount,
  listAccountsWithCounts,
  removeAccount,
  resetPassword,
  transferAllMembers,
  updateAccount,
} from '../service'
import {
  accountCreateSchema,
  accountListSchema,
  accountRemoveSchema,
  accountUpdateSchema,
  resetPasswordSchema,
  transferAllSchema,
} from '../schemas'

interface IdParams {
  id: string
}

const accountId = (params: IdParams) => {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
  if (id < 1) throw new ApiError(404, 'Account not found')
  return id
}

const actorOf = (user: { id: number; username: string }): Actor & { id: number } => ({
  id: user.id,
  username: user.username,
})

/** Accounts and the bulk hand-over of their members (issue 25). */
export function adminRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  const admin = app.requireAllowed('accounts.manage')

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/admin/')) reply.header('Cache-Control', 'no-store')
    return payload
  })

  // Auditors read the account list too; every change below is admin only.
  app.get(
    '/api/admin/users',
    { preHandler: app.requireAllowed('accounts.read'), schema: accountListSchema },
    async () => listAccountsWithCounts(db),
  )

  app.post<{ Body: { username: string; role?: string } }>(
    '/api/admin/users',
    {
      preHandler: admin,
      schema: accountCreateSchema,
    },
    async (request, reply) => {
      const key = idempotencyKey(request)
      const { created, replayed } = await createAccount(
        db,
        actorOf(request.user!),
        request.body,
        key,
      )
      // A repeat answers as the create did (201, a password that works), said to be a repeat.
      if (replayed) reply.header('Idempotent-Replayed', 'true')
      return reply.code(201).send(created)
    },
  )

  app.patch<{ Params: IdParams; Body: { role?: string; disabled?: boolean } }>(
    '/api/admin/users/:id',
    {
      preHandler: admin,
      schema: accountUpdateSchema,
    },
    async (request) =>
      updateAccount(db, actorOf(request.user!), accountId(request.params), request.body),
  )

  app.post<{ Params: IdParams }>(
    '/api/admin/users/:id/reset-password',
    { preHandler: admin, schema: resetPasswordSchema },
    async (request) => resetPassword(db, actorOf(request.user!), accountId(request.params)),
  )

  app.post<{ Params: IdParams; Body: { target_user_id: number } }>(
    '/api/admin/users/:id/transfer-members',
    {
      preHandler: admin,
      schema: transferAllSchema,
    },
    async (request) => {
      const from = accountId(request.params)
      const moved = await transferAllMembers(
        db,
        actorOf(request.user!),
        from,
        request.body.target_user_id,
      )
      return { moved }
    },
  )

  app.delete<{ Params: IdParams }>(
    '/api/admin/users/:id',
    { preHandler: admin, schema: accountRemoveSchema },
    async (request, reply) => {
      await removeAccount(db, actorOf(request.user!), accountId(request.params))
      return reply.code(204).send()
    },
  )
}
