// npm run bench:stats-cpu -- FILE: the CPU time (every thread of the process) and wall time of
// GET /api/stats's work per call, on a SQLite file seeded by `npm run bench -- --members N`
// (kept as data/bench-N.sqlite). CPU time is the figure to compare between two versions of
// the code when wall-clock time varies from run to run.
import { Kysely, SqliteDialect } from 'kysely'
import { openSqliteFile, withStatementCache } from '../src/server/db/database'
import { migrateToLatest } from '../src/server/db/migrate'
import { registerReadPool, SqliteReadPool } from '../src/server/db/readPool'
import type { Database } from '../src/server/db/tables'
import { memberStats } from '../src/server/features/stats/service'

const file = process.argv[2]
if (!file) throw new Error('usage: npm run bench:stats-cpu -- data/bench-N.sqlite')
const CALLS = Number(process.env.CALLS ?? 40)

async function main() {
  const raw = openSqliteFile(file)
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(raw) }),
  })
  await migrateToLatest(db)
  const workers = Number(process.env.SQLITE_READ_WORKERS ?? 2)
  const pool = workers > 0 ? new SqliteReadPool(file, workers) : undefined
  if (pool) registerReadPool(db, pool)
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'bench-big')
    .executeTakeFirstOrThrow()
  const cpu = () => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
  const cpus: number[] = []
  const walls: number[] = []
  for (let i = 0; i < CALLS + 5; i += 1) {
    const [cpu0, wall0] = [cpu(), performance.now()]
    await memberStats(db, {
      owner: owner.id,
      today: new Date().toISOString().slice(0, 10),
      tzMinutes: 180,
      calendar: i % 2 ? 'ethiopian' : 'gregorian',
    })
    // The first five warm the statement caches and the JIT.
    if (i >= 5) {
      cpus.push(cpu() - cpu0)
      walls.push(performance.now() - wall0)
    }
  }
  const at = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))].toFixed(1)
  console.log(
    `${CALLS} calls, ${workers} read workers: CPU ms min ${at(cpus, 0)} median ${at(cpus, 0.5)};` +
      ` wall ms median ${at(walls, 0.5)} p95 ${at(walls, 0.95)}`,
  )
  await pool?.close()
  await db.destroy()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
