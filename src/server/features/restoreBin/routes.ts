import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { listRestoreBin, restoreMember } from './service'
import { restoreBinListSchema, restoreSchema } from './schemas'

interface IdParams {
  id: string
}

/** The restore bin: deleted members kept 30 days, and their restore (admins). */
export function restoreBinRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock?: () => Date },
) {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())
  const restoreBin = app.requireAllowed('restoreBin.manage')

  app.get(
    '/api/admin/deleted-members',
    { preHandler: restoreBin, schema: restoreBinListSchema },
    async () => listRestoreBin(db, clock()),
  )

  app.post<{ Params: IdParams }>(
    '/api/admin/deleted-members/:id/restore',
    { preHandler: restoreBin, schema: restoreSchema() },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0
      const user = request.user!
      return restoreMember(db, { id: user.id, username: user.username }, id, clock())
    },
  )
}
