import type { FastifyInstance, FastifyRequest } from 'fastify'
import { holdsControlCharacter } from '../../domain'
import { ApiError } from './errors'

/** Ids are 32-bit integer columns on PostgreSQL; a larger number names nothing and is refused. */
export const MAX_ID = 2_147_483_647

export const NUL_IN_TEXT = 'Text must not contain NUL characters'
export const INVALID_CURSOR = 'Invalid cursor'

/**
 * A page cursor that is the last id of the page before. Beyond a 32-bit id it names nothing and
 * is a 400: PostgreSQL would refuse it as an integer parameter (a 500).
 */
export function idCursor(text: string | undefined): number | undefined {
  if (!text) return undefined
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Infinity
  if (id > MAX_ID) throw new ApiError(400, INVALID_CURSOR, { cursor: 'invalidValue' })
  return id
}
const NOT_FINITE = 'Numbers must be finite'
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
 * Whether a number that is not finite (Infinity, NaN) is in a plain object or array: parsed
 * params and queries have a null-prototype class; files and streams are not entered.
 */
function holdsNonFinite(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value)
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => holdsNonFinite(item, depth + 1))
  const prototype = Object.getPrototypeOf(value) as object | null
  if (prototype !== null && prototype !== Object.prototype && Object.getPrototypeOf(prototype))
    return false
  return Object.values(value).some((item) => holdsNonFinite(item, depth + 1))
}

/**
 * Refuses a control character (tab and line breaks aside) in the query, the route parameters or
 * a JSON body of any route (400). Member fields are checked again, field by field and with
 * translated messages, by the member schema (src/domain/memberSchema.ts), which imports and
 * multipart forms also pass through. After validation, a number that is not finite is refused too.
 */
export function registerInputGuard(app: FastifyInstance) {
  const refuse = (holds: (value: unknown) => boolean, message: string) =>
    async function guard(request: FastifyRequest) {
      if (holds(request.params) || holds(request.query) || holds(request.body)) {
        throw new ApiError(400, message)
      }
    }
  app.addHook('preValidation', refuse(holdsControlCharacter, CONTROL_IN_TEXT))
  // Ajv coerces numeric text such as "1e309" to Infinity and then skips `maximum` for it, so an
  // integer id or amount in a path, query or body could reach the database (a 500 on PostgreSQL).
  app.addHook('preHandler', refuse(holdsNonFinite, NOT_FINITE))
}
