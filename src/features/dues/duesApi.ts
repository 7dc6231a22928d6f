import { api } from '../../app/api'
import type { MemberDuesAnswer } from '../../domain'

export interface MemberDuesArgs {
  memberId: number
  /** Ethiopian year; omitted: the current one. */
  year?: number
}

export const duesApi = api.injectEndpoints({
  endpoints: (build) => ({
    memberDues: build.query<MemberDuesAnswer, MemberDuesArgs>({
      query: ({ memberId, year }) =>
        `api/members/${memberId}/dues${year === undefined ? '' : `?year=${year}`}`,
      providesTags: (_result, _error, { memberId }) => [{ type: 'Member', id: memberId }],
    }),
  }),
})

export const { useMemberDuesQuery } = duesApi
