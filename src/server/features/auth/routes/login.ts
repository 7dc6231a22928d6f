import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { sendError } from '../../../plugins/errors'
import { noStore } from '../../../plugins/security'
import { findUserByUsername, recordSignIn, verifyPassword } from '../../accounts'
import { recordEvent, SYSTEM_ACTOR } from '../../history'
import type { LoginThrottle } from '../loginThrottle'
import { startSession } from '../sessions'
import type { TokenService } from '../tokens'
import { WorkQueue } from '../../../platform/workQueue'

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
      const wait = deps.throttle.retryAfter(address, username)
      if (wait > 0) {
        reply.header('Retry-After', String(wait))
        return sendError(reply, 429, TOO_MANY_ATTEMPTS)
      }
      const attempt = deps.throttle.recordFailure(address, username)
      let checked: { user: Awaited<ReturnType<typeof findUserByUsername>>; ok: boolean }
      try {
        checked = await deps.hashing.run(async () => {
          const user = await findUserByUsername(deps.db, username)
          return { user, ok: await verifyPassword(user?.password_hash, password) }
        })
      } catch (error) {
        deps.throttle.withdraw(address, username, attempt)
        throw error
      }
      const { user, ok } = checked
      if (!user || !ok || user.disabled) {
        // A short hash, not the typed text: a password typed as the username stays out of logs.
        request.log.info({ username: usernameDigest(username) }, 'sign-in refused')
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
      deps.throttle.recordSuccess(address, username, attempt)
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

/** 12 hex digits of the username's SHA-256: enough to tell repeated attempts apart in a log. */
export function usernameDigest(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 12)
}
