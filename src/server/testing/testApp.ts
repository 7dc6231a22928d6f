import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { buildApp, type AppOptions } from '../app'
import {
  createPostgresSchema,
  type DatabaseHandle,
  type DatabaseOptions,
  openDatabase,
} from '../db/database'
import { type MigrateOptions, migrateToLatest } from '../db/migrate'
import { insertUser, type NewAccountOptions } from '../features/accounts/repository'
import type { Db } from '../db/tables'
import { hashPassword } from '../features/accounts/passwords'
import { createFromTemplate, databaseUrl, dropCopy } from './postgresTemplate'

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

/** Where each PostgreSQL test database was opened, for a second handle on it (anotherHandle). */
const openedAt = new WeakMap<Db, DatabaseOptions>()

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or on the PostgreSQL of
 * TEST_DATABASE_URL one of its own, so test files can run in parallel: a copy of a migrated
 * template (decision 0387), or, migrated only `upTo` a migration, a schema of its own.
 */
export async function createTestDatabase(
  options: Pick<MigrateOptions, 'upTo'> & {
    /** PostgreSQL: migrated in a schema of its own, as the migrations' snapshot is taken. */
    ownSchema?: boolean
  } = {},
): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const handle = openDatabase({ sqliteFile: ':memory:' })
    await migrateToLatest(handle.db, options)
    return handle
  }
  if (!options.upTo && !options.ownSchema) {
    const name = await createFromTemplate(url)
    const at = { url: databaseUrl(url, name), poolSize: 5 }
    const handle = openDatabase(at)
    openedAt.set(handle.db, at)
    return {
      ...handle,
      destroy: async () => {
        await handle.destroy()
        await dropCopy(url, name)
      },
    }
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`
  await createPostgresSchema(url, schema)
  const at = { url, pgSchema: schema, poolSize: 5 }
  const handle = openDatabase(at)
  openedAt.set(handle.db, at)
  await sharingSchemaLock(handle.db, () =>
    migrateToLatest(handle.db, { upTo: options.upTo, schema }),
  )
  return {
    ...handle,
    destroy: async () => {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK})`.execute(trx)
        await sql.raw(`drop schema "${schema}" cascade`).execute(trx)
      })
      await handle.destroy()
    },
  }
}

/** PostgreSQL: a second handle on a test database, as another server process would have. */
export function anotherHandle(database: DatabaseHandle): DatabaseHandle {
  const at = openedAt.get(database.db)
  if (!at) throw new Error('not a PostgreSQL test database')
  return openDatabase(at)
}

/** The advisory lock between test files' migrations and schema drops (any fixed number). */
const SCHEMA_LOCK = 2_027_001

/**
 * PostgreSQL: runs what migrates a test database (migrations, a copy between databases) holding
 * SCHEMA_LOCK shared. Kysely's migrator lists the tables of every schema and looks each schema up
 * by name, so a schema another test file drops meanwhile fails the list; a drop takes the lock
 * alone.
 */
export async function sharingSchemaLock<T>(db: Db, migrate: () => Promise<T>): Promise<T> {
  return withSchemaLock(db, '_shared', migrate)
}

/**
 * PostgreSQL: runs what drops columns or tables of a test database (a migration's `down`)
 * holding SCHEMA_LOCK alone, as a schema drop does: another test file's migrator reads every
 * schema's columns (pg_get_serial_sequence on each), and fails on one dropped meanwhile.
 */
export async function holdingSchemaLockAlone<T>(db: Db, change: () => Promise<T>): Promise<T> {
  if (!process.env.TEST_DATABASE_URL) return change()
  return withSchemaLock(db, '', change)
}

/** SCHEMA_LOCK on one connection for the length of `run`, shared (`_shared`) or alone. */
function withSchemaLock<T>(db: Db, mode: '' | '_shared', run: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(`select pg_advisory_lock${mode}(${SCHEMA_LOCK})`).execute(connection)
    try {
      return await run()
    } finally {
      await sql.raw(`select pg_advisory_unlock${mode}(${SCHEMA_LOCK})`).execute(connection)
    }
  })
}

/** Runs the migrations a test database made with `upTo` has not run yet, in its own schema. */
export async function migrateTestDatabaseToLatest(database: DatabaseHandle): Promise<void> {
  const { db } = database
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s
      : undefined
  if (schema) await sharingSchemaLock(db, () => migrateToLatest(db, { schema }))
  else await migrateToLatest(db)
}

/**
 * Databases for the tests of one describe block, each destroyed after its test. A migration's
 * test uses `storedBefore`: rows written at an older schema, then the migrations that follow.
 */
export function testDatabasePerTest() {
  const opened: DatabaseHandle[] = []
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.destroy()
  })
  const open = async (options: Pick<MigrateOptions, 'upTo'> = {}) => {
    const database = await createTestDatabase(options)
    opened.push(database)
    return database
  }
  return {
    open,
    /** A database migrated up to `upTo`, where `store` writes; then migrated to the latest. */
    async storedBefore<T>(
      upTo: string,
      store: (db: Db) => Promise<T>,
    ): Promise<{ database: DatabaseHandle; db: Db; stored: T }> {
      const database = await open({ upTo })
      const stored = await store(database.db)
      await migrateTestDatabaseToLatest(database)
      return { database, db: database.db, stored }
    },
  }
}

export interface TestContext {
  app: FastifyInstance
  database: DatabaseHandle
  close(): Promise<void>
}

/** The app over a test database the test made itself (createTestApp makes both). */
export function buildTestApp(
  database: DatabaseHandle,
  overrides: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  return buildApp({
    db: database.db,
    dialect: database.dialect,
    jwtSecret: TEST_JWT_SECRET,
    ...overrides,
  })
}

export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestContext> {
  const database = await createTestDatabase()
  const app = await buildTestApp(database, overrides)
  await app.ready()
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.destroy()
    },
  }
}

export interface SignedInUser {
  id: number
  username: string
  token: string
  auth: { authorization: string }
}

/** Signs an existing account in on `app`; answers its bearer header. */
export async function signInOn(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`)
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` }
}

/** A folder of the test file's own, made before its tests and removed after them. */
export function tempDirPerFile(prefix: string): () => string {
  let dir = ''
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  })
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return () => dir
}

/** An account a test file signs in: its username, or its username with a role. */
export type TestAccount = string | ({ username: string } & NewAccountOptions)

/** The accounts many test files sign in: the secretary (an admin) and the board (an auditor). */
export const SECRETARY: TestAccount = { username: 'secretary', role: 'admin' }
export const BOARD: TestAccount = { username: 'board', role: 'auditor' }

/**
 * The test file's app, made before its tests and closed after them, with `accounts` made and
 * signed in in their order. The objects answered are filled in by that first beforeAll, so read
 * their fields inside tests and hooks only.
 */
export function testAppPerFile<K extends string>(
  accounts = {} as Record<K, TestAccount>,
  overrides: Partial<AppOptions> = {},
) {
  return testAppWithAccounts(accounts, overrides, beforeAll, afterAll)
}

/** As testAppPerFile, but a fresh app and accounts for each test. */
export function testAppPerTest<K extends string>(
  accounts = {} as Record<K, TestAccount>,
  overrides: Partial<AppOptions> = {},
) {
  return testAppWithAccounts(accounts, overrides, beforeEach, afterEach)
}

function testAppWithAccounts<K extends string>(
  accounts: Record<K, TestAccount>,
  overrides: Partial<AppOptions>,
  setUp: typeof beforeAll,
  tearDown: typeof afterAll,
): { ctx: TestContext; users: Record<K, SignedInUser> } {
  const ctx = {} as TestContext
  const users = {} as Record<K, SignedInUser>
  const keys = Object.keys(accounts) as K[]
  for (const key of keys) users[key] = {} as SignedInUser
  setUp(async () => {
    Object.assign(ctx, await createTestApp(overrides))
    for (const key of keys) {
      const account: TestAccount = accounts[key]
      const { username, ...options } = typeof account === 'string' ? { username: account } : account
      Object.assign(users[key], await createUserAndSignIn(ctx, username, undefined, options))
    }
  })
  tearDown(() => ctx.close())
  return { ctx, users }
}

/** Creates an account and signs it in; returns its id and bearer token. */
export async function createUserAndSignIn(
  ctx: TestContext,
  username: string,
  password = 'correct horse battery',
  options: NewAccountOptions = {},
): Promise<SignedInUser> {
  const user = await insertUser(ctx.database.db, username, await hashPassword(password), options)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  })
  const token = (res.json() as { token: string }).token
  if (!token) throw new Error(`sign-in failed for ${username}: ${res.body}`)
  return { ...user, token, auth: { authorization: `Bearer ${token}` } }
}
