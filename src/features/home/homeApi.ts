import { api } from '../../app/api'
import type { MemberStats, StatsCalendar, StatusFilter } from '../../domain'
import type { MemberSearchPage } from '../members'

export type { MemberStats, UpcomingList } from '../../domain'
/** The printed list stops here: a longer list is a job for an export, not a printer. */
export const REPORT_MEMBER_LIMIT = 1000
const REPORT_PAGE = 200

export interface ReportMembersArgs {
  q: string
  status: StatusFilter
}

export interface ReportMembers {
  items: MemberSearchPage['items']
  total: number
}

export interface MemberStatsArgs {
  calendar: StatsCalendar
  /** The user's date and UTC offset (minutes east), so days and months are theirs. */
  today: string
  tz: number
}

/**
 * The home screen's one call. Tagged with the member list, so a registration, edit, transfer or
 * deletion refreshes the figures too.
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/audit/head (admins, auditors): the history's head, printed on the report. */
    historyHead: build.query<{ count: number; hash: string }, void>({
      query: () => 'api/audit/head',
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    memberStats: build.query<MemberStats, MemberStatsArgs>({
      query: ({ calendar, today, tz }) => ({
        url: 'api/stats',
        // The congregation as a whole for admins and auditors; a clerk's own members regardless.
        params: { owner: 'all', calendar, today, tz },
      }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    /** The list the report prints: the directory's search, page after page up to the limit. */
    reportMembers: build.query<ReportMembers, ReportMembersArgs>({
      async queryFn({ q, status }, _api, _extra, baseQuery) {
        const items: MemberSearchPage['items'] = []
        let cursor: string | null = null
        let total: number
        do {
          const result = await baseQuery({
            url: 'api/members/search',
            params: {
              limit: REPORT_PAGE,
              ...(q.trim() ? { q: q.trim() } : {}),
              ...(status !== 'all' ? { status } : {}),
              ...(cursor ? { cursor } : {}),
            },
          })
          if (result.error) return { error: result.error }
          const page = result.data as MemberSearchPage
          items.push(...page.items)
          // Counted pages (no count=false): a number each time.
          total = page.total ?? items.length
          cursor = page.next_cursor
        } while (cursor && items.length < REPORT_MEMBER_LIMIT)
        return { data: { items: items.slice(0, REPORT_MEMBER_LIMIT), total } }
      },
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useHistoryHeadQuery, useMemberStatsQuery, useReportMembersQuery } = homeApi
