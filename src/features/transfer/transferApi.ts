import { api } from '../../app/api'
import type { Member } from '../../domain'

export interface TransferUser {
  id: number
  username: string
}

/** The transfer feature's calls: moving a member (spec 7.2) and finding the account to move to. */
export const transferApi = api.injectEndpoints({
  endpoints: (build) => ({
    transferMember: build.mutation<
      { success: boolean; member: Member },
      { id: number; targetUserId: number; withHousehold?: boolean }
    >({
      query: ({ id, targetUserId, withHousehold }) => ({
        url: `api/members/transfer/${id}`,
        method: 'POST',
        body: { targetUserId, ...(withHousehold && { with_household: true }) },
      }),
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
