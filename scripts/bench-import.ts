// npm run bench:import: times the import and export of issue 24 on a temporary SQLite file, or
// in a temporary schema of BENCH_DATABASE_URL's PostgreSQL database. 10,000 seeded members are
// exported as .xlsx, then uploaded (read, mapped, checked, duplicates against a 10,000-member
// account: the preview) and committed into another account; the same members are also uploaded
// as a CSV with their names in three columns and in one full-name column (the split's cost), and
// committed in 2,500 families of four (households placed); then 100,000 members are exported as
// .xlsx and as CSV. `-- --only import` or `-- --only export` runs one half.
import { stringify } from 'csv-stringify/sync'
import { seedMembers } from '../src/server/cli/seedMembers'
import { insertUser } from '../src/server/features/accounts/repository'
import type { Db } from '../src/server/db/tables'
import { hashPassword } from '../src/server/features/accounts/passwords'
import { csvOf, importCalls } from '../src/server/testing/importCalls'
import { buildTestApp, signInOn } from '../src/server/testing/testApp'
import { benchDatabase } from './benchDatabase'
import { percentile } from './benchServer'

const PASSWORD = 'bench-password-123'

/**
 * Wall clock and this process's CPU time (SQLite runs in it): on a machine shared with other
 * work the wall clock grows with the wait for a core, the CPU time does not.
 */
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await run()
  const used = process.cpuUsage(cpu)
  process.stdout.write(
    `${label.padEnd(52)} ${((performance.now() - started) / 1000).toFixed(2)} s` +
      ` (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s)\n`,
  )
  return result
}

const onlyAt = process.argv.indexOf('--only')
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined
if (only !== undefined && only !== 'import' && only !== 'export') {
  throw new Error('--only takes import or export')
}

async function main() {
  const database = await benchDatabase('import')
  try {
    const app = await buildTestApp(database)
    await app.ready()
    const hash = await hashPassword(PASSWORD)
    const signIn = async (username: string) => {
      const user = await insertUser(database.db, username, hash)
      return { user, auth: await signInOn(app, username, PASSWORD) }
    }
    const source = await signIn('source')
    const target = await signIn('target')
    const big = await signIn('big')
    if (only !== 'export') await importBench(database.db, app, source, target)
    if (only !== 'import') await exportBench(database.db, app, big)
    await app.close()
  } finally {
    await database.destroy()
  }
}

type App = Awaited<ReturnType<typeof buildTestApp>>
interface Account {
  user: { id: number }
  auth: { authorization: string }
}

async function importBench(db: Db, app: App, source: Account, target: Account) {
  // A small file's upload is mostly its reader worker's start (decision 0383).
  const small = csvOf([
    ['first_name', 'last_name'],
    ['Abebe', 'Kebede'],
  ])
  const calls = importCalls(() => app)
  const times: number[] = []
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now()
    const res = await calls.upload(target.auth, small, 'members.csv', {}, 'text/csv')
    if (res.statusCode !== 200) throw new Error(`small upload: ${res.statusCode} ${res.body}`)
    times.push(performance.now() - started)
  }
  const [first, ...rest] = times
  process.stdout.write(
    `${'upload a two-row CSV: first, then median of 6'.padEnd(52)} ${first.toFixed(0)} ms,` +
      ` ${percentile(rest, 50).toFixed(0)} ms\n`,
  )
  await seedMembers(db, {
    ownerId: source.user.id,
    ownerName: 'source',
    count: 10_000,
    seed: 1,
  })
  // The target already holds 10,000 other members, so the duplicate check has work to do.
  await seedMembers(db, {
    ownerId: target.user.id,
    ownerName: 'target',
    count: 10_000,
    seed: 2,
  })

  const file = await timed('export 10,000 members (.xlsx)', async () => {
    const res = await app.inject({
      url: '/api/members/export?format=xlsx&lang=am',
      headers: source.auth,
    })
    return res.rawPayload
  })
  process.stdout.write(`  file: ${(file.length / 1024 / 1024).toFixed(1)} MB\n`)
  const preview = await timed('import 10,000 rows: upload → preview', async () => {
    const res = await importCalls(() => app).upload(target.auth, file)
    if (res.statusCode !== 200)
      throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return res.json<{ id: string; rows: number; errors: unknown[]; duplicates: unknown[] }>()
  })
  process.stdout.write(
    `  rows ${preview.rows}, errors ${preview.errors.length}, duplicates ${preview.duplicates.length}\n`,
  )
  await namesBench(db, app, source, target)
  const result = await timed('import 10,000 rows: commit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/imports/${preview.id}/commit`,
      headers: target.auth,
      payload: { on_duplicate: 'create' },
    })
    return res.json<Record<string, number>>()
  })
  process.stdout.write(`  ${JSON.stringify(result)}\n`)
  await familiesBench(db, app, source, target)
}

/** A register with its names in three columns, then in one column (split on import). */
async function namesBench(db: Db, app: App, source: Account, target: Account) {
  const people = await db
    .selectFrom('members')
    .select(['first_name', 'middle_name', 'last_name', 'phone_primary'])
    .where('owner_user_id', '=', source.user.id)
    .orderBy('id')
    .execute()
  const phone = (p: (typeof people)[number]) => p.phone_primary ?? ''
  const layouts: [string, string[], (p: (typeof people)[number]) => string[]][] = [
    [
      '3 name columns',
      ['First Name', "Father's Name", "Grandfather's Name", 'Phone'],
      (p) => [p.first_name, p.middle_name ?? '', p.last_name, phone(p)],
    ],
    [
      '1 full-name column',
      ['Full Name', 'Phone'],
      (p) => [[p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' '), phone(p)],
    ],
  ]
  for (const [label, header, cells] of layouts) {
    const file = Buffer.from(stringify([header, ...people.map(cells)]), 'utf8')
    const preview = await timed(`import 10,000 rows, ${label}: preview`, async () => {
      const res = await importCalls(() => app).upload(
        target.auth,
        file,
        'register.csv',
        {},
        'text/csv',
      )
      if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode}`)
      return res.json<{ rows: number; errors: unknown[]; mapping: Record<string, unknown> }>()
    })
    process.stdout.write(
      `  rows ${preview.rows}, errors ${preview.errors.length}, ${JSON.stringify(preview.mapping)}\n`,
    )
  }
}

/** The same people as a CSV in families of four, each with a household number and a name. */
async function familiesBench(db: Db, app: App, source: Account, target: Account) {
  const people = await db
    .selectFrom('members')
    .select(['first_name', 'middle_name', 'last_name'])
    .where('owner_user_id', '=', source.user.id)
    .orderBy('id')
    .execute()
  const roles = ['head', 'spouse', 'child', 'child']
  const header = ['First Name', "Father's Name", 'Last Name', 'Household number', 'Household Name']
  const rows = people.map((p, at) => {
    const family = Math.floor(at / roles.length) + 1
    return [p.first_name, p.middle_name ?? '', p.last_name, `B-${family}`, `Family ${family}`]
  })
  const file = Buffer.from(
    stringify([
      [...header, 'Family Role'],
      ...rows.map((row, at) => [...row, roles[at % roles.length]]),
    ]),
    'utf8',
  )
  const calls = importCalls(() => app)
  const upload = await calls.upload(target.auth, file, 'families.csv', {}, 'text/csv')
  if (upload.statusCode !== 200) throw new Error(`preview: ${upload.statusCode}`)
  const { id } = upload.json<{ id: string }>()
  const result = await timed(`import ${rows.length} rows in families of 4: commit`, async () => {
    const res = await calls.commit(target.auth, id, { on_duplicate: 'create' })
    if (res.statusCode !== 200) throw new Error(`commit: ${res.statusCode} ${res.body}`)
    return res.json<Record<string, number>>()
  })
  process.stdout.write(`  ${JSON.stringify(result)}\n`)
}

async function exportBench(db: Db, app: App, big: Account) {
  await seedMembers(db, {
    ownerId: big.user.id,
    ownerName: 'big',
    count: 100_000,
    seed: 3,
  })
  for (const format of ['xlsx', 'csv']) {
    const bytes = await timed(`export 100,000 members (.${format})`, async () => {
      const res = await app.inject({
        url: `/api/members/export?format=${format}`,
        headers: big.auth,
      })
      return res.rawPayload.length
    })
    process.stdout.write(`  file: ${(bytes / 1024 / 1024).toFixed(1)} MB\n`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
