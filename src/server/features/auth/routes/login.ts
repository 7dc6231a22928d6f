import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { sendError } from '../../../plugins/errors'
import { noStore } from '../../../plugins/security'
import type { LoginThrottle } from '../loginThrottle'
import { checkCredentials, recordRefusedSignIn, signIn, usernameDigest } from '../service'
import type { TokenService } from '../tokens'
import { WorkQueue } from '../../../platform/workQueue'
import { loginSchema } from '../schemas'
export { usernameDigest }

export const INVALID_CREDENTIALS = 'Invalid username or password'
export const TOO_MANY_ATTEMPTS =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.'
export const SIGN_IN_BUSY = 'The server is busy signing people in. Please try again in a moment.'

/**
 * Password checks at once, and waiting: each argon2 check holds a libuv thread and 19 MiB for
 * tens of milliseconds; two leave the pool's other threads to files, and a queue of 16 is
 * under a second of waiting (docs/security.md).
 */
export function passwordCheckQueue(): WorkQueue {
  return new WorkQueue({ concurrency: 2, maxQueued: 16, busyMessage: SIGN_IN_BUSY, retryAfter: 2 })
}

interface LoginBody {
  username: string
  password: string
}

export function loginRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>
    tokens: TokenService
    throttle: LoginThrottle
    hashing: WorkQueue
  },
) {
  app.post<{ Body: LoginBody }>(
    '/api/login',
    {
      onSend: noStore,
      schema: loginSchema,
      // The generic validation message would echo field paths; keep it to the point.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        return sendError(reply, 400, 'Username and password are required')
      }
      const { username, password } = request.body
      const address = request.ip
      const wait = deps.throttle.retryAfter(address, username)
      if (wait > 0) {
        reply.header('Retry-After', String(wait))
        return sendError(reply, 429, TOO_MANY_ATTEMPTS)
      }
      const attempt = deps.throttle.recordFailure(address, username)
      let checked: Awaited<ReturnType<typeof checkCredentials>>
      try {
        checked = await deps.hashing.run(() => checkCredentials(deps.db, username, password))
      } catch (error) {
        deps.throttle.withdraw(address, username, attempt)
        throw error
      }
      const { user, ok } = checked
      if (!user || !ok || user.disabled) {
        // A short hash, not the typed text: a password typed as the username stays out of logs.
        request.log.info({ username: usernameDigest(username) }, 'sign-in refused')
        await recordRefusedSignIn(deps.db, user, username)
        return sendError(reply, 401, INVALID_CREDENTIALS)
      }
      deps.throttle.recordSuccess(address, username, attempt)
      const sessionId = await signIn(deps.db, user)
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
