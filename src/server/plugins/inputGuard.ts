import type { FastifyInstance } from 'fastify'
import { holdsControlCharacter } from '../../domain'
import { ApiError } from './errors'

/** Ids are 32-bit integer columns on PostgreSQL; a larger number names nothing and is refused. */
export const MAX_ID = 2_147_483_647

export const NUL_IN_TEXT = 'Text must not contain NUL characters'
export const CONTROL_IN_TEXT =
  'Text must not contain control characters (only tabs and line breaks are allowed)'

/**
 * Whether a value (string, array or object, keys included) holds a NUL character. PostgreSQL
 * cannot store one in text and FTS5 cannot parse one, so it is refused on both databases: a
 * member saved on one stays movable to the other.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  )
}

/**
 * Refuses a control character (tab and line breaks aside) in the query, the route parameters or
 * a JSON body of any route (400). Member fields are checked again, field by field and with
 * translated messages, by the member schema (src/domain/memberSchema.ts), which imports and
 * multipart forms also pass through.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      holdsControlCharacter(request.params) ||
      holdsControlCharacter(request.query) ||
      holdsControlCharacter(request.body)
    ) {
      throw new ApiError(400, CONTROL_IN_TEXT)
    }
  })
}
