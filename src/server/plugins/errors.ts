import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'

/** The one error shape of the API (ARCHITECTURE.md §3). */
export interface ApiErrorBody {
  success: false
  message: string
  errors?: Record<string, string>
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds for a Retry-After header (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors?: Record<string, string>,
) {
  const body: ApiErrorBody = { success: false, message, ...(errors ? { errors } : {}) }
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body)
}

const GENERIC: Record<number, string> = {
  400: 'Invalid request',
  401: 'Authentication required',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'The upload is too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
}

export const ACCOUNT_CHANGED =
  'The account changed meanwhile (removed, or given members): nothing was changed. Please try again.'

/**
 * A foreign key refused a write: a transfer to an account removed at the same moment, or a
 * removal of an account that was just given members (SQLite result code, PostgreSQL SQLSTATE).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}

/** A unique index refused a write (SQLite result code, PostgreSQL SQLSTATE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/** The same error, or a 409 for a foreign key a concurrent change of accounts tripped. */
export function accountRace(error: unknown): unknown {
  return isForeignKeyViolation(error) ? new ApiError(409, ACCOUNT_CHANGED) : error
}

/** A transfer to an account whose role cannot own members (an auditor's). */
export const CANNOT_OWN_MEMBERS =
  'Members can only be transferred to an administrator or a clerk: an auditor can only read'

export const STORAGE_UNAVAILABLE =
  'The server cannot save right now: its storage is full or read-only. Nothing was saved. ' +
  'Please try again later, and tell whoever runs the server.'

// SQLite result codes (better-sqlite3's error.code), PostgreSQL SQLSTATEs, Node's errno codes.
const STORAGE_CAUSES: [RegExp, string][] = [
  [/^(SQLITE_FULL|ENOSPC|53100|EDQUOT)$/, 'disk full'],
  [/^(SQLITE_READONLY.*|EROFS|25006)$/, 'read-only'],
  [/^(SQLITE_IOERR.*|EIO|58030)$/, 'disk write failed'],
  [/^(SQLITE_NOMEM|53200)$/, 'out of memory'],
  [/^53\d\d\d$/, 'out of resources'],
]

/** Why storage refused a write (disk full, read-only…), or undefined for any other error. */
export function storageFailure(error: unknown): string | undefined {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string') return undefined
  return STORAGE_CAUSES.find(([pattern]) => pattern.test(code))?.[1]
}

export const BUSY_TRY_AGAIN =
  'The server was busy with another change to the same records. Nothing was saved. ' +
  'Please try again.'

/**
 * Another transaction held what this one needed (SQLite past its busy timeout; PostgreSQL
 * aborting one side of a deadlock or a serialisation conflict): nothing was written.
 */
export function isContention(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return (
    typeof code === 'string' && /^(SQLITE_BUSY.*|SQLITE_LOCKED.*|40P01|40001|55P03)$/.test(code)
  )
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter))
      return sendError(reply, error.statusCode, error.message, error.errors)
    }
    if (isContention(error)) {
      request.log.warn({ err: error }, 'aborted by a concurrent change; the client may retry')
      reply.header('Retry-After', '1')
      return sendError(reply, 503, BUSY_TRY_AGAIN)
    }
    const cause = storageFailure(error)
    if (cause) {
      request.log.error({ err: error, cause }, `cannot save: ${cause}`)
      return sendError(reply, 503, STORAGE_UNAVAILABLE)
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return sendError(reply, 500, 'Internal server error')
    }
    if (error.validation) return sendError(reply, 400, error.message)
    // Client errors raised by Fastify and its plugins (bad JSON, limits): say what, not where.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code?.startsWith('FST_')
        ? (GENERIC[status] ?? 'Invalid request')
        : error.message || GENERIC[status] || 'Invalid request'
    return sendError(reply, status, message)
  })
}
