// What an offline session after a reload can show (issue 42): the member list pages and the
// profiles opened on this device, per account, in IndexedDB. Logout deletes the account's copy.
import type { DBSchema } from 'idb'
import type { Member } from '../domain'
import { deviceDatabase } from './deviceDatabase'

/** Profiles kept per account: the most recently opened ones. */
export const KEPT_PROFILES = 200

interface KeptList {
  account: string
  rows: unknown[]
  savedAt: number
}

interface KeptProfile {
  account: string
  id: number
  member: Member
  savedAt: number
}

interface DeviceMembersSchema extends DBSchema {
  lists: { key: string; value: KeptList }
  profiles: { key: [string, number]; value: KeptProfile; indexes: { account: string } }
}

const members = deviceDatabase<DeviceMembersSchema>('abal-members', (db) => {
  db.createObjectStore('lists', { keyPath: 'account' })
  const profiles = db.createObjectStore('profiles', { keyPath: ['account', 'id'] })
  profiles.createIndex('account', 'account')
})
const database = members.open

/** The same folding as the offline verifier's key: one account, however its name was typed. */
const accountOf = (username: string) => username.trim().normalize('NFC').toLowerCase()

/** Whether this browser can keep anything (private windows and old browsers may not). */
const available = () => typeof indexedDB !== 'undefined'

/** Keeps the list rows loaded so far (every page, in list order), replacing the older copy. */
export async function keepList(username: string, rows: readonly unknown[]): Promise<void> {
  if (!available()) return
  await (
    await database()
  ).put('lists', { account: accountOf(username), rows: [...rows], savedAt: Date.now() })
}

/**
 * Adds the rows of a filtered or searched list to the kept one: a row already kept is replaced
 * by the newer copy, others are added after the kept rows, so that they are found offline too.
 */
export async function addToList(username: string, rows: readonly { id: number }[]): Promise<void> {
  if (!available()) return
  const account = accountOf(username)
  const db = await database()
  const tx = db.transaction('lists', 'readwrite')
  const kept = ((await tx.store.get(account))?.rows ?? []) as { id: number }[]
  const fresh = new Map(rows.map((row) => [row.id, row]))
  const merged = kept.map((row) => fresh.get(row.id) ?? row)
  const known = new Set(kept.map((row) => row.id))
  merged.push(...rows.filter((row) => !known.has(row.id)))
  await tx.store.put({ account, rows: merged, savedAt: Date.now() })
  await tx.done
}

/** The list rows kept for an account, or null when none were. */
export async function readList<Row>(username: string): Promise<Row[] | null> {
  if (!available()) return null
  const kept = await (await database()).get('lists', accountOf(username))
  return kept ? (kept.rows as Row[]) : null
}

/** Keeps a profile that was opened; beyond KEPT_PROFILES the longest unopened goes. */
export async function keepProfile(username: string, member: Member): Promise<void> {
  if (!available()) return
  const account = accountOf(username)
  const db = await database()
  const tx = db.transaction('profiles', 'readwrite')
  await tx.store.put({ account, id: member.id, member, savedAt: Date.now() })
  const all = await tx.store.index('account').getAll(account)
  const excess = all.length - KEPT_PROFILES
  if (excess > 0) {
    const oldest = all.sort((a, b) => a.savedAt - b.savedAt).slice(0, excess)
    await Promise.all(oldest.map((kept) => tx.store.delete([account, kept.id])))
  }
  await tx.done
}

/** A profile kept for an account, or null when it was never opened on this device. */
export async function readProfile(username: string, id: number): Promise<Member | null> {
  if (!available()) return null
  const kept = await (await database()).get('profiles', [accountOf(username), id])
  return kept?.member ?? null
}

/** Every profile kept for an account, the most recently opened first. */
export async function readProfiles(username: string): Promise<Member[]> {
  if (!available()) return []
  const all = await (await database()).getAllFromIndex('profiles', 'account', accountOf(username))
  return all.sort((a, b) => b.savedAt - a.savedAt).map((kept) => kept.member)
}

/** Removes a profile that the server says is gone (deleted, moved to another account). */
export async function dropProfile(username: string, id: number): Promise<void> {
  if (!available()) return
  await (await database()).delete('profiles', [accountOf(username), id])
}

/** Logout: nothing of the account's members stays on the device. */
export async function forgetAccountMembers(username: string): Promise<void> {
  if (!available()) return
  const account = accountOf(username)
  const db = await database()
  const tx = db.transaction(['lists', 'profiles'], 'readwrite')
  await tx.objectStore('lists').delete(account)
  const profiles = tx.objectStore('profiles')
  const keys = await profiles.index('account').getAllKeys(account)
  await Promise.all(keys.map((key) => profiles.delete(key)))
  await tx.done
}
