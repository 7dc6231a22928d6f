import { api } from '../../app/api'
import type { Member } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import { createMemberFormData, type MemberSubmission, updateMemberFormData } from './memberFormData'

/** One row of the directory (GET /api/members/search items). */
export interface MemberListItem {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  gender: string | null
  phone_primary: string | null
  email: string | null
  membership_status: string | null
  transfer_date: string | null
  photo_path: string | null
  thumbnail_path: string | null
}

export interface MemberSearchArgs {
  q?: string
  status?: string
  limit?: number
  cursor?: string | null
}

export interface MemberSearchPage {
  items: MemberListItem[]
  total: number
  next_cursor: string | null
}

export interface CreateMemberArgs {
  values: MemberSubmission
  /** fileRegistry id of the photo: the File itself stays out of the store. */
  photoId?: string | null
}

export interface UpdateMemberArgs {
  id: number
  values: Partial<Member>
  photoId?: string | null
}

/** The photo URL of a member path ("uploads/x.jpg" or "x.jpg"), or undefined. */
export function photoUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined
  return `/${path.startsWith('uploads/') ? path : `uploads/${path}`}`
}

export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec 7.2: the owner's whole list, cache defeated with _cb. */
    getMembers: build.query<Member[], void>({
      query: () => ({
        url: 'api/members',
        params: { _cb: Date.now() },
        headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    /** Paged, indexed search for large congregations (ARCHITECTURE.md §3). */
    searchMembers: build.query<MemberSearchPage, MemberSearchArgs>({
      query: ({ q, status, limit, cursor }) => ({
        url: 'api/members/search',
        params: {
          ...(q?.trim() ? { q: q.trim() } : {}),
          ...(status && status !== 'all' ? { status } : {}),
          ...(limit ? { limit } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
      providesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    getMember: build.query<Member, number>({
      query: (id) => `api/members/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
    createMember: build.mutation<Member, CreateMemberArgs>({
      query: ({ values, photoId }) => ({
        url: 'api/members',
        method: 'POST',
        body: createMemberFormData(values, getFile(photoId)),
      }),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
    updateMember: build.mutation<Member, UpdateMemberArgs>({
      query: ({ id, values, photoId }) => ({
        url: `api/members/${id}`,
        method: 'PUT',
        body: updateMemberFormData(values, getFile(photoId)),
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Member', id },
        { type: 'MemberList', id: 'ALL' },
      ],
    }),
    deleteMember: build.mutation<void, number>({
      query: (id) => ({ url: `api/members/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Member', id },
        { type: 'MemberList', id: 'ALL' },
      ],
    }),
    transferMember: build.mutation<
      { success: boolean; member: Member },
      { id: number; targetUserId: number }
    >({
      query: ({ id, targetUserId }) => ({
        url: `api/members/transfer/${id}`,
        method: 'POST',
        body: { targetUserId },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Member', id },
        { type: 'MemberList', id: 'ALL' },
      ],
    }),
    /** Spec 7.2: users, or with purpose=transfer the others matching a trimmed search. */
    getUsers: build.query<
      { id: number; username: string }[],
      { purpose?: 'transfer'; search?: string } | void
    >({
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

export const {
  useGetMembersQuery,
  useSearchMembersQuery,
  useLazySearchMembersQuery,
  useGetMemberQuery,
  useCreateMemberMutation,
  useUpdateMemberMutation,
  useDeleteMemberMutation,
  useTransferMemberMutation,
  useGetUsersQuery,
} = membersApi
