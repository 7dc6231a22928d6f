export const MAX_FAILURES = 10
/** Failed sign-ins one address may make across all usernames in the window. */
export const MAX_ADDRESS_FAILURES = 50
export const WINDOW_MS = 15 * 60 * 1000

/**
 * Counts failed sign-ins per (address, username) and per address within a sliding window. An
 * attempt counts as failed from the moment it is let through until it succeeds, so a burst
 * of concurrent attempts cannot all pass before the first one is checked. In memory: with
 * several processes each keeps its own count, which still bounds guessing per process.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>()

  constructor(private now: () => number = Date.now) {}

  private key(address: string, username: string) {
    return `${address}\u0000${username.trim().toLowerCase()}`
  }

  private addressKey(address: string) {
    return `${address}\u0000`
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since)
    if (kept.length) this.failures.set(key, kept)
    else this.failures.delete(key)
    return kept
  }

  /** Seconds until the address may try this username again; 0 when it may now. */
  retryAfter(address: string, username: string): number {
    const limits: [string, number][] = [
      [this.key(address, username), MAX_FAILURES],
      [this.addressKey(address), MAX_ADDRESS_FAILURES],
    ]
    let wait = 0
    for (const [key, max] of limits) {
      const times = this.recent(key)
      if (times.length >= max) {
        // The window frees a place when the oldest of the last `max` failures leaves it.
        const freedAt = times[times.length - max] + WINDOW_MS
        wait = Math.max(wait, Math.ceil((freedAt - this.now()) / 1000))
      }
    }
    return wait
  }

  isBlocked(address: string, username: string): boolean {
    return this.retryAfter(address, username) > 0
  }

  recordFailure(address: string, username: string): number {
    const at = this.now()
    for (const key of [this.key(address, username), this.addressKey(address)]) {
      this.failures.set(key, [...this.recent(key), at])
    }
    if (this.failures.size > 50_000) this.prune()
    return at
  }

  /** Clears the username's failures; `attempt` (recordFailure's answer) leaves the address's. */
  recordSuccess(address: string, username: string, attempt?: number): void {
    this.failures.delete(this.key(address, username))
    if (attempt !== undefined) this.forget(this.addressKey(address), attempt)
  }

  /**
   * Takes back an attempt refused as busy from its username's count (it guessed nothing, and
   * a real user retrying during a flood must not lock their name); the address keeps it, so
   * one address cannot keep the queue full beyond its limit.
   */
  withdraw(address: string, username: string, attempt: number): void {
    this.forget(this.key(address, username), attempt)
  }

  private forget(key: string, attempt: number) {
    const times = this.failures.get(key)
    const index = times ? times.indexOf(attempt) : -1
    if (!times || index < 0) return
    times.splice(index, 1)
    if (times.length === 0) this.failures.delete(key)
  }

  private prune() {
    for (const key of [...this.failures.keys()]) this.recent(key)
  }
}
