import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { ApiError } from '../../../plugins/errors'
import { changeOwnPassword, signOut } from '../service'
import { logoutSchema, meSchema, passwordSchema } from '../schemas'

interface PasswordBody {
  current_password: string
  new_password: string
}

/** The signed-in account's own calls: who am I, sign out, change my password. */
export function meRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps

  app.get(
    '/api/me',
    { preHandler: app.requireSession, schema: meSchema },
    async (request, reply) => {
      const user = request.user!
      reply.header('Cache-Control', 'no-store')
      return {
        id: user.id,
        username: user.username,
        role: user.role,
        must_change_password: user.mustChangePassword,
      }
    },
  )

  // Ends this token's session on the server: the token is refused from now on (issue 23 §3).
  app.post(
    '/api/logout',
    { preHandler: app.requireSession, schema: logoutSchema },
    async (request, reply) => {
      await signOut(db, request.user!)
      return reply.code(204).send()
    },
  )

  app.post<{ Body: PasswordBody }>(
    '/api/me/password',
    {
      preHandler: app.requireSession,
      schema: passwordSchema,
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        throw new ApiError(400, 'The current and the new password are required', {
          current_password: 'fieldRequired',
          new_password: 'fieldRequired',
        })
      }
      const { current_password: current, new_password: next } = request.body
      await changeOwnPassword(db, request.user!, current, next)
      return reply.code(204).send()
    },
  )
}
