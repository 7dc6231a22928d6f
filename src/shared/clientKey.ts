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

/**
 * A creating form's Idempotency-Key: kept while a request's outcome is unknown (no answer, a
 * timeout, 5xx), so the retry cannot make a second record; new once the server has answered.
 */
export function useIdempotencyKey(): { key: string; settle: (error?: unknown) => void } {
  const [key, setKey] = useState(newClientKey)
  // A refusal spends the key (the corrected form is a new record); a lost answer keeps it.
  const settle = (error?: unknown) => {
    if (error === undefined || isRefusal(error)) setKey(newClientKey())
  }
  return { key, settle }
}
