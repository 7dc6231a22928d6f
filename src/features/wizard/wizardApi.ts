import { api } from '../../app/api'
import type { Member } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import { createMemberFormData, type MemberSubmission } from '../members'

export interface CreateMemberArgs {
  values: MemberSubmission
  /** fileRegistry id of the photo: the File itself stays out of the store. */
  photoId?: string | null
}

/** The wizard's call: registering a member (spec 7.3). */
export const wizardApi = api.injectEndpoints({
  endpoints: (build) => ({
    createMember: build.mutation<Member, CreateMemberArgs>({
      query: ({ values, photoId }) => ({
        url: 'api/members',
        method: 'POST',
        body: createMemberFormData(values, getFile(photoId)),
      }),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useCreateMemberMutation } = wizardApi
