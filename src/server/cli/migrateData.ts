// npm run migrate-data -- --from <sqlite file | postgres url> --to <postgres url | sqlite file>
import fs from 'node:fs'
import path from 'node:path'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { copyDatabase, DataMigrationRefused } from './dataMigration'
import type { CommandIO } from './backupCommands'

export const USAGE = `Usage: npm run migrate-data -- --from SOURCE --to TARGET [--force]

  SOURCE, TARGET   a SQLite file (data/abal.sqlite) or a PostgreSQL URL (postgres://…)
  --force          replace what the target holds instead of refusing a non-empty target

Copies every account, member, photo, history event, restore-bin entry and pending import,
keeping their ids, in one transaction on the target. Stop the Abal servers first.
`

const isUrl = (s: string) => /^postgres(ql)?:\/\//.test(s)

/** A password in a URL is not echoed back to the terminal or a log. */
const shown = (s: string) => (isUrl(s) ? s.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@') : s)

function open(location: string): DatabaseHandle {
  return isUrl(location)
    ? openDatabase({ url: location, poolSize: 2 })
    : openDatabase({ sqliteFile: path.resolve(location) })
}

/** Runs the copy; returns the exit code (0 copied and verified, 1 refused or failed, 2 misused). */
export async function runMigrateData(args: readonly string[], io: CommandIO): Promise<number> {
  let from: string | undefined
  let to: string | undefined
  let force = false
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--from' && args[i + 1]) from = args[++i]
    else if (args[i] === '--to' && args[i + 1]) to = args[++i]
    else if (args[i] === '--force') force = true
    else {
      io.stderr.write(USAGE)
      return 2
    }
  }
  if (!from || !to) {
    io.stderr.write(USAGE)
    return 2
  }
  if (!isUrl(from) && !fs.existsSync(from)) {
    io.stderr.write(`${from} does not exist. Nothing was changed.\n`)
    return 1
  }
  if (
    isUrl(from) === isUrl(to) &&
    (isUrl(from) ? from === to : path.resolve(from) === path.resolve(to))
  ) {
    io.stderr.write('The source and the target are the same database. Nothing was changed.\n')
    return 1
  }
  const source = open(from)
  const target = open(to)
  try {
    io.stdout.write(`Copying ${shown(from)} → ${shown(to)}\n`)
    const report = await copyDatabase(source, target, {
      force,
      log: (line) => io.stdout.write(`  ${line}\n`),
    })
    io.stdout.write(
      `Copied and verified: every table's row count matches; history intact: ` +
        `${report.historyEvents} events, last hash ${report.historyHead}.\n`,
    )
    return 0
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error)
    if (error instanceof DataMigrationRefused) io.stderr.write(`${text}\n`)
    else io.stderr.write(`Copy failed: ${text}\n`)
    return 1
  } finally {
    await source.destroy()
    await target.destroy()
  }
}

if (require.main === module) {
  runMigrateData(process.argv.slice(2), process).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`Failed: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}
