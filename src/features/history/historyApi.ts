import { api } from '../../app/api'

/** One event of the history (docs/roles-and-history.md). */
export interface AuditEvent {
  seq: number
  at: string
  actor_id: number | null
  actor_username: string | null
  action: string
  member_id: number | null
  subject_user_id: number | null
  details: Record<string, unknown>
}

export interface AuditPage {
  items: AuditEvent[]
  next_cursor: string | null
}

/** GET /api/audit's filters; empty ones are left out of the address. */
export interface AuditFilters {
  actor?: number
  action?: string
  member_id?: number
  /** yyyy-mm-dd, whole UTC days, inclusive. */
  from?: string
  to?: string
}

export const AUDIT_PAGE_SIZE = 50

/** Every action the server records, in the order the filter offers them. */
export const AUDIT_ACTIONS = [
  'member_create',
  'member_update',
  'member_photo',
  'member_delete',
  'member_transfer',
  'member_import',
  'member_restore',
  'member_purge',
  'account_create',
  'account_update',
  'account_password_change',
  'account_password_reset',
  'account_remove',
  'sign_in',
  'sign_in_refused',
  'sign_out',
] as const

const clean = (filters: AuditFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  )

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    memberHistory: build.query<{ items: AuditEvent[] }, number>({
      query: (id) => `api/members/${id}/history`,
      // A save, transfer or deletion of the member shows in its history at once.
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
    audit: build.infiniteQuery<AuditPage, AuditFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'api/audit',
        params: {
          limit: AUDIT_PAGE_SIZE,
          ...clean(queryArg),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useMemberHistoryQuery, useAuditInfiniteQuery } = historyApi
