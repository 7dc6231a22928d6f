import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { errorStatus, serverMessage } from '../../app/api'
import type { AppThunk, RootState } from '../../app/store'
import { placeInHousehold } from '../households'
import { type Member, MEMBER_INPUT_FIELDS } from '../../domain'
import { registerFile, releaseFile } from '../../shared/fileRegistry'
import { membersApi, type MemberSubmission } from '../members'
import { downscalePhoto } from './downscalePhoto'
import { offlineApi, photoFile } from './offlineApi'
import { queueEvents, type QueueItem, type UnplacedMember } from './offlineSlice'
import {
  deleteRegistration,
  deleteUnplaced,
  getRegistration,
  listRegistrations,
  listUnplaced,
  putRegistration,
  putUnplaced,
  type QueuedHousehold,
  type QueuedRegistration,
  recordAttempt,
} from './queueStore'

/**
 * The registrations whose send (read, POST, write-back) is under way in this tab, each with a
 * promise settled when it is over: an editor reads or saves that registration only afterwards.
 */
const flights = new Map<string, Promise<void>>()
const flightOver = (id: string) => flights.get(id) ?? Promise.resolve()

/** What an answer (or its absence) means for a queued registration. */
export type Outcome = 'sent' | 'refused' | 'unreachable' | 'signedOut'

/**
 * Sent: 2xx, or 409 (the key's member was made and since deleted or moved: not again).
 * Refused: the member's own fault (400, 413, 422): it stays queued with the server's message.
 * Unreachable: no answer, a timeout, 408, 429 or 5xx: tried again later. 401: signed out.
 */
export function outcomeOf(error: FetchBaseQueryError | undefined): Outcome {
  if (!error) return 'sent'
  const { status } = error
  if (typeof status !== 'number') return 'unreachable'
  if (status === 409) return 'sent'
  if (status === 401) return 'signedOut'
  if (status === 408 || status === 429 || status >= 500) return 'unreachable'
  return 'refused'
}

export function displayName(values: MemberSubmission): string {
  const parts = [values.first_name, values.middle_name, values.last_name]
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' ')
}

export const itemOf = (entry: QueuedRegistration): QueueItem => ({
  id: entry.id,
  name: displayName(entry.values),
  savedAt: entry.savedAt,
  lastError: entry.lastError,
  ...(entry.household && {
    household: { name: entry.household.name, role: entry.household.role },
  }),
})

const ownerOf = (state: { auth: { user: { id: number } | null } }) => state.auth.user?.id

/** Reads the signed-in account's queue back from the device. */
export const loadQueue = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const owner = ownerOf(getState())
  if (owner === undefined) return
  // No IndexedDB (a locked-down browser): there is no queue, and nothing to show.
  const entries = await listRegistrations(owner).catch(() => null)
  if (!entries || ownerOf(getState()) !== owner) return
  dispatch(queueEvents.loaded(entries.map(itemOf)))
}

/** Above this share of the quota a save is refused; above the warning share, the user is told. */
export const STORAGE_REFUSE_SHARE = 0.95
export const STORAGE_WARN_SHARE = 0.8

/** The share of the device's storage quota in use with `bytes` more, or null when unknown. */
async function storageShare(bytes: number): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined)
  if (!estimate?.quota || estimate.usage === undefined) return null
  return (estimate.usage + bytes) / estimate.quota
}

/**
 * Saves a registration the server could not take now, for the signed-in account. Answers its
 * id, or null when it could not be saved (the problem is in the store for the wizard to show).
 */
export const saveToQueue =
  (entry: {
    id: string
    values: MemberSubmission
    photo: Blob | null
    household?: QueuedHousehold
    /** Saved after a send that got no answer: the server may have registered this version. */
    unanswered?: boolean
  }): AppThunk<Promise<string | null>> =>
  async (dispatch, getState) => {
    const owner = ownerOf(getState())
    if (owner === undefined) return null
    dispatch(queueEvents.saveStarted())
    // As small as the server would keep it, so that hundreds fit on a phone.
    const photo = entry.photo && (await downscalePhoto(entry.photo))
    const share = await storageShare((photo?.size ?? 0) + 64 * 1024)
    if (share !== null && share > STORAGE_REFUSE_SHARE) {
      dispatch(queueEvents.saveFailed('storageFull'))
      return null
    }
    const { unanswered, ...kept } = entry
    const saved: QueuedRegistration = {
      ...kept,
      photo,
      owner,
      savedAt: new Date().toISOString(),
      lastError: null,
      attempts: 0,
      ...(unanswered && { unanswered: 0 }),
    }
    try {
      await putRegistration(saved)
    } catch (error) {
      const full = error instanceof DOMException && error.name === 'QuotaExceededError'
      dispatch(queueEvents.saveFailed(full ? 'storageFull' : 'saveFailed'))
      return null
    }
    // Asks the browser not to evict the queue under storage pressure; harmless when refused.
    void navigator.storage?.persist?.().catch(() => false)
    dispatch(queueEvents.saved(itemOf(saved)))
    if (share !== null && share > STORAGE_WARN_SHARE) dispatch(queueEvents.storageRunningLow())
    return saved.id
  }

/**
 * A registration begun from a household joins it once sent. The member exists by now, so a
 * refusal (the household deleted, or given a head meanwhile) is told, not queued again. The
 * notice is kept on the device until closed: a reload must not hide a member left out.
 * Answers 'sent' once the placement is over (made, or refused and told); otherwise why it waits.
 */
async function placeSent(
  owner: number,
  household: QueuedHousehold,
  memberId: number,
  name: string,
  dispatch: Parameters<AppThunk>[0],
): Promise<Exclude<Outcome, 'refused'>> {
  const placed = await dispatch(
    placeInHousehold({ householdId: household.id, memberId, role: household.role }),
  )
  if (!('error' in placed)) return 'sent'
  const error = placed.error as FetchBaseQueryError
  const outcome = outcomeOf(error)
  // No answer, a 5xx, or cut off by the session ending: no refusal, so no notice; the entry
  // stays queued and the placement is asked again with it.
  if (outcome === 'unreachable' || outcome === 'signedOut') return outcome
  const unplaced: UnplacedMember = {
    memberId,
    name,
    householdId: household.id,
    household: household.name,
    ...(errorStatus(error) === 404 && { householdGone: true }),
  }
  // Without IndexedDB's write the notice is still shown, for this page's life.
  await putUnplaced(owner, unplaced).catch(() => undefined)
  dispatch(queueEvents.placementFailed(unplaced))
  return 'sent'
}

/** Shows again the account's not-added members whose notices were not closed (at sign-in). */
export const loadUnplaced = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const owner = ownerOf(getState())
  if (owner === undefined) return
  const kept = await listUnplaced(owner).catch(() => [])
  if (kept.length > 0 && ownerOf(getState()) === owner) dispatch(queueEvents.unplacedFound(kept))
}

/**
 * Keeps on the device a member registered online that could not join its household, while the
 * registration's own notice is up: a reload then shows it again (loadUnplaced), as for a
 * registration sent from the queue.
 */
export const keepUnplaced =
  (member: UnplacedMember): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    dispatch(queueEvents.unplacedKeptElsewhere(member.memberId))
    const owner = ownerOf(getState())
    if (owner !== undefined) await putUnplaced(owner, member).catch(() => undefined)
  }

/** The clerk closed a not-added notice (or went to the household to link the member). */
export const closeUnplaced =
  (member: UnplacedMember): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    dispatch(queueEvents.placementNoticeClosed(member))
    const owner = ownerOf(getState())
    if (owner !== undefined) await deleteUnplaced(owner, member.memberId).catch(() => undefined)
  }

/** Edited after a send that got no answer, so the server may hold an older version. */
const editedSinceUnanswered = (entry: QueuedRegistration) =>
  entry.unanswered !== undefined && (entry.revision ?? 0) > entry.unanswered

/**
 * Puts the queued version to a member an earlier, unanswered send registered: every field (one
 * the edit emptied is emptied, as a new registration would have it), and the photo if an edit
 * changed it. Answers the failure, if any.
 */
async function putQueuedEdit(
  entry: QueuedRegistration,
  member: Member,
  dispatch: Parameters<AppThunk>[0],
): Promise<FetchBaseQueryError | undefined> {
  const values = Object.fromEntries(
    MEMBER_INPUT_FIELDS.map((field) => [field, entry.values[field] ?? null]),
  ) as Partial<Member>
  const photoEdited = entry.photo && (entry.photoRevision ?? 0) > entry.unanswered!
  const photoId = photoEdited ? registerFile(photoFile(entry.photo)!) : null
  try {
    const put = await dispatch(
      membersApi.endpoints.updateMember.initiate({ id: member.id, values, photoId }),
    )
    return 'error' in put ? (put.error as FetchBaseQueryError) : undefined
  } finally {
    releaseFile(photoId)
  }
}

/** Sends one entry; records a refusal on the device. */
async function sendOne(
  entry: QueuedRegistration,
  dispatch: Parameters<AppThunk>[0],
): Promise<Outcome> {
  const result = await dispatch(offlineApi.endpoints.sendQueued.initiate(entry))
  let error = 'error' in result ? (result.error as FetchBaseQueryError) : undefined
  let outcome = outcomeOf(error)
  const sent = 'data' in result ? result.data : undefined
  // An edit the member does not hold yet; until it is put, the entry stays and is sent again
  // (the same key answers with the same member). Any 4xx of the edit is a refusal.
  if (sent?.repeated && editedSinceUnanswered(entry)) {
    error = await putQueuedEdit(entry, sent.member, dispatch)
    outcome = outcomeOf(error)
    if (error && outcome === 'sent') outcome = 'refused'
  }
  const revision = entry.revision ?? 0
  // The entry is kept until its household answers too: a reload or a lost link before then
  // sends it again, the same key answers with the same member, and the placement is retried
  // (the server answers a placement already made as it is, with no second history event).
  let placing = false
  if (outcome === 'sent' && entry.household && sent) {
    placing = true
    const name = displayName(entry.values)
    outcome = await placeSent(entry.owner, entry.household, sent.member.id, name, dispatch)
  }
  if (outcome === 'sent') {
    await deleteRegistration(entry.owner, entry.id)
    dispatch(queueEvents.itemSent(entry.id))
  } else if (placing) {
    await recordAttempt(entry.owner, entry.id, revision, 'awaitingPlacement')
  } else if (outcome === 'refused') {
    const message = serverMessage(error) ?? 'The server refused it'
    await recordAttempt(entry.owner, entry.id, revision, { refusal: message })
    dispatch(queueEvents.itemRefused({ id: entry.id, message }))
  } else {
    await recordAttempt(
      entry.owner,
      entry.id,
      revision,
      outcome === 'unreachable' ? 'unanswered' : outcome,
    )
  }
  return outcome
}

const queueBusy = (state: RootState) =>
  state.offlineQueue?.status === 'sending' || state.offlineQueue?.status === 'saving'

/**
 * Sends the account's queue one by one, oldest first. Registrations the server refused wait for
 * an edit (or a press on Send now: `onlyId`). Answers whether the server could be reached.
 */
export const sendQueue =
  (onlyId?: string): AppThunk<Promise<Outcome | 'busy' | 'empty'>> =>
  async (dispatch, getState) => {
    const state = getState()
    const owner = ownerOf(state)
    // An offline session waits for a real sign-in (issue 42): it has no token to send with.
    if (owner === undefined || state.auth.status !== 'signedIn') return 'signedOut'
    if (queueBusy(state)) return 'busy'
    const all = await listRegistrations(owner).catch(() => [])
    // Asked twice at once (back online and a request answered), both got past the check above
    // while the device was read: the one that starts second leaves the queue to the first.
    if (queueBusy(getState())) return 'busy'
    dispatch(queueEvents.loaded(all.map(itemOf)))
    const due = onlyId ? all.filter((e) => e.id === onlyId) : all.filter((e) => !e.lastError)
    if (due.length === 0) return 'empty'
    dispatch(queueEvents.sendStarted(due.length))
    for (const first of due) {
      // The machine refuses to start a registration open in the editor: it waits for the edit.
      dispatch(queueEvents.itemStarted(first.id))
      if (getState().offlineQueue?.inFlight !== first.id) {
        dispatch(queueEvents.itemSkipped())
        continue
      }
      let land = () => {}
      flights.set(first.id, new Promise<void>((resolve) => (land = resolve)))
      let outcome: Outcome
      try {
        // Read again: it may have been edited or discarded while the previous one was sent.
        const entry = await getRegistration(owner, first.id)
        if (!entry) {
          dispatch(queueEvents.itemSent(first.id))
          continue
        }
        outcome = await sendOne(entry, dispatch)
      } finally {
        flights.delete(first.id)
        land()
      }
      if (outcome === 'unreachable' || outcome === 'signedOut') {
        dispatch(queueEvents.sendStopped())
        return outcome
      }
    }
    dispatch(queueEvents.sendFinished())
    return 'sent'
  }

/** Discards one of the account's queued registrations. */
export const discardQueued =
  (id: string): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const owner = ownerOf(getState())
    if (owner === undefined) return
    await deleteRegistration(owner, id)
    await dispatch(loadQueue())
  }

/** The same picture, byte for byte (or no photo on either side). */
async function samePhoto(a: Blob | null, b: Blob | null): Promise<boolean> {
  if (!a || !b) return a === b
  if (a.size !== b.size) return false
  const [x, y] = await Promise.all([a, b].map((blob) => new Response(blob).arrayBuffer()))
  const left = new Uint8Array(x!)
  const right = new Uint8Array(y!)
  return left.every((byte, i) => byte === right[i])
}

/**
 * Saves an edit of one of the account's queued registrations under the same id (so the same
 * Idempotency-Key), its refusal cleared. False when it was sent or discarded meanwhile.
 */
export const updateQueued =
  (entry: {
    id: string
    values: MemberSubmission
    photo: Blob | null
  }): AppThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    const owner = ownerOf(getState())
    if (owner === undefined) return false
    // A send of this very registration finishes first: sent, the edit is refused (it would be
    // a second version of a member that exists); not sent, the edit replaces what was tried.
    await flightOver(entry.id)
    const kept = await getRegistration(owner, entry.id).catch(() => undefined)
    if (!kept) return false
    const revision = (kept.revision ?? 0) + 1
    // The kept photo comes back from the editor as is; only a newly chosen one is downscaled.
    const photoEdited = !(await samePhoto(kept.photo, entry.photo))
    const photo = photoEdited ? entry.photo && (await downscalePhoto(entry.photo)) : kept.photo
    try {
      await putRegistration({
        ...kept,
        values: entry.values,
        photo,
        lastError: null,
        revision,
        ...(photoEdited && { photoRevision: revision }),
      })
    } catch {
      return false
    }
    await dispatch(loadQueue())
    return true
  }

/**
 * Opens one of the signed-in account's queued registrations in the editor: locked against
 * sends until `closeQueuedEdit`, read once a send of it already under way has its answer.
 * Undefined when gone (sent or discarded).
 */
export const openQueuedEdit =
  (id: string): AppThunk<Promise<QueuedRegistration | undefined>> =>
  async (dispatch, getState) => {
    const owner = ownerOf(getState())
    if (owner === undefined) return undefined
    dispatch(queueEvents.editOpened(id))
    await flightOver(id)
    return getRegistration(owner, id).catch(() => undefined)
  }

/** The editor closed (saved, or left): the registration may be sent again. */
export const closeQueuedEdit = (id: string) => queueEvents.editClosed(id)
