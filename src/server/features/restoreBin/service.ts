// Purging the restore bin: copies older than 30 days go, on start and then daily, and each
// purge is in the history.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { purgeExpired } from './repository'
import { recordEvent, SYSTEM_ACTOR } from '../history'

const DAY_MS = 24 * 60 * 60 * 1000

export async function purgeDeletedMembers(db: Kysely<Database>, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await purgeExpired(trx, now)
    for (const id of ids) {
      await recordEvent(trx, { actor: SYSTEM_ACTOR, action: 'member_purge', memberId: id, at: now })
    }
    return ids
  })
}

/** Purges once the app is ready, then every day, until it closes. */
export function schedulePurge(app: FastifyInstance, db: Kysely<Database>, clock: () => Date) {
  let timer: NodeJS.Timeout | undefined
  const run = () =>
    purgeDeletedMembers(db, clock()).catch((err: unknown) =>
      app.log.error({ err }, 'purging the restore bin failed'),
    )
  app.addHook('onReady', async () => {
    await run()
    timer = setInterval(() => void run(), DAY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
