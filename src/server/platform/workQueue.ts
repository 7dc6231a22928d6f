import { ApiError } from '../plugins/errors'

export interface WorkQueueOptions {
  /** Tasks running at once. */
  concurrency: number
  /** Tasks waiting for a slot; one more is refused with 503. */
  maxQueued: number
  /** The 503's message. */
  busyMessage: string
  /** Seconds for the 503's Retry-After. */
  retryAfter?: number
}

/**
 * Runs expensive work (password hashes, photo decodes) a few at a time, first come first
 * served, with a bounded queue: a flood waits or is refused instead of filling the thread pool
 * and memory. A refusal is an ApiError 503 with Retry-After.
 */
export class WorkQueue {
  private running = 0
  private waiting: (() => void)[] = []

  constructor(private readonly options: WorkQueueOptions) {}

  /** Tasks running or waiting. */
  get pending(): number {
    return this.running + this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueued) {
        throw new ApiError(503, this.options.busyMessage, undefined, this.options.retryAfter ?? 1)
      }
      // The slot is handed over by release(), so `running` never dips in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running += 1
    }
    try {
      return await task()
    } finally {
      this.release()
    }
  }

  private release() {
    const next = this.waiting.shift()
    if (next) next()
    else this.running -= 1
  }
}
