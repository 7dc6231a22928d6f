// What every npm run command shares: its exit codes, the configured database brought up to
// date, and how its main ends the process.
import path from 'node:path'
import { loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'

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
