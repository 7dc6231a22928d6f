import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'

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

let template: Promise<string> | undefined

/**
 * A database migrated to the latest schema, for `CREATE DATABASE … TEMPLATE`: a copy takes
 * about 20 ms where migrating a new schema takes 260–390 ms (decision 0387). Built once per
 * set of migrations on this server; test processes take turns on an advisory lock.
 */
function migratedTemplate(url: string): Promise<string> {
  template ??= buildTemplate(url)
  return template
}

async function buildTemplate(url: string): Promise<string> {
  const name = `${baseName(url)}_tpl_${migrationsHash()}`
  const base = openDatabase({ url, poolSize: 1 })
  try {
    return await base.db.connection().execute(async (connection) => {
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
        await sql.raw(`drop database if exists "${building}" with (force)`).execute(connection)
        await sql.raw(`create database "${building}"`).execute(connection)
        const fresh = openDatabase({ url: databaseUrl(url, building), poolSize: 1 })
        try {
          await sql`create extension if not exists pg_trgm`.execute(fresh.db)
          await migrateToLatest(fresh.db)
        } finally {
          await fresh.destroy()
        }
        // Renamed only once whole: a process that finds `name` finds it migrated.
        await sql.raw(`alter database "${building}" rename to "${name}"`).execute(connection)
        return name
      } finally {
        await sql`select pg_advisory_unlock(${TEMPLATE_LOCK})`.execute(connection)
      }
    })
  } finally {
    await base.destroy()
  }
}

/** A new database copied from the migrated template; its name. */
export async function createFromTemplate(url: string): Promise<string> {
  const from = await migratedTemplate(url)
  const name = `${baseName(url)}_t_${crypto.randomBytes(6).toString('hex')}`
  const base = openDatabase({ url, poolSize: 1 })
  try {
    // PostgreSQL 15 and later copy block by block through the WAL unless told to copy the
    // files: three times slower for a database this small (130 against 48 ms).
    const { rows } = await sql<{
      v: string
    }>`select current_setting('server_version_num') as v`.execute(base.db)
    const strategy = Number(rows[0].v) >= 150_000 ? ' strategy file_copy' : ''
    await sql.raw(`create database "${name}" template "${from}"${strategy}`).execute(base.db)
  } finally {
    await base.destroy()
  }
  return name
}

/** Drops a database createFromTemplate made, closing any connection a test left open. */
export async function dropCopy(url: string, name: string): Promise<void> {
  const base = openDatabase({ url, poolSize: 1 })
  try {
    await sql.raw(`drop database if exists "${name}" with (force)`).execute(base.db)
  } finally {
    await base.destroy()
  }
}
