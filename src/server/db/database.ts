import SQLite from 'better-sqlite3'
import {
  Kysely,
  PostgresDialect,
  sql,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely'
import pg from 'pg'
import { createPrivateFile } from '../platform/dataFiles'
import { registerReadPool, SqliteReadPool } from './readPool'
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
  /** SQLite file only: worker threads that run search reads (readPool.ts); 0 for none. */
  readWorkers?: number
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) return openPostgres(options)
  return openSqlite(options.sqliteFile ?? ':memory:', options.readWorkers ?? 0)
}

/** The SQLite file (or ':memory:') with the pragmas Abal runs it with. */
export function openSqliteFile(file: string): SQLite.Database {
  if (file !== ':memory:') createPrivateFile(file)
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // Keep the hot part of a large congregation's tables and search index in memory.
  sqlite.pragma('cache_size = -65536')
  sqlite.pragma('temp_store = MEMORY')
  if (file !== ':memory:') sqlite.pragma('mmap_size = 268435456')
  return sqlite
}

const STATEMENT_CACHE_SIZE = 256

/**
 * The database as Kysely's SQLite driver sees it, with each statement prepared once per SQL
 * text: the driver prepares every query afresh, and parsing and planning the member select
 * cost more than running it. Least recently used first out, since `in (…)` lists of every
 * length each have their own text. Reusing a statement is safe: the driver runs one query at a
 * time on its one connection.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  const rollback = rollbackIfOpen(sqlite)
  return {
    prepare(text: string) {
      if (text === 'rollback') return rollback
      let statement = statements.get(text)
      if (statement) statements.delete(text)
      else statement = sqlite.prepare(text)
      statements.set(text, statement)
      if (statements.size > STATEMENT_CACHE_SIZE) {
        statements.delete(statements.keys().next().value as string)
      }
      return statement
    },
    close() {
      statements.clear()
      sqlite.close()
    },
  }
}

/**
 * Kysely's rollback after a failed transaction. On SQLITE_FULL or an I/O error SQLite has
 * often rolled back already, and a second rollback ("cannot rollback - no transaction is
 * active") would replace the real error in the log and the answer: so it runs only while a
 * transaction is open (better-sqlite3's documented inTransaction).
 */
function rollbackIfOpen(sqlite: SQLite.Database): SqliteStatement {
  let statement: SQLite.Statement | undefined
  return {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run: () => {
      if (!sqlite.inTransaction) return { changes: 0, lastInsertRowid: 0 }
      statement ??= sqlite.prepare('rollback')
      return statement.run()
    },
  }
}

function openSqlite(file: string, readWorkers: number): DatabaseHandle {
  const sqlite = openSqliteFile(file)
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
  // An in-memory database is private to its connection: nothing for a worker to open.
  if (file === ':memory:' || readWorkers <= 0) {
    return { db, dialect: 'sqlite', destroy: () => db.destroy() }
  }
  const pool = new SqliteReadPool(file, readWorkers)
  registerReadPool(db, pool)
  return {
    db,
    dialect: 'sqlite',
    destroy: async () => {
      await pool.close()
      await db.destroy()
    },
  }
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

/**
 * PostgreSQL: a new, empty schema in the database at `url` (with `replace`, one of that name is
 * dropped first), and the pg_trgm extension the migrations' search indexes need. Tests and
 * benchmarks each work in a schema of their own.
 */
export async function createPostgresSchema(
  url: string,
  schema: string,
  { replace = false } = {},
): Promise<void> {
  const setup = openPostgres({ url, poolSize: 1 })
  try {
    // Test files racing to create it fail all but one; the extension is there either way.
    await sql`create extension if not exists pg_trgm`.execute(setup.db).catch(() => undefined)
    if (replace) await sql.raw(`drop schema if exists "${schema}" cascade`).execute(setup.db)
    await sql.raw(`create schema "${schema}"`).execute(setup.db)
  } finally {
    await setup.destroy()
  }
}
