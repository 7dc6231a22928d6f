// SQLite reads off the event loop (docs/decisions/0071): better-sqlite3 is synchronous, so a
// search that reads for 100 ms on the main thread holds every other request for as long. A
// few worker threads each keep a read-only connection to the same file; in WAL mode a reader
// sees every transaction committed before its statement began, and writes stay on the main
// connection, so the pool changes where reads wait, not what they see.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { CompiledQuery, Kysely } from 'kysely'
import type { Database } from './tables'

// Plain JavaScript run with `eval` (a documented Worker option): no loader for TypeScript.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
db.pragma('cache_size = -32768')
db.pragma('mmap_size = 268435456')
const statements = new Map()
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > 256) statements.delete(statements.keys().next().value)
    }
    parentPort.postMessage({ id, rows: statement.all(params) })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) })
  }
})
`

interface Pending {
  resolve: (rows: unknown[]) => void
  reject: (error: Error) => void
}

interface PoolWorker {
  worker: Worker
  pending: Map<number, Pending>
}

/** A few read-only connections to one SQLite file, each in a worker thread. */
export class SqliteReadPool {
  private readonly workers: PoolWorker[]
  private nextId = 1
  private closed = false

  constructor(file: string, size: number) {
    const driver = createRequire(__filename).resolve('better-sqlite3')
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } })
      const entry: PoolWorker = { worker, pending: new Map() }
      worker.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
        const waiting = entry.pending.get(message.id)
        entry.pending.delete(message.id)
        if (!waiting) return
        if (message.error !== undefined) waiting.reject(new Error(message.error))
        else waiting.resolve(message.rows ?? [])
      })
      worker.on('error', (error) => {
        for (const waiting of entry.pending.values()) waiting.reject(error)
        entry.pending.clear()
      })
      // An idle pool does not keep the process alive.
      worker.unref()
      return entry
    })
  }

  /** The rows of one read statement, run by the least busy worker. */
  all<Row>(sqlText: string, params: readonly unknown[]): Promise<Row[]> {
    if (this.closed) return Promise.reject(new Error('read pool closed'))
    const entry = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
    const id = this.nextId++
    return new Promise<Row[]>((resolve, reject) => {
      entry.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject })
      if (entry.pending.size === 1) entry.worker.ref()
      entry.worker.postMessage({ id, sql: sqlText, params })
    }).finally(() => {
      if (entry.pending.size === 0) entry.worker.unref()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all(this.workers.map((entry) => entry.worker.terminate()))
  }
}

interface Registered {
  pool: SqliteReadPool
  /** Told of each statement a worker runs (the benchmark replays them as its floor). */
  observe?: (query: CompiledQuery) => void
}

const pools = new WeakMap<Kysely<Database>, Registered>()

/** Lets reads through readRows on this database go to the pool. */
export function registerReadPool(
  db: Kysely<Database>,
  pool: SqliteReadPool,
  observe?: (query: CompiledQuery) => void,
): void {
  pools.set(db, { pool, observe })
}

/** A read statement's rows: from a worker when the database has a pool, else on `db` itself. */
export async function readRows<Row>(
  db: Kysely<Database>,
  query: CompiledQuery<Row>,
): Promise<Row[]> {
  const registered = pools.get(db)
  if (!registered) return (await db.executeQuery(query)).rows
  registered.observe?.(query)
  return registered.pool.all<Row>(query.sql, query.parameters)
}
