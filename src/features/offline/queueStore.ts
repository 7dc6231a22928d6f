// Registrations saved on this device while the server could not be reached (issue 30), in
// IndexedDB through `idb`: the photo stays a Blob there, never in the Redux store or localStorage.
import type { DBSchema } from 'idb'
import { deviceDatabase } from '../../shared/deviceDatabase'
import type { HouseholdRole } from '../../domain'
import type { MemberSubmission } from '../members'
import type { UnplacedMember } from './offlineSlice'

/** The household a registration started from (issue 44): joined in its role once it is sent. */
export interface QueuedHousehold {
  id: number
  name: string
  role: HouseholdRole
}

export interface QueuedRegistration {
  /** Made on the device; sent as the Idempotency-Key, so a repeat never makes a second member. */
  id: string
  /** The account that saved it: only that account sees or sends it. */
  owner: number
  savedAt: string
  values: MemberSubmission
  photo: Blob | null
  /** The server's message when it refused the registration (400): fix and send again. */
  lastError: string | null
  attempts: number
  /** Counts the edits saved: a send's write-back never overwrites a newer edit. */
  revision?: number
  /**
   * The revision of the first send that got no answer: the server may have registered that
   * version, so a later edit is put to the member when a send is answered as a repeat. Also
   * the revision the server holds when the send was answered but its household was not yet.
   */
  unanswered?: number
  /** The revision whose edit last changed the photo (none: the photo it was saved with). */
  photoRevision?: number
  household?: QueuedHousehold
}

/** A store of entries each kept for one account, read back by its owner. */
interface OwnedStore<K, V extends { owner: number }> {
  key: K
  value: V
  indexes: { owner: number }
}

interface QueueSchema extends DBSchema {
  registrations: OwnedStore<string, QueuedRegistration>
}

const registrations = deviceDatabase<QueueSchema>('abal-offline', (db) => {
  const store = db.createObjectStore('registrations', { keyPath: 'id' })
  store.createIndex('owner', 'owner')
})
const database = registrations.open

/** A sent registration that could not join its household, kept until the clerk closes it. */
interface StoredUnplaced extends UnplacedMember {
  owner: number
}

interface UnplacedSchema extends DBSchema {
  unplaced: OwnedStore<number, StoredUnplaced>
}

// A database of its own, not a new store in abal-offline: that would need version 2, and a tab
// still open on version 1 would block the upgrade, and with it every save to the queue.
const unplacedNotices = deviceDatabase<UnplacedSchema>('abal-offline-unplaced', (db) => {
  const store = db.createObjectStore('unplaced', { keyPath: 'memberId' })
  store.createIndex('owner', 'owner')
})

export async function putRegistration(entry: QueuedRegistration): Promise<void> {
  await (await database()).put('registrations', entry)
}

/** One account's registrations, oldest first (the order they are sent in). */
export async function listRegistrations(owner: number): Promise<QueuedRegistration[]> {
  const all = await (await database()).getAllFromIndex('registrations', 'owner', owner)
  return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt) || a.id.localeCompare(b.id))
}

/** One of the account's registrations; another account's reads as missing. */
export async function getRegistration(
  owner: number,
  id: string,
): Promise<QueuedRegistration | undefined> {
  const entry = await (await database()).get('registrations', id)
  return entry?.owner === owner ? entry : undefined
}

/** Removes one of the account's registrations; false when it is not the account's. */
export async function deleteRegistration(owner: number, id: string): Promise<boolean> {
  const db = await database()
  const tx = db.transaction('registrations', 'readwrite')
  const entry = await tx.store.get(id)
  if (entry?.owner !== owner) {
    await tx.done
    return false
  }
  await tx.store.delete(id)
  await tx.done
  return true
}

/**
 * Records a try of one registration in one transaction: another attempt, and the server's
 * refusal only when the entry is still the revision that was sent (an edit saved meanwhile is
 * kept whole, refusal cleared, for the next send). A send with no answer marks the revision the
 * server may hold; one answered whose household placement was not marks the revision it holds.
 */
export async function recordAttempt(
  owner: number,
  id: string,
  sentRevision: number,
  answer: { refusal: string } | 'unanswered' | 'awaitingPlacement' | 'signedOut',
): Promise<void> {
  const db = await database()
  const tx = db.transaction('registrations', 'readwrite')
  const current = await tx.store.get(id)
  if (current?.owner === owner) {
    const unchanged = (current.revision ?? 0) === sentRevision
    await tx.store.put({
      ...current,
      attempts: current.attempts + 1,
      ...(typeof answer === 'object' && unchanged ? { lastError: answer.refusal } : {}),
      ...(answer === 'unanswered' && { unanswered: current.unanswered ?? sentRevision }),
      ...(answer === 'awaitingPlacement' && { unanswered: sentRevision }),
    })
  }
  await tx.done
}

/** How many registrations wait on this device for any account (the login screen says so). */
export async function countAllRegistrations(): Promise<number> {
  return (await database()).count('registrations')
}

/** The count for the login screen: 0 where the browser has no IndexedDB to hold a queue. */
export const countWaitingOnDevice = () => countAllRegistrations().catch(() => 0)

export async function putUnplaced(owner: number, member: UnplacedMember): Promise<void> {
  await (await unplacedNotices.open()).put('unplaced', { ...member, owner })
}

/** One account's not-added members, the oldest member first. */
export async function listUnplaced(owner: number): Promise<UnplacedMember[]> {
  const all = await (await unplacedNotices.open()).getAllFromIndex('unplaced', 'owner', owner)
  return all.map(({ owner: _, ...member }) => member).sort((a, b) => a.memberId - b.memberId)
}

/** Forgets one of the account's not-added members (its notice was closed). */
export async function deleteUnplaced(owner: number, memberId: number): Promise<void> {
  const db = await unplacedNotices.open()
  const tx = db.transaction('unplaced', 'readwrite')
  if ((await tx.store.get(memberId))?.owner === owner) await tx.store.delete(memberId)
  await tx.done
}
