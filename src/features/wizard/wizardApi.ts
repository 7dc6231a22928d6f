import { api } from '../../app/api'
import type { Member } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import type { MemberSubmission } from '../members'
import { type QueuedHousehold, type QueuedResult, sendOrQueue } from '../offline'

export interface CreateMemberArgs {
  values: MemberSubmission
  /** fileRegistry id of the photo: the File itself stays out of the store. */
  photoId?: string | null
  /** A household's new member: kept with it when saved on the device, joined once sent. */
  household?: QueuedHousehold
}

/** The wizard's call: registering a member (spec 7.3). */
export const wizardApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Saved on the device instead when the server cannot be reached (src/features/offline).
    createMember: build.mutation<Member | QueuedResult, CreateMemberArgs>({
      queryFn: ({ values, photoId, household }, api, _extra, baseQuery) =>
        sendOrQueue({ values, photo: getFile(photoId), household }, api, baseQuery),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useCreateMemberMutation } = wizardApi
