import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { noStore } from '../../../plugins/security'
import { listUsers } from '../repository'
import { usersSchema } from '../schemas'

interface UsersQuery {
  purpose?: string
  search?: string
}

export function userRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  app.get<{ Querystring: UsersQuery }>(
    '/api/users',
    {
      preHandler: app.requireUser,
      onSend: noStore,
      schema: usersSchema,
    },
    async (request) => {
      const forTransfer = request.query.purpose === 'transfer'
      return listUsers(deps.db, {
        excludeId: forTransfer ? request.user!.id : undefined,
        ownersOnly: forTransfer,
        search: request.query.search,
      })
    },
  )
}
