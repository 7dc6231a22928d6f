import { api } from '../../app/api'
import type { Household, Member } from '../../domain'

export interface TransferUser {
  id: number
  username: string
}

/** The transfer feature's calls: moving a member (spec 7.2) and finding the account to move to. */
export const transferApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * With `householdId`, the whole household goes (POST /api/households/:id/transfer), headed or
     * not; `id` is then the member whose dialog it is, so the transfer machine follows it alike.
     */
    transferMember: build.mutation<
      { success: boolean; member: Member } | Household,
      { id: number; targetUserId: number; withHousehold?: boolean; householdId?: number }
    >({
      query: ({ id, targetUserId, withHousehold, householdId }) =>
        householdId === undefined
          ? {
              url: `api/members/transfer/${id}`,
              method: 'POST',
              body: { targetUserId, ...(withHousehold && { with_household: true }) },
            }
          : {
              url: `api/households/${householdId}/transfer`,
              method: 'POST',
              body: { targetUserId },
            },
      // Not the member's own tag: for a clerk the member now belongs to someone else, and a
      // refetch of the profile on screen would only get a 404. The profile leaves for the list.
      invalidatesTags: [
        { type: 'MemberList', id: 'ALL' },
        { type: 'Household', id: 'LIST' },
      ],
    }),
    /** Spec 7.2: users, or with purpose=transfer the others matching a trimmed search. */
    getUsers: build.query<TransferUser[], { purpose?: 'transfer'; search?: string } | void>({
      query: (args) => ({
        url: 'api/users',
        params: {
          ...(args?.purpose ? { purpose: args.purpose } : {}),
          ...(args?.search?.trim() ? { search: args.search.trim() } : {}),
        },
      }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
})

export const { useTransferMemberMutation, useGetUsersQuery } = transferApi
