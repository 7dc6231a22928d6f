import { api } from '../../app/api'
import type { Member } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import { updateMemberFormData } from './memberFormData'

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
  /** Whose member it is, when the list shows other accounts' too (issue 25). */
  owner_user_id?: number
  owner_username?: string
  /** Other names on the profile, filled ones only, on text-search results (issue 28). */
  christian_name?: string
  spouse_name?: string
  parent_guardian?: string
  emergency_contact_name?: string
}

export interface MemberSearchPage {
  items: MemberListItem[]
  /**
   * Exact, or the cap (1,000) when total_capped: a text search stops counting there. Null: a
   * text search's page asked for uncounted (memberSearchCount answers it).
   */
  total: number | null
  /** More members match than total says ("1,000+"); absent from older servers. */
  total_capped?: boolean
  next_cursor: string | null
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
    getMember: build.query<Member, number>({
      query: (id) => `api/members/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
      // Dropped as soon as no screen shows it: a profile opened again is fetched fresh, so a
      // member deleted or moved away meanwhile shows "not found", never a stale copy.
      keepUnusedDataFor: 0,
    }),
    updateMember: build.mutation<Member, UpdateMemberArgs>({
      query: ({ id, values, photoId }) => ({
        url: `api/members/${id}`,
        method: 'PUT',
        body: updateMemberFormData(values, getFile(photoId)),
      }),
      // A name shows in its household's line of the household list and in its search.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Member', id },
        { type: 'MemberList', id: 'ALL' },
        { type: 'Household', id: 'LIST' },
      ],
    }),
    deleteMember: build.mutation<void, number>({
      query: (id) => ({ url: `api/members/${id}`, method: 'DELETE' }),
      // Not the member's own tag: refetching the profile still on screen would only get a 404.
      // The profile leaves for the list, and its cache entry goes with it (keepUnusedDataFor).
      // The member leaves its household: the household list's count and head change.
      invalidatesTags: [
        { type: 'MemberList', id: 'ALL' },
        { type: 'Household', id: 'LIST' },
      ],
    }),
  }),
})

export const { useGetMemberQuery, useUpdateMemberMutation, useDeleteMemberMutation } = membersApi
