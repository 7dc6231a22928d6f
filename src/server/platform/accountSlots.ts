import { ApiError } from '../plugins/errors'

/**
 * Long work per account (a whole list sent, a spreadsheet built in memory): a few at once per
 * account is what a user's tabs need; more is a client looping or an attack.
 */
export class AccountSlots {
  private inUseByAccount = new Map<number, number>()

  constructor(
    private readonly perAccount: number,
    private readonly busyMessage: string,
  ) {}

  inUse(accountId: number): number {
    return this.inUseByAccount.get(accountId) ?? 0
  }

  /** Takes a place or throws 429 with Retry-After; the answer gives it back (once). */
  acquire(accountId: number): () => void {
    const used = this.inUse(accountId)
    if (used >= this.perAccount) throw new ApiError(429, this.busyMessage, undefined, 5)
    this.inUseByAccount.set(accountId, used + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = this.inUse(accountId) - 1
      if (left > 0) this.inUseByAccount.set(accountId, left)
      else this.inUseByAccount.delete(accountId)
    }
  }
}
