// What every npm run command shares: its exit codes, the configured database brought up to
// date, and how its main ends the process.
import path from 'node:path'
import type { Kysely } from 'kysely'
import { loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/tables'

export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

/** Opens the database the configuration names (migrated), runs `command` on it, then closes it. */
export async function withConfiguredDatabase<T>(
  command: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const config = loadConfig()
  const database = openDatabase({
    url: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'abal.sqlite'),
  })
  try {
    await migrateToLatest(database.db)
    return await command(database)
  } finally {
    await database.destroy()
  }
}

/** Exits with the code `main` answers; an error it throws is printed and exits with 1. */
export function exitWith(main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`Failed: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(EXIT_FAILED)
    },
  )
}

/** What a command run from a shell is given: the configured database and this process's streams. */
export interface ProcessIO {
  db: Kysely<Database>
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /** True when stdin is a terminal. */
  isTTY: boolean
}

/** A command's main: runs it on the configured database with this process's arguments. */
export function runAsMain(command: (argv: string[], io: ProcessIO) => Promise<number>): void {
  exitWith(
    withConfiguredDatabase(({ db }) =>
      command(process.argv.slice(2), {
        db,
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        isTTY: process.stdin.isTTY === true,
      }),
    ),
  )
}
