import type { StatusFilter } from '../../domain'
import { membersApi, type MemberSearchPage } from './membersApi'
import { cursorPagedQuery } from '../../shared/cursorPages'

/** Members fetched per page: a screenful or two on a desktop, cheap on a phone. */
export const DIRECTORY_PAGE_SIZE = 50

export interface MemberDirectoryArgs {
  q: string
  status: StatusFilter
  /** Admins and auditors: 'mine', 'all' or an account's id (issue 25); clerks: absent. */
  owner?: string
}

const filterParams = ({ q, status, owner }: MemberDirectoryArgs) => ({
  ...(q.trim() ? { q: q.trim() } : {}),
  ...(status !== 'all' ? { status } : {}),
  ...(owner ? { owner } : {}),
})

/**
 * A text search's pages are asked for uncounted: the first shows without waiting for the count
 * of every match, which the server then answers on its own (memberSearchCount, decision 0142).
 */
const directoryParams = (args: MemberDirectoryArgs) => ({
  ...filterParams(args),
  ...(args.q.trim() ? { count: false } : {}),
})

/** How many members a search finds: exact, or 1,000 and capped beyond (docs/api.md). */
export interface MemberSearchCount {
  total: number
  total_capped: boolean
}

/**
 * The directory as an infinite query over GET /api/members/search: pages follow the server's
 * cursor, the cache keeps them per (q, status), and invalidating the member list refetches the
 * pages already shown, so the list never downloads the whole congregation at once.
 */
export const memberDirectoryApi = membersApi.injectEndpoints({
  endpoints: (build) => ({
    memberDirectory: build.infiniteQuery<MemberSearchPage, MemberDirectoryArgs, string | null>({
      ...cursorPagedQuery('api/members/search', DIRECTORY_PAGE_SIZE, directoryParams),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    memberSearchCount: build.query<MemberSearchCount, MemberDirectoryArgs>({
      query: (args) => ({ url: 'api/members/search/count', params: filterParams(args) }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useMemberDirectoryInfiniteQuery, useMemberSearchCountQuery } = memberDirectoryApi
