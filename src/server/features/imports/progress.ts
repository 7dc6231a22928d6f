// How far an upload's check or a commit has come, for the client to poll while it waits (issue
// 45). The client names the call with a random token; the figures live in this process only
// (a deployment of several processes answers the poll from the one doing the work when it is
// sticky, otherwise with "unknown", and the client keeps its spinner). Entries die after a minute.
import type { ProgressReport } from './service'

export interface ImportProgress {
  phase: 'checking' | 'storing'
  done: number
  total: number
}

const LIFETIME_MS = 60_000
const MAX_ENTRIES = 1_000
const entries = new Map<string, ImportProgress & { owner: number; at: number }>()

export const isProgressToken = (token: unknown): token is string =>
  typeof token === 'string' && /^[0-9a-f]{16,64}$/.test(token)

/** A reporter that records under a token for its owner; undefined without a valid token. */
export function progressReporter(owner: number, token: unknown): ProgressReport | undefined {
  if (!isProgressToken(token)) return undefined
  return (phase, done, total) => {
    const now = Date.now()
    if (entries.size >= MAX_ENTRIES) {
      for (const [key, entry] of entries) if (now - entry.at > LIFETIME_MS) entries.delete(key)
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    }
    entries.set(token, { phase, done, total, owner, at: now })
  }
}

/** The last report under a token, for its owner only. */
export function readProgress(owner: number, token: string): ImportProgress | undefined {
  const entry = entries.get(token)
  if (!entry || entry.owner !== owner || Date.now() - entry.at > LIFETIME_MS) return undefined
  return { phase: entry.phase, done: entry.done, total: entry.total }
}
