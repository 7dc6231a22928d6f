/**
 * npm run bench:members-stream: ten concurrent GET /api/members on an account of 20,000
 * members (seeded), with /health timed every 100 ms meanwhile and the server's peak RSS.
 * Two of the ten are served at once per account (the rest 429), so the same ten calls are also
 * made as five rounds of two. BENCH_MEMBERS changes the size.
 */
import { Worker } from 'node:worker_threads'
import { machine, newDataDir, percentile, seed, startBenchServer } from './benchServer'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000)

const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const times = []
let probing = true
parentPort.once('message', () => (probing = false))
;(async () => {
  while (probing) {
    const started = performance.now()
    await fetch(workerData.url + '/health').then((r) => r.arrayBuffer())
    times.push(performance.now() - started)
    await new Promise((r) => setTimeout(r, 100))
  }
  parentPort.postMessage(times)
})()
`

async function main() {
  const dataDir = newDataDir()
  const seeding = performance.now()
  const password = seed(dataDir, MEMBERS)
  console.log(
    `members stream, ${MEMBERS} members (seeded in ${Math.round((performance.now() - seeding) / 1000)} s), ${machine()}`,
  )
  const server = await startBenchServer({}, dataDir)
  try {
    const headers = { authorization: `Bearer ${await server.signIn('admin', password)}` }
    const idle = server.memory()
    const list = async () => {
      const started = performance.now()
      const res = await fetch(`${server.url}/api/members`, { headers })
      const bytes = (await res.arrayBuffer()).byteLength
      return { status: res.status, bytes, ms: Math.round(performance.now() - started) }
    }
    // /health is timed from its own thread, so the lists' reading here does not delay it.
    const prober = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: server.url } })
    const health = new Promise<number[]>((resolve) => prober.once('message', resolve))
    const together = await Promise.all(Array.from({ length: 10 }, list))
    const afterTogether = server.memory()
    const rounds: Awaited<ReturnType<typeof list>>[] = []
    for (let i = 0; i < 5; i++) rounds.push(...(await Promise.all([list(), list()])))
    prober.postMessage('stop')
    const healthMs = await health
    const served = together.filter((r) => r.status === 200)
    console.log(
      `idle RSS ${idle.rssMiB} MiB; ten at once: ${served.length} served ` +
        `(${(served[0]?.bytes ?? 0) / 1e6} MB each, slowest ${Math.max(...served.map((r) => r.ms))} ms), ` +
        `${together.length - served.length} refused 429; peak RSS ${afterTogether.peakMiB} MiB`,
    )
    console.log(
      `five rounds of two: all ${rounds.every((r) => r.status === 200) ? '200' : 'NOT 200'}, ` +
        `p50 ${percentile(
          rounds.map((r) => r.ms),
          50,
        )} ms, slowest ${Math.max(...rounds.map((r) => r.ms))} ms; ` +
        `peak RSS ${server.memory().peakMiB} MiB; /health during all of it: ` +
        `p50 ${Math.round(percentile(healthMs, 50))} ms, p95 ${Math.round(percentile(healthMs, 95))} ms, ` +
        `max ${Math.round(Math.max(...healthMs))} ms (${healthMs.length} probes)`,
    )
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
