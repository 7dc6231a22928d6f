// The offline sign-in's verifier (issue 42, docs/decisions/0155): after an online sign-in the
// device keeps a PBKDF2 hash of that account's password, never the password, in IndexedDB.
import type { DBSchema } from 'idb'
import type { Role } from '../../domain'
import { deviceDatabase } from '../../shared/deviceDatabase'

/** PBKDF2-SHA-256 rounds: ~0.1 s in Chromium on a desktop core, OWASP's 2023 figure (0155). */
export const VERIFIER_ITERATIONS = 600_000
/** Wrong passwords in a row after which the verifier is deleted: an online sign-in is needed. */
export const MAX_OFFLINE_FAILURES = 10

export interface OfflineAccount {
  id: number
  username: string
  role: Role
}

export interface StoredVerifier {
  /** The username as the server spells it, folded: the key a sign-in looks up. */
  key: string
  account: OfflineAccount
  /** Random for each verifier written on this device. */
  salt: Uint8Array
  iterations: number
  hash: Uint8Array
  /** Wrong passwords since the last right one, and until when the next try must wait (ms). */
  failures: number
  waitUntil: number
}

interface VerifierSchema extends DBSchema {
  verifiers: { key: string; value: StoredVerifier }
}

const verifiers = deviceDatabase<VerifierSchema>('abal-auth', (db) => {
  db.createObjectStore('verifiers', { keyPath: 'key' })
})
const database = verifiers.open

export const accountKey = (username: string) => username.trim().normalize('NFC').toLowerCase()

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  )
  return new Uint8Array(bits)
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i += 1) diff |= a[i] ^ b[i]
  return diff === 0
}

/** Keeps (or replaces) the verifier of an account that has just signed in online. */
export async function rememberPassword(
  account: OfflineAccount,
  password: string,
  iterations = VERIFIER_ITERATIONS,
): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await derive(password, salt, iterations)
  const key = accountKey(account.username)
  await (
    await database()
  ).put('verifiers', { key, account, salt, iterations, hash, failures: 0, waitUntil: 0 })
}

/** Removes one account's verifier (logout, a password change): offline sign-in ends for it. */
export async function forgetPassword(username: string): Promise<void> {
  await (await database()).delete('verifiers', accountKey(username))
}

/** The wait after the n-th wrong password in a row: 1 s, 2 s, 4 s … at most 5 minutes. */
export const offlineWaitMs = (failures: number) =>
  failures <= 0 ? 0 : Math.min(1000 * 2 ** (failures - 1), 5 * 60_000)

export type OfflineCheck =
  | { kind: 'ok'; account: OfflineAccount }
  | { kind: 'noVerifier' }
  | { kind: 'wrongPassword' }
  | { kind: 'wait'; seconds: number }

/**
 * Checks a password against the account's verifier. A wrong one makes the next try wait longer,
 * kept in IndexedDB so that a reload does not reset it; too many delete the verifier.
 */
export async function checkOffline(
  username: string,
  password: string,
  now = Date.now(),
): Promise<OfflineCheck> {
  const db = await database()
  const key = accountKey(username)
  const stored = await db.get('verifiers', key)
  if (!stored) return { kind: 'noVerifier' }
  if (now < stored.waitUntil) {
    return { kind: 'wait', seconds: Math.ceil((stored.waitUntil - now) / 1000) }
  }
  const hash = await derive(password, stored.salt, stored.iterations)
  if (sameBytes(hash, stored.hash)) {
    await db.put('verifiers', { ...stored, failures: 0, waitUntil: 0 })
    return { kind: 'ok', account: stored.account }
  }
  const failures = stored.failures + 1
  if (failures >= MAX_OFFLINE_FAILURES) await db.delete('verifiers', key)
  else await db.put('verifiers', { ...stored, failures, waitUntil: now + offlineWaitMs(failures) })
  return { kind: 'wrongPassword' }
}

/** The stored verifier, for tests and the security check that no password is kept. */
export async function readVerifier(username: string): Promise<StoredVerifier | undefined> {
  return (await database()).get('verifiers', accountKey(username))
}
