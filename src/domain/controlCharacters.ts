// Control characters are never part of a member's text: a NUL cannot be stored on PostgreSQL
// nor parsed by FTS5, and the others (an .xlsx's _x0007_, a pasted escape) break exports and
// moves between engines. Tab, line feed and carriage return stay allowed where text may span
// lines. Bidirectional controls count too.

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls; and the bidirectional
 * embeddings, overrides and isolates, which make a printed name or reference read other than
 * it is stored (a receipt's "Abebe" stored as "ebebA").
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
/** Every C0 control (tab and line breaks included), DEL, C1 controls and bidi controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** Whether `text` holds a control character; `multiline` allows tab, line feed and CR. */
export function hasControlCharacter(text: string, multiline: boolean): boolean {
  return (multiline ? CONTROL : CONTROL_OR_BREAK).test(text)
}

/** The text with every control character (tab and line breaks too) left out. */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_OR_BREAK.source, 'g'), '')
}

/** The same, anywhere in a value: strings, array items, object keys and values. */
export function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacter(value, true)
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacter(item, depth + 1))
  return Object.entries(value).some(
    ([key, item]) => hasControlCharacter(key, true) || holdsControlCharacter(item, depth + 1),
  )
}
