import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { findAccountState } from '../repositories/users'
import type { TokenClaims, TokenService } from '../services/tokens'
import { sendError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    user: TokenClaims | null
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in, enabled account. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

export function registerAuth(app: FastifyInstance, db: Kysely<Database>, tokens: TokenService) {
  app.decorateRequest('user', null)
  app.decorate('requireUser', async (request: FastifyRequest, reply) => {
    const token = bearerToken(request)
    const claims = token ? await tokens.verify(token) : null
    if (!claims) return sendError(reply, 401, 'Authentication required')
    // A removed or disabled account loses access at once, not when its token expires.
    const user = await findAccountState(db, claims.id)
    if (!user || user.disabled) return sendError(reply, 401, 'Authentication required')
    request.user = { id: user.id, username: user.username }
  })
}
