import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { ApiError } from '../../../plugins/errors'
import {
  findUserByUsername,
  hashPassword,
  PASSWORD_PROBLEM_TEXT,
  passwordProblem,
  updatePassword,
  verifyPassword,
} from '../../accounts'
import { recordEvent } from '../../history'
import { endAccountSessions, endSession } from '../sessions'

interface PasswordBody {
  current_password: string
  new_password: string
}

/** The signed-in account's own calls: who am I, sign out, change my password. */
export function meRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps

  app.get('/api/me', { preHandler: app.requireSession }, async (request, reply) => {
    const user = request.user!
    reply.header('Cache-Control', 'no-store')
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      must_change_password: user.mustChangePassword,
    }
  })

  // Ends this token's session on the server: the token is refused from now on (issue 23 §3).
  app.post('/api/logout', { preHandler: app.requireSession }, async (request, reply) => {
    const user = request.user!
    await db.transaction().execute(async (trx) => {
      await endSession(trx, user.sessionId)
      await recordEvent(trx, {
        actor: { id: user.id, username: user.username },
        action: 'sign_out',
        subjectUserId: user.id,
      })
    })
    return reply.code(204).send()
  })

  app.post<{ Body: PasswordBody }>(
    '/api/me/password',
    {
      preHandler: app.requireSession,
      schema: {
        body: {
          type: 'object',
          required: ['current_password', 'new_password'],
          properties: {
            current_password: { type: 'string', maxLength: 1000 },
            new_password: { type: 'string', maxLength: 10_000 },
          },
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        throw new ApiError(400, 'The current and the new password are required', {
          current_password: 'fieldRequired',
          new_password: 'fieldRequired',
        })
      }
      const user = request.user!
      const { current_password: current, new_password: next } = request.body
      const stored = await findUserByUsername(db, user.username)
      if (!stored || !(await verifyPassword(stored.password_hash, current))) {
        throw new ApiError(400, 'The current password is not correct', {
          current_password: 'currentPasswordWrong',
        })
      }
      const problem = passwordProblem(next, user.username)
      if (problem) {
        throw new ApiError(400, PASSWORD_PROBLEM_TEXT[problem], { new_password: problem })
      }
      if (next === current) {
        throw new ApiError(400, 'The new password must differ from the current one', {
          new_password: 'passwordUnchanged',
        })
      }
      const passwordHash = await hashPassword(next)
      await db.transaction().execute(async (trx) => {
        await updatePassword(trx, user.id, passwordHash)
        // This device stays signed in; every other session of the account ends.
        await endAccountSessions(trx, user.id, user.sessionId)
        await recordEvent(trx, {
          actor: { id: user.id, username: user.username },
          action: 'account_password_change',
          subjectUserId: user.id,
        })
      })
      return reply.code(204).send()
    },
  )
}
