import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react'
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query'
import { serverReached, serverUnreachable } from './connectionEvents'
import { sessionExpired } from './sessionEvents'
import { TOKEN_KEY } from './token'

/** Endpoints that must go out without credentials (spec 7.1: the debug calls). */
export const UNAUTHENTICATED_ENDPOINTS = new Set(['debugHealth', 'debugTestDb', 'debugTestLogin'])

export { TOKEN_KEY }

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so that Request objects built in tests (Node's undici) resolve it too.
  baseUrl: `${globalThis.location?.origin ?? ''}/`,
  // Resolved at call time so tests can swap the global fetch.
  fetchFn: (...args) => fetch(...args),
  prepareHeaders: (headers, { endpoint }) => {
    const token = localStorage.getItem(TOKEN_KEY)
    if (token && !UNAUTHENTICATED_ENDPOINTS.has(endpoint)) {
      headers.set('Authorization', `Bearer ${token}`)
    }
    return headers
  },
})

/** Whether this page's last request failed to reach the server at all (no HTTP answer). */
let unreachable = false

/**
 * A 401 on an authenticated call means the session is over (expired or revoked token). A request
 * that gets no answer at all means the server cannot be reached; the next answer, that it can.
 */
// The response rides along in `meta` (its status, for an endpoint that reads it).
const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions)
  if (result.error?.status === 'FETCH_ERROR') {
    if (!unreachable && !api.signal.aborted) {
      unreachable = true
      api.dispatch(serverUnreachable())
    }
  } else if (unreachable) {
    unreachable = false
    api.dispatch(serverReached())
  }
  // Without a token (an offline session, issue 42) a 401 ends nothing: there was no session.
  if (
    result.error?.status === 401 &&
    localStorage.getItem(TOKEN_KEY) !== null &&
    !UNAUTHENTICATED_ENDPOINTS.has(api.endpoint) &&
    api.endpoint !== 'login'
  ) {
    api.dispatch(sessionExpired())
  }
  return result
}

/** The one RTK Query api: every feature adds its endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Member', 'MemberList', 'User', 'Household'],
  endpoints: () => ({}),
})

/** A create the server makes once per key (docs/api.md): what its mutation is given. */
export interface IdempotentCreate<I> {
  input: I
  idempotencyKey: string
}

/**
 * How long a keyed create waits for its answer. Giving up is safe: its retry carries the same key
 * and gets the record the first try made, so a stalled link ends in "try again", not a spinner.
 */
export const KEYED_CREATE_TIMEOUT_MS = 30_000

/** The request of an `IdempotentCreate` to `url`: a retry with the same key gets the same record. */
export function idempotentPost(url: string) {
  return <I>({ input, idempotencyKey }: IdempotentCreate<I>): FetchArgs => ({
    url,
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeout: KEYED_CREATE_TIMEOUT_MS,
  })
}

/**
 * A failed call's status: the HTTP status, or RTK Query's word for a call with no answer
 * ('FETCH_ERROR', 'TIMEOUT_ERROR'); undefined for anything else.
 */
export function errorStatus(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined
}

/** A refusal's field errors (`errors`: field → message id), empty when it names no field. */
export function errorFields(error: unknown): Record<string, string> {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined
  const errors =
    data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {}
}

/**
 * Refusals whose English text must not reach the user, as their own translated message id:
 * 503 is the server unable to save (storage full, read-only or locked; nothing was saved).
 */
export function translatedErrorId(error: unknown): string | undefined {
  if (errorStatus(error) === 503) return 'serverCannotSave'
  return undefined
}

/** The `message` of the API's JSON error body, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message?: unknown }).message
      if (typeof message === 'string' && message) return message
    }
  }
  return undefined
}
