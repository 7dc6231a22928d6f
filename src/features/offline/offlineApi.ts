import { api } from '../../app/api'
import type { Member } from '../../domain'
import { createMemberFormData } from '../members'
import type { QueuedRegistration } from './queueStore'

/** A Blob read back from IndexedDB as the File the member form sends. */
export function photoFile(photo: Blob | null): File | undefined {
  if (!photo) return undefined
  if (photo instanceof File) return photo
  return new File([photo], 'photo.jpg', { type: photo.type || 'image/jpeg' })
}

export interface SentRegistration {
  member: Member
  /** Answered as a repeat: the member holds the version an earlier, unanswered send carried. */
  repeated: boolean
}

/** Sends one queued registration; its id is the Idempotency-Key (docs/api.md). */
export const offlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendQueued: build.mutation<SentRegistration, QueuedRegistration>({
      query: (entry) => ({
        url: 'api/members',
        method: 'POST',
        headers: { 'Idempotency-Key': entry.id },
        body: createMemberFormData(entry.values, photoFile(entry.photo)),
        timeout: 60_000,
      }),
      // 200, not 201: the key's member was registered by an earlier send (docs/api.md).
      transformResponse: (member: Member, meta) => ({
        member,
        repeated: meta?.response?.status === 200,
      }),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})
