import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
} from '@reduxjs/toolkit/query'
import type { Member } from '../../domain'
import { createMemberFormData, type MemberSubmission } from '../members'
import { newClientKey } from '../../shared/clientKey'
import type { QueuedHousehold } from './queueStore'
import { outcomeOf, saveToQueue } from './sync'

/** The wizard's answer when the registration was saved on the device instead of sent. */
export interface QueuedResult {
  queued: true
  id: string
}

export const isQueuedResult = (data: unknown): data is QueuedResult =>
  Boolean(data && typeof data === 'object' && (data as { queued?: unknown }).queued === true)

/** Long enough for a photo over a slow mobile link; then the device keeps it instead. */
const SEND_TIMEOUT_MS = 45_000

/**
 * The wizard's submit (issue 30): sends now with a fresh Idempotency-Key, and when the server
 * cannot be reached (no answer, timeout, 5xx) saves the registration on the device under that
 * same key, so a request that did arrive is never made into a second member by the later send.
 */
export async function sendOrQueue(
  {
    values,
    photo,
    household,
  }: { values: MemberSubmission; photo?: File; household?: QueuedHousehold },
  api: BaseQueryApi,
  baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>,
): Promise<{ data: Member | QueuedResult } | { error: FetchBaseQueryError }> {
  // The registration's client id: its Idempotency-Key, on the device and on every send.
  const id = newClientKey()
  // An offline session (issue 42) has no token to send with: the device keeps it for later.
  if ((api.getState() as { auth?: { status?: string } }).auth?.status !== 'signedIn') {
    const saved = await api.dispatch(
      saveToQueue({ id, values, photo: photo ?? null, household }) as never,
    )
    if (saved) return { data: { queued: true, id } }
  }
  const result = await baseQuery(
    {
      url: 'api/members',
      method: 'POST',
      headers: { 'Idempotency-Key': id },
      body: createMemberFormData(values, photo),
      timeout: SEND_TIMEOUT_MS,
    },
    api,
    {},
  )
  if (!result.error) return { data: result.data as Member }
  if (outcomeOf(result.error) !== 'unreachable') return { error: result.error }
  // The request may have reached the server: a later edit is put to the member it made.
  const saved = await api.dispatch(
    saveToQueue({ id, values, photo: photo ?? null, household, unanswered: true }) as never,
  )
  return saved ? { data: { queued: true, id } } : { error: result.error }
}
