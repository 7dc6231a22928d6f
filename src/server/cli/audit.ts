import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { verifyChain } from '../features/history'
import { runAsMain } from './commandLine'

export const USAGE = `Usage: npm run audit -- verify

  verify   walk the history's hash chain; prints "history intact: N events" and the last
           event's hash, or names the first event that was altered, removed or inserted
           (exit code 1)
`

/** Runs one audit command; returns the exit code (0 intact, 1 broken, 2 misused). */
export async function runAuditCommand(
  argv: string[],
  io: { db: Kysely<Database>; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'verify') {
    io.stderr.write(USAGE)
    return 2
  }
  const result = await verifyChain(io.db)
  if (result.intact) {
    io.stdout.write(`history intact: ${result.count} events\nlast hash: ${result.head}\n`)
    return 0
  }
  const what = {
    altered: 'was altered after it was written',
    removed: 'was removed',
    inserted: 'was inserted afterwards (it does not follow the event before it)',
  }[result.problem]
  io.stderr.write(
    `history BROKEN at event ${result.seq}: it ${what}. ` +
      `The ${result.count} events before it are intact.\n`,
  )
  return 1
}

if (require.main === module) runAsMain(runAuditCommand)
