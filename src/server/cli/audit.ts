import fs from 'node:fs'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import {
  anchorsIn,
  type ChainAnchor,
  checkAnchor,
  formatAnchor,
  verifyChain,
} from '../features/history'
import { runAsMain } from './commandLine'

export const USAGE = `Usage: npm run audit -- verify [--since COUNT:HASH | --since FILE]

  verify   walk the history's hash chain; prints "history intact: N events", the last
           event's hash and the head (N:hash) to keep elsewhere, or names the first event
           that was altered, removed or inserted (exit code 1)
  --since  also check a head recorded earlier (printed by verify, on the dashboard's report,
           in every history export and in the backup log; a FILE may hold several): the
           history must still begin with it, or it was cut short or rewritten (exit code 1)
`

/** The anchors --since names: one given as COUNT:HASH, or every one found in a file. */
function sinceAnchors(value: string): ChainAnchor[] | string {
  const given = anchorsIn(value)
  if (given.length === 1 && formatAnchor(given[0]) === value.trim()) return given
  if (!fs.existsSync(value)) return `--since takes COUNT:HASH or a file: ${value} is neither.`
  const found = anchorsIn(fs.readFileSync(value, 'utf8'))
  return found.length > 0 ? found : `${value} holds no recorded head (COUNT:HASH).`
}

/** Runs one audit command; returns the exit code (0 intact, 1 broken, 2 misused). */
export async function runAuditCommand(
  argv: string[],
  io: { db: Kysely<Database>; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  const usable =
    argv[0] === 'verify' && (argv.length === 1 || (argv.length === 3 && argv[1] === '--since'))
  if (!usable) {
    io.stderr.write(USAGE)
    return 2
  }
  const anchors = argv.length === 3 ? sinceAnchors(argv[2]) : []
  if (typeof anchors === 'string') {
    io.stderr.write(`${anchors}\n`)
    return 2
  }
  const result = await verifyChain(io.db)
  if (!result.intact) {
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
  for (const anchor of anchors) {
    const check = await checkAnchor(io.db, anchor)
    if (check.holds) continue
    io.stderr.write(
      check.problem === 'shortened'
        ? `history BROKEN: the recorded head ${formatAnchor(anchor)} names event ${anchor.count}, ` +
            `but the history now has only ${result.count} events: events were removed from its end.\n`
        : `history BROKEN: event ${anchor.count} is not the one recorded in ${formatAnchor(anchor)}: ` +
            'the history was rewritten since (its chain was recomputed).\n',
    )
    return 1
  }
  io.stdout.write(
    `history intact: ${result.count} events\nlast hash: ${result.head}\n` +
      `head: ${formatAnchor({ count: result.count, hash: result.head })}\n`,
  )
  if (anchors.length > 0) {
    io.stdout.write(
      `recorded head${anchors.length === 1 ? '' : 's'} still in the history: ${anchors.length}\n`,
    )
  }
  return 0
}

if (require.main === module) runAsMain(runAuditCommand)
