// A transaction a test keeps open while the code under test runs into its locks (PostgreSQL):
// the way to make a race happen at a chosen moment rather than by chance.
import { sql } from 'kysely'
import type { DatabaseHandle } from '../db/database'
import type { Db } from '../db/tables'

/** A transaction left open until `commit`: what it writes or locks stays locked until then. */
export async function heldOpen(database: DatabaseHandle) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let opened!: (trx: Db) => void
  const trx = new Promise<Db>((resolve) => (opened = resolve))
  const done = database.db.transaction().execute(async (t) => {
    opened(t)
    await released
  })
  const held = await trx
  const pid =
    database.dialect === 'postgres'
      ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held)).rows[0].pid
      : undefined
  return {
    trx: held,
    /** Resolves once another backend waits for this transaction's locks (PostgreSQL). */
    async waitedOn() {
      // SQLite: the other transaction cannot begin while this one is open.
      if (pid === undefined) return
      for (let tries = 0; tries < 1000; tries += 1) {
        const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
          where ${pid}::int = any(pg_blocking_pids(pid))`.execute(database.db)
        if (rows.length > 0) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error('nothing waited for the held transaction')
    },
    async commit() {
      release()
      await done
    },
  }
}
