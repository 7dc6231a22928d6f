import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { sendError } from '../plugins/errors'
import { findUserByUsername } from '../repositories/users'
import type { LoginThrottle } from '../services/loginThrottle'
import { verifyPassword } from '../services/passwords'
import type { TokenService } from '../services/tokens'

export const INVALID_CREDENTIALS = 'Invalid username or password'
export const TOO_MANY_ATTEMPTS =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

interface LoginBody {
  username: string
  password: string
}

export function loginRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; tokens: TokenService; throttle: LoginThrottle },
) {
  app.post<{ Body: LoginBody }>(
    '/api/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 100 },
            password: { type: 'string', minLength: 1, maxLength: 1000 },
          },
        },
      },
      // The generic validation message would echo field paths; keep it to the point.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        return sendError(reply, 400, 'Username and password are required')
      }
      const { username, password } = request.body
      const address = request.ip
      if (deps.throttle.isBlocked(address, username)) {
        return sendError(reply, 429, TOO_MANY_ATTEMPTS)
      }
      const user = await findUserByUsername(deps.db, username)
      const ok = await verifyPassword(user?.password_hash, password)
      if (!user || !ok || user.disabled) {
        deps.throttle.recordFailure(address, username)
        request.log.info({ username: username.slice(0, 100) }, 'sign-in refused')
        return sendError(reply, 401, INVALID_CREDENTIALS)
      }
      deps.throttle.recordSuccess(address, username)
      const token = await deps.tokens.sign({ id: user.id, username: user.username })
      return { success: true, token, user: { id: user.id, username: user.username } }
    },
  )
}
