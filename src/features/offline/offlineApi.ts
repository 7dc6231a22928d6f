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

/** Sends one queued registration; its id is the Idempotency-Key (docs/api.md). */
export const offlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendQueued: build.mutation<Member, QueuedRegistration>({
      query: (entry) => ({
        url: 'api/members',
        method: 'POST',
        headers: { 'Idempotency-Key': entry.id },
        body: createMemberFormData(entry.values, photoFile(entry.photo)),
        timeout: 60_000,
      }),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})
