import type { StatusFilter } from '../../domain'
import { membersApi, type MemberSearchPage } from './membersApi'
import { cursorPages, cursorParam } from '../../shared/cursorPages'

/** Members fetched per page: a screenful or two on a desktop, cheap on a phone. */
export const DIRECTORY_PAGE_SIZE = 50

export interface MemberDirectoryArgs {
  q: string
  status: StatusFilter
  /** Admins and auditors: 'mine', 'all' or an account's id (issue 25); clerks: absent. */
  owner?: string
}

/**
 * The directory as an infinite query over GET /api/members/search: pages follow the server's
 * cursor, the cache keeps them per (q, status), and invalidating the member list refetches the
 * pages already shown, so the list never downloads the whole congregation at once.
 */
export const memberDirectoryApi = membersApi.injectEndpoints({
  endpoints: (build) => ({
    memberDirectory: build.infiniteQuery<MemberSearchPage, MemberDirectoryArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: 'api/members/search',
        params: {
          limit: DIRECTORY_PAGE_SIZE,
          ...(queryArg.q.trim() ? { q: queryArg.q.trim() } : {}),
          ...(queryArg.status !== 'all' ? { status: queryArg.status } : {}),
          ...cursorParam(pageParam),
          ...(queryArg.owner ? { owner: queryArg.owner } : {}),
        },
      }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useMemberDirectoryInfiniteQuery } = memberDirectoryApi
