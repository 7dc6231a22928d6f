/**
 * npm run bench:login-flood: a real sign-in's latency while 600 sign-ins with random usernames
 * arrive at once (docs/performance.md, docs/security.md). Two floods: from one address (the
 * per-address limit answers most with 429), and from 600 addresses behind a trusted proxy
 * (only the password-check queue bounds it). The real user signs in from another address
 * five times during each flood; /health is timed alongside.
 */
import { Worker } from 'node:worker_threads'
import { machine, percentile, startBenchServer, timed } from './benchServer'

const FLOOD = 600

const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, count, spread } = workerData
Promise.all(Array.from({ length: count }, (_, i) =>
  fetch(url + '/api/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': spread ? '198.51.' + (i >> 8) + '.' + (i & 255) : '198.51.100.7',
    },
    body: JSON.stringify({ username: 'user' + i + '-' + Math.random(), password: 'not the password' }),
  }).then(async (res) => { await res.arrayBuffer(); return res.status }, () => 0),
)).then((statuses) => parentPort.postMessage(statuses))
`

async function run(label: string, spread: boolean) {
  const server = await startBenchServer({ TRUST_PROXY: '127.0.0.1' })
  const login = (username: string, password: string, address: string) =>
    fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ username, password }),
    })
  try {
    const quiet = await timed(() => login('admin', 'bench admin password 1', '192.0.2.1'))
    const started = performance.now()
    // The flood runs in its own thread, so the real user's timings are not this loop's backlog.
    const flood = new Promise<number[]>((resolve, reject) => {
      const worker = new Worker(FLOOD_WORKER, {
        eval: true,
        workerData: { url: server.url, count: FLOOD, spread },
      })
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    const real: { ms: number; status: number }[] = []
    const health: number[] = []
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 300))
      real.push(await timed(() => login('admin', 'bench admin password 1', '192.0.2.1')))
      health.push((await timed(() => fetch(`${server.url}/health`))).ms)
    }
    const statuses = await flood
    const floodMs = Math.round(performance.now() - started)
    const codes: Record<number, number> = {}
    for (const status of statuses) codes[status] = (codes[status] ?? 0) + 1
    console.log(
      `${label}: flood answered in ${floodMs} ms ${JSON.stringify(codes)}; ` +
        `real sign-in quiet ${quiet.ms} ms, during flood ${real.map((r) => `${r.ms} ms (${r.status})`).join(', ')}; ` +
        `/health p50 ${percentile(health, 50)} ms, max ${Math.max(...health)} ms; ` +
        `server RSS peak ${server.memory().peakMiB} MiB`,
    )
  } finally {
    await server.stop()
  }
}

async function main() {
  console.log(`login flood, ${FLOOD} requests, ${machine()}`)
  await run('one address', false)
  await run('600 addresses', true)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
