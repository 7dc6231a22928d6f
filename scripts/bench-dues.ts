// npm run bench:dues [-- --members N]: times dues on a temporary SQLite file (issue 46), or in
// a temporary schema of BENCH_DATABASE_URL's PostgreSQL database: N seeded members (20,000 by
// default) with two years of monthly payments, then a member's dues strip, recording a
// payment, the arrears report's first page and a year of collections, each through the app
// (routing, auth, schemas, SQL) without a network.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/server/app'
import { seedMembers } from '../src/server/cli/seedMembers'
import { seedPayments } from '../src/server/cli/seedPayments'
import { createPostgresSchema, openDatabase } from '../src/server/db/database'
import type { Database } from '../src/server/db/tables'
import { migrateToLatest } from '../src/server/db/migrate'
import { insertUser } from '../src/server/features/accounts/repository'
import { hashPassword } from '../src/server/features/accounts/passwords'
import { monthOfDay, todayIso } from '../src/domain'
import { signInOn } from '../src/server/testing/testApp'

const PASSWORD = 'bench-password-123'
const at = process.argv.indexOf('--members')
const MEMBERS = at >= 0 ? Number(process.argv[at + 1]) : 20_000
if (!Number.isSafeInteger(MEMBERS) || MEMBERS < 100) throw new Error('--members: 100 or more')

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function measure(label: string, times: number, run: (i: number) => Promise<void>) {
  const took: number[] = []
  const before = statements.count
  for (let i = 0; i < times; i++) {
    statements.trace = i === 0 && process.env.BENCH_SQL ? [] : undefined
    const started = performance.now()
    await run(i)
    took.push(performance.now() - started)
    if (statements.trace) process.stdout.write(`${label}, run 1:\n${statements.trace.join('\n')}\n`)
  }
  statements.trace = undefined
  took.sort((a, b) => a - b)
  const perCall = URL ? `  ${((statements.count - before) / times).toFixed(1)} statements` : ''
  process.stdout.write(
    `${label.padEnd(44)} n=${String(times).padEnd(4)} p50 ${percentile(took, 50).toFixed(1)} ms` +
      `  p95 ${percentile(took, 95).toFixed(1)} ms  max ${took[took.length - 1].toFixed(1)} ms` +
      `${perCall}\n`,
  )
}

const URL = process.env.BENCH_DATABASE_URL

/** Statements sent per call (each one a round trip on PostgreSQL); BENCH_SQL=1 prints them. */
const statements = { count: 0, trace: undefined as string[] | undefined }
const logQuery: LogConfig = (event) => {
  if (event.level !== 'query') return
  statements.count += 1
  statements.trace?.push(
    `  ${event.queryDurationMillis.toFixed(2).padStart(7)} ms  ${event.query.sql.replace(/\s+/g, ' ')}`,
  )
}

/** A fresh schema of the PostgreSQL database, every pooled connection working in it. */
async function postgres(url: string) {
  pg.types.setTypeParser(1082, (v) => v)
  pg.types.setTypeParser(20, (v) => Number(v))
  const schema = `bench_dues_${MEMBERS}`
  await createPostgresSchema(url, schema, { replace: true })
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('connect', (client) => void client.query(`set search_path to "${schema}", public`))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logQuery })
  return {
    db,
    schema,
    destroy: async () => {
      await sql.raw(`drop schema "${schema}" cascade`).execute(db)
      await db.destroy()
    },
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-bench-dues-'))
  const database = URL
    ? await postgres(URL)
    : { ...openDatabase({ sqliteFile: path.join(dir, 'abal.sqlite') }), schema: undefined }
  try {
    const { db } = database
    await migrateToLatest(db, database.schema ? { schema: database.schema } : undefined)
    const hash = await hashPassword(PASSWORD)
    const clerk = await insertUser(db, 'clerk', hash)
    const admin = await insertUser(db, 'secretary', hash)
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()
    let started = performance.now()
    await seedMembers(db, { ownerId: clerk.id, ownerName: 'clerk', count: MEMBERS, seed: 46 })
    process.stdout.write(
      `seeded ${MEMBERS} members in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    )
    started = performance.now()
    const payments = await seedPayments(db, { ownerId: clerk.id, ownerName: 'clerk', seed: 46 })
    process.stdout.write(
      `seeded ${payments} payments (24 months) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    )
    if (URL) await sql`vacuum analyze`.execute(db)
    const app = await buildApp({
      db,
      dialect: URL ? 'postgres' : 'sqlite',
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    })
    await app.ready()
    const signIn = (username: string) => signInOn(app, username, PASSWORD)
    const clerkAuth = await signIn('clerk')
    const adminAuth = await signIn('secretary')
    const ids = (await db.selectFrom('members').select('id').execute()).map((m) => m.id)
    const pick = (i: number) => ids[(i * 7919) % ids.length]
    const year = monthOfDay(todayIso())!.slice(0, 4)
    const ok = (status: number, expected: number, what: string) => {
      if (status !== expected) throw new Error(`${what}: HTTP ${status}`)
    }

    await measure('GET /api/members/:id/dues (strip)', 300, async (i) => {
      const res = await app.inject({ url: `/api/members/${pick(i)}/dues`, headers: clerkAuth })
      ok(res.statusCode, 200, 'strip')
    })
    await measure('POST /api/payments (record, one month ahead)', 200, async (i) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: clerkAuth,
        payload: {
          fund_id: 1,
          member_id: pick(i + 1000),
          amount: 5000,
          method: 'cash',
          received_on: todayIso(),
        },
      })
      ok(res.statusCode, 201, 'payment')
    })
    await measure('GET /api/reports/arrears (first page, all)', 5, async () => {
      const res = await app.inject({ url: '/api/reports/arrears?owner=all', headers: adminAuth })
      ok(res.statusCode, 200, 'arrears')
    })
    await measure('GET /api/reports/collections (a year)', 5, async () => {
      const res = await app.inject({
        url: `/api/reports/collections?owner=all&year=${year}`,
        headers: adminAuth,
      })
      ok(res.statusCode, 200, 'collections')
    })
    // Last, as it changes what every payer owes: a rate change from this month, then the
    // first report after it (which works out the rows the change left to redo).
    const month = monthOfDay(todayIso())!
    await measure('POST /api/funds/:id/rates (a rate change)', 1, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/funds/1/rates',
        headers: adminAuth,
        payload: { amount: 6000, from_month: month },
      })
      ok(res.statusCode, 201, 'rate change')
    })
    await measure('GET /api/reports/arrears (after the change)', 1, async () => {
      const res = await app.inject({ url: '/api/reports/arrears?owner=all', headers: adminAuth })
      ok(res.statusCode, 200, 'arrears')
    })
    await app.close()
  } finally {
    await database.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
