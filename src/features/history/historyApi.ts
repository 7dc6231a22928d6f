import { api } from '../../app/api'
import type { AuditEvent, AuditFilters, AuditPage } from '../../domain'
import { cursorPagedQuery } from '../../shared/cursorPages'

export { AUDIT_ACTIONS, type AuditEvent, type AuditFilters, type AuditPage } from '../../domain'

export const AUDIT_PAGE_SIZE = 50

const clean = (filters: AuditFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  )

/** GET /api/audit/export: the filtered history, in the reader's words, calendar and time zone. */
export function auditExportUrl(
  format: 'xlsx' | 'csv',
  filters: AuditFilters,
  lang: string,
  calendar: string,
): string {
  const params = new URLSearchParams({ format, lang, calendar })
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (zone) params.set('tz', zone)
  for (const [key, value] of Object.entries(clean(filters))) params.set(key, String(value))
  return `api/audit/export?${params.toString()}`
}

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    memberHistory: build.query<{ items: AuditEvent[] }, number>({
      query: (id) => `api/members/${id}/history`,
      // A save, transfer or deletion of the member shows in its history at once.
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
    audit: build.infiniteQuery<AuditPage, AuditFilters, string | null>({
      ...cursorPagedQuery('api/audit', AUDIT_PAGE_SIZE, clean),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useMemberHistoryQuery, useAuditInfiniteQuery } = historyApi
