// How many imports this server reads, checks and saves at once, and the sweep that deletes
// pending imports once they expire (decision 0235). An import holds its file's rows in memory
// and a core while it runs: one at a time per account, IMPORTS_AT_ONCE per server process.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { repeatWhileOpen } from '../../platform/repeatWhileOpen'
import { deleteExpiredImports } from './repository/pendingImports'

export const IMPORTS_AT_ONCE = 2
/** Seconds a client is asked to wait when the server is busy with other imports. */
const RETRY_AFTER_S = 30
const SWEEP_MS = 10 * 60 * 1000

/** Runs an upload, preview or commit if its account and the server have room; else 409/429. */
export function importGate() {
  const running = new Set<number>()
  return async function withRoom<T>(ownerId: number, work: () => Promise<T>): Promise<T> {
    if (running.has(ownerId)) {
      throw new ApiError(
        409,
        'Another import of this account is being read or saved: wait until it is done',
        { file: 'importBusy' },
      )
    }
    if (running.size >= IMPORTS_AT_ONCE) {
      throw new ApiError(
        429,
        'The server is busy with other imports: try again in a minute',
        { file: 'importServerBusy' },
        RETRY_AFTER_S,
      )
    }
    running.add(ownerId)
    try {
      return await work()
    } finally {
      running.delete(ownerId)
    }
  }
}

/** Deletes expired pending imports (their rows and reports) every ten minutes. */
export function scheduleExpiredImportSweep(app: FastifyInstance, db: Db, clock = () => new Date()) {
  repeatWhileOpen(app, SWEEP_MS, 'deleting expired imports failed', () =>
    deleteExpiredImports(db, clock().toISOString()),
  )
}
