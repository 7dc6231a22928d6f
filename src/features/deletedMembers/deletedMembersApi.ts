import { api } from '../../app/api'

/** One member in the restore bin (GET /api/admin/deleted-members). */
export interface DeletedMember {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  membership_status: string | null
  owner_user_id: number
  owner_username: string | null
  deleted_at: string
  deleted_by: string | null
  has_photo: boolean
  purge_at: string
}

export const deletedMembersApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletedMembers: build.query<{ items: DeletedMember[] }, void>({
      query: () => 'api/admin/deleted-members',
      // A deletion anywhere in the app lands here: the member list's tag covers it.
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    restoreMember: build.mutation<unknown, number>({
      query: (id) => ({ url: `api/admin/deleted-members/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'MemberList', id: 'ALL' },
        { type: 'Member', id },
      ],
    }),
  }),
})

export const { useDeletedMembersQuery, useRestoreMemberMutation } = deletedMembersApi
