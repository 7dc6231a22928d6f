import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit'

const REDACTED = '[redacted]'
/** A photo or thumbnail name as the server hands it out (uploads/<32 hex>[-thumb].jpg). */
const PHOTO_NAME = /(uploads\/)[0-9a-f]{32}(-thumb)?\.jpg/gi
const SECRET_KEYS = new Set(['token', 'password', 'photo', 'photoDataUrl', 'dataUrl', 'logo'])

/** Deep copy with secrets and image data replaced, for what DevTools shows and records. */
export function redact<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') {
    if (typeof value === 'string' && value.startsWith('data:')) return REDACTED as T
    // A photo's name is its capability (no token needed to fetch it): keep only that one existed.
    if (typeof value === 'string') return value.replace(PHOTO_NAME, `$1${REDACTED}`) as T
    return value
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)) as T
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.has(key) && v != null ? REDACTED : redact(v, depth + 1)
  }
  return out as T
}

/**
 * Redux DevTools stay on in production so an auditor can replay a session; what they see has
 * the token, passwords, photo data and photo links removed. Member fields stay: a recording is
 * personal data (docs/security.md).
 */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Abal',
  actionSanitizer: (action) => redact(action),
  stateSanitizer: (state) => redact(state),
}
