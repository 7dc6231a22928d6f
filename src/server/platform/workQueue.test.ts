import { ApiError } from '../plugins/errors'
import { WorkQueue } from './workQueue'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once, queues `maxQueued`, refuses the rest', async () => {
    const queue = new WorkQueue({
      concurrency: 2,
      maxQueued: 3,
      busyMessage: 'busy',
      retryAfter: 7,
    })
    let running = 0
    let peak = 0
    const order: number[] = []
    const gates = Array.from({ length: 8 }, deferred)
    const results = gates.map((gate, i) =>
      queue.run(async () => {
        running += 1
        peak = Math.max(peak, running)
        order.push(i)
        await gate.promise
        running -= 1
        return i
      }),
    )
    const settled = Promise.allSettled(results)
    expect(queue.pending).toBe(5)
    gates.forEach((gate) => gate.resolve())
    const outcome = await settled
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(outcome.slice(0, 5).map((o) => (o.status === 'fulfilled' ? o.value : -1))).toEqual([
      0, 1, 2, 3, 4,
    ])
    for (const refused of outcome.slice(5)) {
      expect(refused.status).toBe('rejected')
      const error = (refused as PromiseRejectedResult).reason as ApiError
      expect(error).toBeInstanceOf(ApiError)
      expect(error.statusCode).toBe(503)
      expect(error.message).toBe('busy')
      expect(error.retryAfter).toBe(7)
    }
    expect(queue.pending).toBe(0)
  })

  it('frees the slot of a task that throws', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 0, busyMessage: 'busy' })
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(queue.run(async () => 'next')).resolves.toBe('next')
  })
})
