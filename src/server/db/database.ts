import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './tables'

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  url?: string
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string
  /** PostgreSQL only: put every table in this schema (tests use one schema each). */
  pgSchema?: string
  poolSize?: number
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) return openPostgres(options)
  return openSqlite(options.sqliteFile ?? ':memory:')
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // Keep the hot part of a large congregation's tables and search index in memory.
  sqlite.pragma('cache_size = -65536')
  sqlite.pragma('temp_store = MEMORY')
  if (file !== ':memory:') sqlite.pragma('mmap_size = 268435456')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, dialect: 'sqlite', destroy: () => db.destroy() }
}

function openPostgres(options: DatabaseOptions): DatabaseHandle {
  // Dates stay strings: the API speaks yyyy-mm-dd and must not shift them through time zones.
  pg.types.setTypeParser(1082, (v) => v)
  // Counts (bigint) fit in a JS number for any congregation.
  pg.types.setTypeParser(20, (v) => Number(v))
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
  if (options.pgSchema) {
    const schema = options.pgSchema
    pool.on('connect', (client) => {
      client.query(`set search_path to "${schema}", public`).catch(() => undefined)
    })
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', destroy: () => db.destroy() }
}
