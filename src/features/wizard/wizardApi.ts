import { api } from '../../app/api'
import type { Member } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import type { MemberSubmission } from '../members'
import { type QueuedResult, sendOrQueue } from '../offline'

export interface CreateMemberArgs {
  values: MemberSubmission
  /** fileRegistry id of the photo: the File itself stays out of the store. */
  photoId?: string | null
}

/** The wizard's call: registering a member (spec 7.3). */
export const wizardApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Saved on the device instead when the server cannot be reached (src/features/offline).
    createMember: build.mutation<Member | QueuedResult, CreateMemberArgs>({
      queryFn: ({ values, photoId }, api, _extra, baseQuery) =>
        sendOrQueue({ values, photo: getFile(photoId) }, api, baseQuery),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useCreateMemberMutation } = wizardApi
