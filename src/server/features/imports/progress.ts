// How far an upload's check or a commit has come, for the client to poll while it waits (issue
// 45). The client names the call with a random token; the figures live in this process only
// (a deployment of several processes answers the poll from the one doing the work when it is
// sticky, otherwise with "unknown", and the client keeps its spinner). Entries die after a minute.
// Each entry names the session whose checked request made it: a poll from that session is
// answered from here without the database, which a SQLite commit holds (decision 0238).
import type { ImportProgress } from '../../../domain'
import type { ProgressReport } from './service'

/** The account and session a progress entry belongs to. */
export interface ProgressOwner {
  id: number
  sessionId: string
}

const LIFETIME_MS = 60_000
const MAX_ENTRIES = 1_000
const entries = new Map<string, ImportProgress & { owner: ProgressOwner; at: number }>()

export const isProgressToken = (token: unknown): token is string =>
  typeof token === 'string' && /^[0-9a-f]{16,64}$/.test(token)

/** A reporter that records under a token for its owner; undefined without a valid token. */
export function progressReporter(owner: ProgressOwner, token: unknown): ProgressReport | undefined {
  if (!isProgressToken(token)) return undefined
  const { id, sessionId } = owner
  return (phase, done, total) => {
    const now = Date.now()
    if (entries.size >= MAX_ENTRIES) {
      for (const [key, entry] of entries) if (now - entry.at > LIFETIME_MS) entries.delete(key)
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    }
    entries.set(token, { phase, done, total, owner: { id, sessionId }, at: now })
  }
}

/** The last report under a token, for the session that made it only. */
export function readProgress(owner: ProgressOwner, token: string): ImportProgress | undefined {
  const entry = entries.get(token)
  if (
    !entry ||
    entry.owner.id !== owner.id ||
    entry.owner.sessionId !== owner.sessionId ||
    Date.now() - entry.at > LIFETIME_MS
  ) {
    return undefined
  }
  return { phase: entry.phase, done: entry.done, total: entry.total }
}
