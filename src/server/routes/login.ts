import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { sendError } from '../plugins/errors'
import { findUserByUsername, recordSignIn } from '../repositories/users'
import { recordEvent, SYSTEM_ACTOR } from '../services/history'
import type { LoginThrottle } from '../services/loginThrottle'
import { verifyPassword } from '../services/passwords'
import { startSession } from '../services/sessions'
import type { TokenService } from '../services/tokens'

export const INVALID_CREDENTIALS = 'Invalid username or password'
export const TOO_MANY_ATTEMPTS =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.'

const usernameDigest = (name: string) =>
  crypto.createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 12)

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
        // The history names the account tried, never the password; an unknown name only by a
        // hash prefix, since a password typed into the wrong field would otherwise be kept.
        await deps.db.transaction().execute((trx) =>
          recordEvent(trx, {
            actor: SYSTEM_ACTOR,
            action: 'sign_in_refused',
            subjectUserId: user?.id ?? null,
            details: user
              ? { username: user.username, reason: user.disabled ? 'disabled' : 'password' }
              : { reason: 'unknown', username_sha256: usernameDigest(username) },
          }),
        )
        return sendError(reply, 401, INVALID_CREDENTIALS)
      }
      deps.throttle.recordSuccess(address, username)
      const now = new Date()
      const sessionId = await deps.db.transaction().execute(async (trx) => {
        const id = await startSession(trx, user.id, now)
        await recordSignIn(trx, user.id, now)
        await recordEvent(trx, {
          actor: { id: user.id, username: user.username },
          action: 'sign_in',
          subjectUserId: user.id,
          at: now,
        })
        return id
      })
      const token = await deps.tokens.sign({ id: user.id, username: user.username, sessionId })
      return {
        success: true,
        token,
        user: {
          id: user.id,
          username: user.username,
          role: user.role,
          must_change_password: user.must_change_password === 1,
        },
      }
    },
  )
}
