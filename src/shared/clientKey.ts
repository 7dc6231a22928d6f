import { useState } from 'react'

/**
 * A new Idempotency-Key (docs/api.md): 128 random bits in hex, made in insecure origins too
 * (no crypto.randomUUID there).
 */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The server answered with a refusal (4xx but 408): the same request would be refused again. */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408
}

const KEPT_PREFIX = 'abal.unansweredKey.'

/** The key of `scope`'s last request that got no answer, if the tab still holds one. */
function keptKey(scope: string | undefined): string | null {
  if (!scope) return null
  try {
    return sessionStorage.getItem(KEPT_PREFIX + scope)
  } catch {
    return null
  }
}

function keepKey(scope: string | undefined, key: string | null) {
  if (!scope) return
  try {
    if (key) sessionStorage.setItem(KEPT_PREFIX + scope, key)
    else sessionStorage.removeItem(KEPT_PREFIX + scope)
  } catch {
    // Storage refused (private mode, full): the key lasts as long as the form.
  }
}

/**
 * A creating form's Idempotency-Key: kept while a request's outcome is unknown (no answer, a
 * timeout, 5xx), so the retry cannot make a second record; new once the server has answered.
 * With a `scope`, a key whose answer was lost outlives the form (in the tab's session storage):
 * the form opened again for the same scope sends it again.
 */
export function useIdempotencyKey(scope?: string): {
  key: string
  settle: (error?: unknown) => void
} {
  const [key, setKey] = useState(() => keptKey(scope) ?? newClientKey())
  // A refusal spends the key (the corrected form is a new record); a lost answer keeps it.
  const settle = (error?: unknown) => {
    if (error === undefined || isRefusal(error)) {
      keepKey(scope, null)
      setKey(newClientKey())
    } else keepKey(scope, key)
  }
  return { key, settle }
}
