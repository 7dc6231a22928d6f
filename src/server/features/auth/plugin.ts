import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { isRole, type Role } from '../../../domain'
import type { Database } from '../../db/tables'
import { findSessionAccount } from './repository'
import type { TokenClaims, TokenService } from './tokens'
import { ApiError, sendError } from '../../plugins/errors'
import { type Action, FORBIDDEN, may } from '../accounts'

/** The signed-in account of a request, as it is now (not as it was when the token was made). */
export interface RequestUser {
  id: number
  username: string
  role: Role
  sessionId: string
  mustChangePassword: boolean
}

/** The account of a request behind requireUser (a 401 were it missing). */
export function signedIn(request: FastifyRequest): RequestUser {
  if (!request.user) throw new ApiError(401, 'Authentication required')
  return request.user
}

export const PASSWORD_CHANGE_REQUIRED = 'Please choose a new password before you continue'

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in, enabled account with its own password. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    /** As requireUser, but also for an account that must still replace a temporary password. */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    /** preHandler: requireUser, then 403 unless the policy lets the account's role do this. */
    requireAllowed: (
      action: Action,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    /**
     * The claims of the request's signed, unexpired token, without the session lookup: only for
     * answers from process memory that a checked request of that session left there.
     */
    signedClaims: (request: FastifyRequest) => Promise<TokenClaims | null>
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

  const signedClaims = async (request: FastifyRequest) => {
    const token = bearerToken(request)
    return token ? tokens.verify(token) : null
  }

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const claims = await signedClaims(request)
    if (!claims) return sendError(reply, 401, 'Authentication required')
    // Ended sessions (logout, password change, role change) and removed or disabled accounts
    // lose access at once, not when the token expires.
    const account = await findSessionAccount(db, claims.sessionId, claims.id)
    if (!account || account.disabled || !isRole(account.role)) {
      return sendError(reply, 401, 'Authentication required')
    }
    request.user = {
      id: account.id,
      username: account.username,
      role: account.role,
      sessionId: claims.sessionId,
      mustChangePassword: account.must_change_password === 1,
    }
    return undefined
  }

  const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply)
    if (reply.sent || !request.user) return reply
    if (request.user.mustChangePassword) {
      return sendError(reply, 403, PASSWORD_CHANGE_REQUIRED, { password: 'passwordChangeRequired' })
    }
    return undefined
  }

  app.decorate('signedClaims', signedClaims)
  app.decorate('requireSession', authenticate)
  app.decorate('requireUser', requireUser)
  app.decorate('requireAllowed', (action: Action) => async (request, reply) => {
    // Behind a scope's requireUser the account is already known: no second session lookup.
    if (!request.user) await authenticate(request, reply)
    if (reply.sent || !request.user) return reply
    if (request.user.mustChangePassword) {
      return sendError(reply, 403, PASSWORD_CHANGE_REQUIRED, { password: 'passwordChangeRequired' })
    }
    if (!may(request.user, action)) return sendError(reply, 403, FORBIDDEN)
    return undefined
  })
}
