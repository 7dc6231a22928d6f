// The Idempotency-Key of the creating calls (members, payments, households, funds, accounts;
// docs/api.md): the same key again from the same account (any admin for a fund) answers with
// what it made (an account: with a new one-time password, the first kept only hashed).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './errors'

/** Letters, digits, '-' and '_', 8 to 100 of them: a device's UUID fits, nothing else is kept. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/

/** The request's Idempotency-Key header (optional); a malformed one is a 400. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key']
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _', {
      'Idempotency-Key': 'invalidValue',
    })
  }
  return value
}

/** 200 with what the key's first request made, said to be a repeat. */
export const replayed = (reply: FastifyReply, body: unknown) =>
  reply.code(200).header('Idempotent-Replayed', 'true').send(body)

/**
 * A create a repeated key answers with what the first request made: `find` looks it up by key,
 * `create` makes it and stores the key under a unique index. Two requests with the key at once:
 * the index lets one in, and the other answers with it.
 */
export async function createOnce<T>(
  key: string | undefined,
  find: (key: string) => Promise<T | undefined>,
  create: () => Promise<T>,
): Promise<{ made: T; replayed: boolean }> {
  const earlier = key === undefined ? undefined : await find(key)
  if (earlier !== undefined) return { made: earlier, replayed: true }
  try {
    return { made: await create(), replayed: false }
  } catch (error) {
    const winner = key === undefined ? undefined : await find(key)
    if (winner !== undefined) return { made: winner, replayed: true }
    throw error
  }
}
