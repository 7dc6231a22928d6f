import { api } from '../../app/api'
import type { DeletedMember } from '../../domain'

export type { DeletedMember }

export const deletedMembersApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletedMembers: build.query<{ items: DeletedMember[] }, void>({
      query: () => 'api/admin/deleted-members',
      // A deletion anywhere in the app lands here: the member list's tag covers it.
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    restoreMember: build.mutation<unknown, number>({
      query: (id) => ({ url: `api/admin/deleted-members/${id}/restore`, method: 'POST' }),
      // On an error too (RTK Query invalidates then as well): a 404 means the bin has changed.
      // A member restored goes back into its household, which the household list counts.
      invalidatesTags: (_result, _error, id) => [
        { type: 'MemberList', id: 'ALL' },
        { type: 'Member', id },
        { type: 'Household', id: 'LIST' },
      ],
    }),
  }),
})

export const { useDeletedMembersQuery, useRestoreMemberMutation } = deletedMembersApi
