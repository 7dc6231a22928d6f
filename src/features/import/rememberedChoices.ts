// The last confirmed choices for a set of headers, kept on this device (docs/decisions/0185):
// a church imports the same kind of file again from the same office computer, and the clerk's
// column, value and calendar choices come back instead of being made again.
import type { ImportChoices } from '../../domain'

const PREFIX = 'abal.importChoices:'
const MAX_KEPT = 20

/** The storage key of a set of headers: their order does not matter. */
export const choicesKey = (columns: readonly string[]) =>
  PREFIX + JSON.stringify([...columns].sort())

export function loadChoices(
  columns: readonly string[],
  storage: Storage = localStorage,
): ImportChoices | undefined {
  try {
    const raw = storage.getItem(choicesKey(columns))
    if (!raw) return undefined
    const parsed = JSON.parse(raw) as { choices?: ImportChoices }
    const choices = parsed.choices
    return choices && typeof choices.mapping === 'object' && choices.mapping !== null
      ? choices
      : undefined
  } catch {
    return undefined
  }
}

export function saveChoices(
  columns: readonly string[],
  choices: ImportChoices,
  storage: Storage = localStorage,
  now = Date.now(),
): void {
  try {
    storage.setItem(choicesKey(columns), JSON.stringify({ at: now, choices }))
    // Only the most recent sets are kept.
    const kept: [string, number][] = []
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i)
      if (!key?.startsWith(PREFIX)) continue
      const at = (JSON.parse(storage.getItem(key) ?? '{}') as { at?: number }).at ?? 0
      kept.push([key, at])
    }
    kept.sort((a, b) => b[1] - a[1])
    for (const [key] of kept.slice(MAX_KEPT)) storage.removeItem(key)
  } catch {
    // A full or unavailable storage only loses the convenience.
  }
}
