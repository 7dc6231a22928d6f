import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query'
import { api } from '../../app/api'

export interface DebugResult {
  /** HTTP status, or the transport failure (FETCH_ERROR, PARSING_ERROR…) when there was none. */
  status: number | string
  body: unknown
}

/** Spec 2.10: fixed credentials; a 401 proves the login call answers. */
export const DEBUG_LOGIN = { username: 'debug-test', password: 'debug-test' }

/** Whatever came back, success or not, as status + body for the screen to show. */
function toDebugResult(result: { data?: unknown; error?: unknown; meta?: unknown }): {
  data: DebugResult
} {
  const meta = result.meta as FetchBaseQueryMeta | undefined
  const error = result.error as
    { status?: number | string; data?: unknown; error?: string } | undefined
  const status = meta?.response?.status ?? error?.status ?? 'FETCH_ERROR'
  return { data: { status, body: result.data ?? error?.data ?? error?.error ?? null } }
}

export const debugApi = api.injectEndpoints({
  endpoints: (build) => ({
    debugHealth: build.mutation<DebugResult, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => toDebugResult(await baseQuery('health')),
    }),
    debugTestDb: build.mutation<DebugResult, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) =>
        toDebugResult(await baseQuery('api/test-db')),
    }),
    debugTestLogin: build.mutation<DebugResult, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) =>
        toDebugResult(await baseQuery({ url: 'api/login', method: 'POST', body: DEBUG_LOGIN })),
    }),
  }),
})

export const { useDebugHealthMutation, useDebugTestDbMutation, useDebugTestLoginMutation } =
  debugApi
