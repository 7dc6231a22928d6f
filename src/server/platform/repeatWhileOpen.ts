// A chore the server repeats while it runs (the restore bin's purge, the expired imports' sweep).
import type { FastifyInstance } from 'fastify'

/**
 * Runs `job` once the app is ready, then every `everyMs` until the app closes. A failure is
 * logged as `failure` and the next run comes as planned.
 */
export function repeatWhileOpen(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  job: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined
  const run = () => job().catch((err: unknown) => app.log.error({ err }, failure))
  app.addHook('onReady', async () => {
    await run()
    timer = setInterval(() => void run(), everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
