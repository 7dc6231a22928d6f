export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60 * 1000

/**
 * Counts failed sign-ins per (address, username) within a sliding window. In memory: with
 * several processes each keeps its own count, which still bounds guessing per process.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>()

  constructor(private now: () => number = Date.now) {}

  private key(address: string, username: string) {
    return `${address}\u0000${username.trim().toLowerCase()}`
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since)
    if (kept.length) this.failures.set(key, kept)
    else this.failures.delete(key)
    return kept
  }

  isBlocked(address: string, username: string): boolean {
    return this.recent(this.key(address, username)).length >= MAX_FAILURES
  }

  recordFailure(address: string, username: string): void {
    const key = this.key(address, username)
    this.failures.set(key, [...this.recent(key), this.now()])
    if (this.failures.size > 50_000) this.prune()
  }

  recordSuccess(address: string, username: string): void {
    this.failures.delete(this.key(address, username))
  }

  private prune() {
    for (const key of [...this.failures.keys()]) this.recent(key)
  }
}
