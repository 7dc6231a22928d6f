// npm run backup / npm run restore: the operator's side of platform/backup.ts. Each command
// returns an exit code and writes only to the streams it is given, so tests run it in-process.
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { openDatabase, openSqliteFile } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import {
  backupDatabase,
  checkDatabaseFile,
  DATABASE_FILE_NAME,
  defaultBackupName,
} from '../platform/backup'
import { runningServers } from '../platform/serverLock'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './commandLine'

export { EXIT_FAILED, EXIT_OK, EXIT_USAGE }

export interface CommandIO {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

type CommandConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'backupDir'>

const POSTGRES_BACKUP = `This Abal runs on PostgreSQL (DATABASE_URL is set): back it up with PostgreSQL's own tools.

  pg_dump --format=custom --file=abal-$(date +%F).dump "$DATABASE_URL"

See docs/operating.md, section Backup.
`

const POSTGRES_RESTORE = `This Abal runs on PostgreSQL (DATABASE_URL is set): restore with PostgreSQL's own tools.

  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" abal-2026-11-25.dump

Stop the servers first. See docs/operating.md, section Restore.
`

const isPostgres = (config: CommandConfig) =>
  config.databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(config.databaseUrl)

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

type FileCommand = (
  args: readonly string[],
  config: CommandConfig,
  io: CommandIO,
  now: Date,
) => Promise<number>

/** Backup and restore copy the SQLite file; on PostgreSQL they name its own tool instead. */
function sqliteOnly(postgresHelp: string, command: FileCommand) {
  return async (
    args: readonly string[],
    config: CommandConfig,
    io: CommandIO,
    now: Date = new Date(),
  ): Promise<number> => {
    if (isPostgres(config)) {
      io.stderr.write(postgresHelp)
      return EXIT_USAGE
    }
    return command(args, config, io, now)
  }
}

/** npm run backup -- [--out FILE] */
export const runBackup = sqliteOnly(POSTGRES_BACKUP, async (args, config, io, now) => {
  let out: string | undefined
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--out' && args[i + 1]) out = args[++i]
    else {
      io.stderr.write('Usage: npm run backup -- [--out FILE]\n')
      return EXIT_USAGE
    }
  }
  const source = path.join(config.dataDir, DATABASE_FILE_NAME)
  const dir = config.backupDir ?? path.join(config.dataDir, 'backups')
  const target = path.resolve(out ?? path.join(dir, defaultBackupName(now)))
  if (fs.existsSync(target)) {
    io.stderr.write(`${target} already exists; choose another name with --out.\n`)
    return EXIT_FAILED
  }
  try {
    await backupDatabase(source, target)
  } catch (error) {
    io.stderr.write(`Backup failed: ${message(error)}\nNothing was changed.\n`)
    return EXIT_FAILED
  }
  io.stdout.write(`Backup written to ${target} (${fs.statSync(target).size} bytes, verified).\n`)
  return EXIT_OK
})

/**
 * Folds a database's WAL into its main file, so it is one self-contained file. Answers how
 * many WAL frames it held: 0 when there was no WAL or nothing in it.
 */
function makeSelfContained(file: string): number {
  const db = openSqliteFile(file)
  try {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number }[]
    if (result.busy !== 0) throw new Error('its write-ahead log could not be folded in')
    db.pragma('journal_mode = DELETE')
    return Math.max(0, result.log)
  } finally {
    db.close()
  }
}

const SIDE_FILES = ['', '-wal', '-shm', '-journal']
/**
 * Beside a backup, what holds part of its contents: a copy taken of a live file (or after a
 * crash) has its last writes in the -wal, and a -journal undoes a half-done write. The -shm is
 * only an index SQLite rebuilds from the -wal, and a stale one must not be trusted.
 */
const CONTENT_FILES = ['-wal', '-journal']

/** npm run restore -- FILE */
export const runRestore = sqliteOnly(POSTGRES_RESTORE, async (args, config, io, now) => {
  if (args.length !== 1 || args[0].startsWith('-')) {
    io.stderr.write('Usage: npm run restore -- FILE\n')
    return EXIT_USAGE
  }
  const file = path.resolve(args[0])
  const servers = runningServers(config.dataDir)
  if (servers.length > 0) {
    io.stderr.write(
      `Refused: an Abal server is running on ${config.dataDir} (process ${servers.join(', ')}). ` +
        'Stop it first, then run the restore again. Nothing was changed.\n',
    )
    return EXIT_FAILED
  }
  const header = checkDatabaseFile(file, { headerOnly: true })
  if (!header.ok) {
    io.stderr.write(`Refused: ${header.reason}. Nothing was changed.\n`)
    return EXIT_FAILED
  }
  const live = path.join(config.dataDir, DATABASE_FILE_NAME)
  const staged = path.join(config.dataDir, `.restore-${process.pid}.sqlite`)
  const removeStaged = () => {
    for (const suffix of SIDE_FILES) fs.rmSync(staged + suffix, { force: true })
  }
  try {
    fs.mkdirSync(config.dataDir, { recursive: true })
    removeStaged()
    // The copy, never the operator's file, is opened for writing: with its -wal beside it,
    // SQLite replays the last writes into it.
    fs.copyFileSync(file, staged)
    const beside = CONTENT_FILES.filter((suffix) => fs.existsSync(file + suffix))
    for (const suffix of beside) fs.copyFileSync(file + suffix, staged + suffix)
    if (beside.length > 0) {
      const frames = makeSelfContained(staged)
      io.stdout.write(
        `Read ${beside.map((suffix) => file + suffix).join(' and ')} with the backup ` +
          `(${frames} page${frames === 1 ? '' : 's'} of later writes folded in).\n`,
      )
    }
  } catch (error) {
    removeStaged()
    io.stderr.write(
      `Refused: ${file} cannot be read together with the files beside it: ${message(error)}. ` +
        'Nothing was changed.\n',
    )
    return EXIT_FAILED
  }
  const check = checkDatabaseFile(staged, { shownAs: file })
  if (!check.ok) {
    removeStaged()
    io.stderr.write(`Refused: ${check.reason}. Nothing was changed.\n`)
    return EXIT_FAILED
  }
  try {
    if (check.pendingMigrations.length > 0) {
      const database = openDatabase({ sqliteFile: staged })
      try {
        await migrateToLatest(database.db)
      } finally {
        await database.destroy()
      }
      io.stdout.write(`Brought the backup up to date (${check.pendingMigrations.join(', ')}).\n`)
    }
    makeSelfContained(staged)
  } catch (error) {
    removeStaged()
    io.stderr.write(`Restore failed: ${message(error)}\nNothing was changed.\n`)
    return EXIT_FAILED
  }
  let asideName: string | undefined
  if (fs.existsSync(live)) {
    asideName = `abal.before-restore-${defaultBackupName(now).slice(5)}`
    for (const suffix of SIDE_FILES) {
      if (fs.existsSync(live + suffix)) {
        fs.renameSync(live + suffix, path.join(config.dataDir, asideName + suffix))
      }
    }
  }
  fs.renameSync(staged, live)
  if (asideName) {
    io.stdout.write(`The previous database is kept as ${path.join(config.dataDir, asideName)}.\n`)
  }
  io.stdout.write(`Restored ${file} into ${live}.\nStart (or restart) the Abal server now.\n`)
  return EXIT_OK
})
