// npm run bench:import-hostile: the hostile files of issue 47 uploaded to a server on a temporary
// SQLite file, with /health asked every 10 ms over HTTP meanwhile. Prints, per case, the
// answers, the wall clock, the slowest /health answer, the peak RSS of the process and what
// the database file grew by; the accepted file is then previewed and committed, with the
// commit's progress polled too. The figures go into docs/performance.md ("Imports under load").
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/server/db/database'
import { migrateToLatest } from '../src/server/db/migrate'
import { insertUser } from '../src/server/features/accounts/repository'
import { hashPassword } from '../src/server/features/accounts/passwords'
import { TRANSFER_FIELDS } from '../src/server/features/imports/fieldDictionary'
import { importCalls } from '../src/server/testing/importCalls'
import { rawWorkbook } from '../src/server/testing/rawWorkbook'
import { buildTestApp, signInOn } from '../src/server/testing/testApp'

const PASSWORD = 'bench-password-123'

/** One 150 MB shared string used in three cells: 155 KB packed. */
const sharedStringBomb = () =>
  rawWorkbook({
    strings: ['first_name', 'last_name', 'notes', 'x'.repeat(150 * 1024 * 1024)],
    rowCount: 2,
    row: (i) => (i === 0 ? [0, 1, 2] : [3, 3, 3]),
  })

/** 20,000 rows × 180 columns of short text (a shared string per column: under 10 MB). */
const wide = () =>
  rawWorkbook({
    strings: Array.from({ length: 180 }, (_, c) => `column ${c}`),
    rowCount: 20_001,
    row: () => Array.from({ length: 180 }, (_, c) => c),
    level: 9,
  })

/** The largest file an import takes: 20,000 members, every field of the template. */
const fullRegister = () =>
  rawWorkbook({
    strings: [],
    rowCount: 20_001,
    row: (i) =>
      TRANSFER_FIELDS.map((field) =>
        i === 0
          ? field
          : field.endsWith('_name')
            ? `Name${i}`
            : field === 'notes'
              ? `note ${i}`
              : '',
      ),
  })

/** The status of a GET over HTTP (not inject: it must wait for the event loop like a client). */
const httpGet = (port: number, url: string, authorization?: string) =>
  new Promise<number>((resolve) => {
    const headers = authorization ? { authorization } : {}
    http.get({ port, host: '127.0.0.1', path: url, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
  })

/**
 * GETs `url` over HTTP every `pauseMs` until stopped, keeping the slowest answer, how many
 * answered 200 and the process's peak RSS; the caller may reset the figures between steps.
 */
function pollOver(port: number, url: string, pauseMs: number, authorization?: string) {
  const seen = { slowest: 0, answered: 0, peakRss: 0 }
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      if ((await httpGet(port, url, authorization)) === 200) seen.answered += 1
      seen.slowest = Math.max(seen.slowest, performance.now() - started)
      seen.peakRss = Math.max(seen.peakRss, process.memoryUsage().rss)
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  })()
  const stop = async () => {
    running = false
    await loop
  }
  return { seen, stop }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-bench-hostile-'))
  const file = path.join(dir, 'abal.sqlite')
  const database = openDatabase({ sqliteFile: file })
  try {
    await migrateToLatest(database.db)
    const app = await buildTestApp(database)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    const hash = await hashPassword(PASSWORD)
    const accounts: { authorization: string }[] = []
    for (let i = 0; i < 6; i += 1) {
      await insertUser(database.db, `clerk${i}`, hash)
      accounts.push(await signInOn(app, `clerk${i}`, PASSWORD))
    }

    const health = pollOver(port, '/health', 10)

    const { upload } = importCalls(() => app)
    /** The accepted file's preview and commit, /health and the commit's progress polled meanwhile. */
    const previewAndCommit = async (auth: { authorization: string }, id: string) => {
      const step = async (label: string, url: string, payload: object) => {
        const token = crypto.randomBytes(16).toString('hex')
        const progress = pollOver(port, `/api/imports/progress/${token}`, 100, auth.authorization)
        health.seen.slowest = 0
        const started = performance.now()
        const res = await app.inject({
          method: 'POST',
          url,
          headers: auth,
          payload: { ...payload, progress: token },
        })
        const wall = performance.now() - started
        await progress.stop()
        process.stdout.write(
          `  ${label}: ${res.statusCode} in ${(wall / 1000).toFixed(2)} s; /health at most ` +
            `${health.seen.slowest.toFixed(0)} ms; progress answered ${progress.seen.answered} ` +
            `times, at most ${progress.seen.slowest.toFixed(0)} ms\n`,
        )
      }
      await step('preview', `/api/imports/${id}/preview`, {})
      await step('commit', `/api/imports/${id}/commit`, { on_duplicate: 'create' })
    }
    const size = () =>
      fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0)
    const MB = 1024 * 1024

    const cases: [string, () => Buffer, number][] = [
      ['one 150 MB shared string in three cells', sharedStringBomb, 1],
      ['six of those at once, six accounts', sharedStringBomb, 6],
      ['20,000 rows × 180 columns', wide, 1],
      ['20,000 rows × 53 columns (accepted)', fullRegister, 1],
    ]
    // `-- --case N` runs the Nth case only.
    const only = process.argv.indexOf('--case')
    for (const [label, make, times] of only >= 0
      ? [cases[Number(process.argv[only + 1]) - 1]]
      : cases) {
      const data = make()
      global.gc?.()
      await new Promise((resolve) => setTimeout(resolve, 200))
      health.seen.slowest = 0
      health.seen.peakRss = process.memoryUsage().rss
      const before = size()
      const started = performance.now()
      const answers = await Promise.all(accounts.slice(0, times).map((auth) => upload(auth, data)))
      const wall = performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 50))
      const codes = answers.map((res) => res.statusCode).join(' ')
      process.stdout.write(
        `${label} (${(data.length / 1024).toFixed(0)} KB): ${codes} in ${(wall / 1000).toFixed(2)} s; ` +
          `/health at most ${health.seen.slowest.toFixed(0)} ms; ` +
          `peak RSS ${(health.seen.peakRss / MB).toFixed(0)} MB; ` +
          `database +${((size() - before) / MB).toFixed(1)} MB\n`,
      )
      const refused = answers.find((res) => res.statusCode >= 400)
      if (refused) process.stdout.write(`  ${refused.json<{ message: string }>().message}\n`)
      else if (times === 1)
        await previewAndCommit(accounts[0], answers[0].json<{ id: string }>().id)
    }
    await health.stop()
    await app.close()
  } finally {
    await database.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

void main()
