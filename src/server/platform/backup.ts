// Backups of the SQLite database (photos included: they live in it). SQLite's online backup API
// copies a consistent snapshot while the server keeps writing; the copy is checked with
// PRAGMA integrity_check and renamed into place, so a half-written file never carries the name.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { migrations } from '../db/migrations'

export const DATABASE_FILE_NAME = 'abal.sqlite'
export const BACKUP_PREFIX = 'abal-'
export const BACKUP_SUFFIX = '.sqlite'

// sqlite3_backup_step copies this many pages per step; 0 would copy none.
const ALL_PAGES = 0x7fffffff

export class BackupError extends Error {}

/** abal-2026-11-25T01-30-00Z.sqlite: sorts by time, no characters a file system refuses. */
export function defaultBackupName(now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-')
  return `${BACKUP_PREFIX}${stamp}Z${BACKUP_SUFFIX}`
}

/** The time a default-named backup was taken, or undefined for another name. */
export function backupTime(name: string): Date | undefined {
  const match = /^abal-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/.exec(name)
  if (!match) return undefined
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`)
  return Number.isNaN(time.getTime()) ? undefined : time
}

/** Integrity problems of a database file (none: []); it is left in rollback-journal mode. */
function verifyCopy(file: string): string[] {
  const db = new SQLite(file, { fileMustExist: true })
  try {
    // The copy inherits WAL mode from the live file; a backup is one self-contained file.
    db.pragma('journal_mode = DELETE')
    const rows = db.pragma('integrity_check') as { integrity_check: string }[]
    return rows.map((row) => row.integrity_check).filter((text) => text !== 'ok')
  } finally {
    db.close()
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** Read and write for the owner only (docs/security.md: file modes). */
export const BACKUP_FILE_MODE = 0o600

/**
 * Copies the live database at `source` to `target` through SQLite's online backup API (from a
 * connection of its own, so it works beside a running server), verifies the copy and renames it
 * into place. Nothing is left at `target` unless the whole copy is good.
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`)
  const dir = path.dirname(target)
  // A backup holds every member and photo: its owner alone may read it, whatever the umask.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const temporary = path.join(
    dir,
    `.${path.basename(target)}.${crypto.randomBytes(4).toString('hex')}.tmp`,
  )
  // Created 0600 before SQLite writes into it, so the copy is never readable by others.
  fs.closeSync(fs.openSync(temporary, 'wx', BACKUP_FILE_MODE))
  const live = new SQLite(source, { readonly: true, fileMustExist: true })
  try {
    live.pragma('busy_timeout = 5000')
    // After the first step, copy every remaining page in one step: a write between steps would
    // restart the copy, and under WAL one long read never blocks the server's writes.
    await live.backup(temporary, { progress: () => ALL_PAGES })
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  } finally {
    live.close()
  }
  try {
    const problems = verifyCopy(temporary)
    if (problems.length > 0) {
      throw new BackupError(
        `The copy failed its integrity check: ${problems.slice(0, 3).join('; ')}`,
      )
    }
    fs.chmodSync(temporary, BACKUP_FILE_MODE)
    fsyncFile(temporary)
    fs.renameSync(temporary, target)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
}

export type DatabaseFileCheck =
  | { ok: true; appliedMigrations: string[]; pendingMigrations: string[] }
  | { ok: false; reason: string }

/**
 * Whether `file` is an Abal database this version can use: a SQLite file that passes its
 * integrity check, has Abal's tables, and has no migration this version does not know (a
 * newer schema).
 */
export function checkDatabaseFile(
  file: string,
  options: { headerOnly?: boolean; shownAs?: string } = {},
): DatabaseFileCheck {
  const name = options.shownAs ?? file
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return { ok: false, reason: `${name} is not a file` }
  }
  const header = Buffer.alloc(16)
  const fd = fs.openSync(file, 'r')
  try {
    fs.readSync(fd, header, 0, 16, 0)
  } finally {
    fs.closeSync(fd)
  }
  if (header.toString('latin1') !== 'SQLite format 3\u0000') {
    return { ok: false, reason: `${name} is not an Abal database (not a SQLite file)` }
  }
  if (options.headerOnly) return { ok: true, appliedMigrations: [], pendingMigrations: [] }
  let db: SQLite.Database | undefined
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true })
    const rows = db.pragma('integrity_check') as { integrity_check: string }[]
    const problems = rows.map((row) => row.integrity_check).filter((text) => text !== 'ok')
    if (problems.length > 0) {
      return { ok: false, reason: `${name} fails its integrity check: ${problems[0]}` }
    }
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string
        }[]
      ).map((row) => row.name),
    )
    if (!tables.has('kysely_migration') || !tables.has('members') || !tables.has('users')) {
      return { ok: false, reason: `${name} is not an Abal database (its tables are missing)` }
    }
    const applied = (
      db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name)
    const known = new Set(Object.keys(migrations))
    const unknown = applied.filter((name) => !known.has(name))
    if (unknown.length > 0) {
      return {
        ok: false,
        reason:
          `${name} comes from a newer version of Abal (schema ${unknown[unknown.length - 1]}); ` +
          'upgrade Abal first, then restore it',
      }
    }
    const done = new Set(applied)
    return {
      ok: true,
      appliedMigrations: applied,
      pendingMigrations: [...known].filter((name) => !done.has(name)),
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, reason: `${name} cannot be read as an Abal database: ${message}` }
  } finally {
    db?.close()
  }
}

export interface BackupEntry {
  name: string
  time: Date
}

/** ISO-8601 week of a UTC date as "yyyy-Www", so weeks roll over on Monday everywhere. */
function isoWeek(time: Date): string {
  const day = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()))
  const weekday = day.getUTCDay() || 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * Which automatic backups to keep: the newest of each of the last `daily` days that have one,
 * and the newest of each of the last `weekly` weeks before those. Everything else may go.
 */
export function backupsToKeep(entries: readonly BackupEntry[], daily = 7, weekly = 4): Set<string> {
  const newestFirst = [...entries].sort((a, b) => b.time.getTime() - a.time.getTime())
  const keep = new Set<string>()
  const days = new Set<string>()
  const weeks = new Set<string>()
  let weeklyKept = 0
  for (const entry of newestFirst) {
    const day = entry.time.toISOString().slice(0, 10)
    const week = isoWeek(entry.time)
    if (days.has(day)) continue
    if (days.size < daily) {
      days.add(day)
      weeks.add(week)
      keep.add(entry.name)
    } else if (!weeks.has(week) && weeklyKept < weekly) {
      weeks.add(week)
      weeklyKept += 1
      keep.add(entry.name)
    }
  }
  return keep
}

/** Deletes the automatic backups in `dir` that retention does not keep; returns their names. */
export function pruneBackups(dir: string, daily = 7, weekly = 4): string[] {
  const entries: BackupEntry[] = []
  for (const name of fs.readdirSync(dir)) {
    const time = backupTime(name)
    if (time) entries.push({ name, time })
  }
  const keep = backupsToKeep(entries, daily, weekly)
  const removed: string[] = []
  for (const entry of entries) {
    if (keep.has(entry.name)) continue
    fs.rmSync(path.join(dir, entry.name), { force: true })
    removed.push(entry.name)
  }
  return removed
}
