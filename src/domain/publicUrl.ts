// The church's public address (its profile's public_url): the origin a member's phone opens
// from a receipt's QR code, when the office runs Abal at localhost or a LAN address.

export const MAX_PUBLIC_URL = 200

/** Scheme and host (with a port) and at most a trailing slash: no path, query, fragment or user. */
const ORIGIN_ONLY = /^https?:\/\/[^/?#@\\\s]+\/?$/i

export type PublicUrlCheck = { origin: string } | { error: 'invalidValue' | 'tooLong' }

/**
 * A typed public address as it is kept: trimmed, '' for none, else the browser's writing of
 * the origin (lower-case host, default port and trailing slash dropped); an error code else.
 */
export function checkPublicUrl(typed: string): PublicUrlCheck {
  const text = typed.trim()
  if (text === '') return { origin: '' }
  if (text.replace(/\/$/, '').length > MAX_PUBLIC_URL) return { error: 'tooLong' }
  if (!ORIGIN_ONLY.test(text)) return { error: 'invalidValue' }
  let origin: string
  try {
    origin = new URL(text).origin
  } catch {
    return { error: 'invalidValue' }
  }
  // An international name comes back in its ASCII (punycode) form, which may be longer.
  return origin.length > MAX_PUBLIC_URL ? { error: 'tooLong' } : { origin }
}
