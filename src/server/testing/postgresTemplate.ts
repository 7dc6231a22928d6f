import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import type { Db } from '../db/tables'

/** The advisory lock under which one test process builds the template (any fixed number). */
const TEMPLATE_LOCK = 2_027_002
const MIGRATIONS_DIR = path.join(__dirname, '..', 'db', 'migrations')

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const at = new URL(url)
  at.pathname = `/${name}`
  return at.toString()
}

/** The test database's name in `url`, the base of the template's and each copy's names. */
const baseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1))

/** Changes with any migration file's text, so an edited migration is never served stale. */
function migrationsHash(): string {
  const hash = crypto.createHash('sha1')
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)))
  }
  return hash.digest('hex').slice(0, 10)
}

/** Runs `run` on one connection to the database `url` names, closed afterwards. */
async function onBase<T>(url: string, run: (db: Db) => Promise<T>): Promise<T> {
  const base = openDatabase({ url, poolSize: 1 })
  try {
    return await run(base.db)
  } finally {
    await base.destroy()
  }
}

/** The migrated template's name, and how CREATE DATABASE copies it on this server. */
let template: Promise<{ name: string; strategy: string }> | undefined

/**
 * A database migrated to the latest schema, for `CREATE DATABASE … TEMPLATE`: a copy takes
 * about 50 ms where migrating a new schema takes 260–390 ms (decision 0387). Built once per
 * set of migrations on this server; test processes take turns on an advisory lock.
 */
function migratedTemplate(url: string) {
  template ??= onBase(url, async (db) => {
    const name = await db.connection().execute((connection) => buildTemplate(url, connection))
    // PostgreSQL 15 and later copy block by block through the WAL unless told to copy the
    // files: three times slower for a database this small (130 against 48 ms).
    const { rows } = await sql<{
      v: string
    }>`select current_setting('server_version_num') as v`.execute(db)
    return { name, strategy: Number(rows[0].v) >= 150_000 ? ' strategy file_copy' : '' }
  })
  return template
}

async function buildTemplate(url: string, connection: Db): Promise<string> {
  const name = `${baseName(url)}_tpl_${migrationsHash()}`
  await sql`select pg_advisory_lock(${TEMPLATE_LOCK})`.execute(connection)
  try {
    const { rows } = await sql<{
      datname: string
    }>`select datname from pg_database where datname like ${`${baseName(url)}\\_tpl\\_%`}`.execute(
      connection,
    )
    if (rows.some((row) => row.datname === name)) return name
    // Templates of earlier migrations, and one a crashed build left half made.
    for (const row of rows) {
      await sql.raw(`drop database if exists "${row.datname}" with (force)`).execute(connection)
    }
    const building = `${name}_build`
    await sql.raw(`create database "${building}"`).execute(connection)
    await onBase(databaseUrl(url, building), async (fresh) => {
      await sql`create extension if not exists pg_trgm`.execute(fresh)
      await migrateToLatest(fresh)
    })
    // Renamed only once whole: a process that finds `name` finds it migrated.
    await sql.raw(`alter database "${building}" rename to "${name}"`).execute(connection)
    return name
  } finally {
    await sql`select pg_advisory_unlock(${TEMPLATE_LOCK})`.execute(connection)
  }
}

/** A new database copied from the migrated template; its name. */
export async function createFromTemplate(url: string): Promise<string> {
  const from = await migratedTemplate(url)
  const name = `${baseName(url)}_t_${crypto.randomBytes(6).toString('hex')}`
  await onBase(url, (db) =>
    sql.raw(`create database "${name}" template "${from.name}"${from.strategy}`).execute(db),
  )
  return name
}

/** Drops a database createFromTemplate made, closing any connection a test left open. */
export async function dropCopy(url: string, name: string): Promise<void> {
  await onBase(url, (db) => sql.raw(`drop database if exists "${name}" with (force)`).execute(db))
}
