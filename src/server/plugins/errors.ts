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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter))
      return sendError(reply, error.statusCode, error.message, error.errors)
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
