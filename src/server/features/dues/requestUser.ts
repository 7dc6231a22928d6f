// What a dues route has: its deps, the acting account, the options of a signed-in read.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { noStore } from '../../plugins/security'
import { signedIn } from '../auth'
import type { Actor } from '../history'

/** What every dues route file is given (index.ts): the database and the clock. */
export interface DuesDeps {
  db: Kysely<Database>
  clock: () => Date
}

export const actorOf = (request: FastifyRequest): Actor => {
  const user = signedIn(request)
  return { id: user.id, username: user.username }
}

/** Route options of a read of dues data: a signed-in account, and the answer never cached. */
export const signedInRead = (app: FastifyInstance) => ({
  preHandler: app.requireUser,
  onSend: noStore,
})
