// Parsing of list and boolean values as they arrive from forms and multipart bodies
// (spec 3.1, 5.7; ARCHITECTURE.md §3: lists come as JSON array strings or comma-separated text).

export type ListParseResult = { ok: true; value: string[] } | { ok: false }

/** Splits comma-separated text: entries trimmed, empty entries dropped (duplicates kept). */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** Removes repeated entries, keeping the first occurrence and the order. */
export function uniqueEntries(entries: readonly string[]): string[] {
  return [...new Set(entries)]
}

/**
 * Reads a list value: an array of strings, a JSON array string (text starting with `[` must be a
 * JSON array of strings), or comma-separated text. Items are trimmed and empty items dropped.
 * null, undefined and '' read as the empty list. Anything else is not a list.
 */
export function parseListInput(raw: unknown): ListParseResult {
  if (raw === null || raw === undefined) return { ok: true, value: [] }
  if (Array.isArray(raw)) return fromArray(raw)
  if (typeof raw !== 'string') return { ok: false }
  const text = raw.trim()
  if (text.startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return { ok: false }
    }
    return Array.isArray(parsed) ? fromArray(parsed) : { ok: false }
  }
  return { ok: true, value: splitCommaList(text) }
}

function fromArray(items: readonly unknown[]): ListParseResult {
  const value: string[] = []
  for (const item of items) {
    if (typeof item !== 'string') return { ok: false }
    const trimmed = item.trim()
    if (trimmed !== '') value.push(trimmed)
  }
  return { ok: true, value }
}

/**
 * Spec 5.7 (custom spiritual gifts and ministries): the custom text is split by comma, trimmed,
 * empty entries dropped, and appended to the chosen items; an entry already present is not
 * added twice.
 */
export function mergeCustomEntries(selected: readonly string[], customText: string): string[] {
  return uniqueEntries([...selected, ...splitCommaList(customText)])
}

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes'])
const FALSE_WORDS = new Set(['false', '0', 'off', 'no'])

/**
 * Reads a boolean: true/false, or the strings "true"/"false", "1"/"0", "on"/"off", "yes"/"no"
 * (any case, surrounding spaces ignored). Returns undefined for anything else.
 */
export function parseBooleanInput(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw
  if (typeof raw !== 'string') return undefined
  const word = raw.trim().toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  return undefined
}

/**
 * Reads a list field of a member as received from the server: an array, or a string (JSON array
 * or comma-separated text; spec 3.1 accepts both on read). Unreadable values read as empty.
 */
export function readListValue(raw: unknown): string[] {
  const parsed = parseListInput(raw)
  return parsed.ok ? parsed.value : []
}

/** Reads a boolean field as received (a boolean or "true"/"false"), else the given default. */
export function readBooleanValue(raw: unknown, fallback: boolean): boolean {
  return parseBooleanInput(raw) ?? fallback
}
