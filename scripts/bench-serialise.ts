// npm run bench:serialise: how long the server takes to turn a typical list answer into JSON.
// Seeds an in-memory SQLite database, asks GET /api/members/search for pages of 50 members and
// of 200, and times each answer from Fastify's preSerialization hook to its onSend hook: the
// serialisation alone (the compiled response schema, or JSON.stringify for a route without one).
import { performance } from 'node:perf_hooks'
import { buildTestApp, createTestDatabase } from '../src/server/testing/testApp'
import { seedMembers } from '../src/server/cli/seedMembers'
import { insertUser } from '../src/server/features/accounts/repository'
import { hashPassword } from '../src/server/features/accounts/passwords'

const PASSWORD = 'bench-password-123'
const RUNS = 2000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function main() {
  const database = await createTestDatabase()
  const app = await buildTestApp(database)
  // From the handler's answer to its JSON: Fastify serialises between these two hooks.
  const startedAt = new WeakMap<object, number>()
  app.addHook('preSerialization', async (request, _reply, payload) => {
    startedAt.set(request, performance.now())
    return payload
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const started = startedAt.get(request)
    if (started !== undefined)
      reply.header('x-bench-serialise-us', String(Math.round((performance.now() - started) * 1000)))
    return payload
  })
  await app.ready()
  const ctx = { app, database }
  try {
    const owner = await insertUser(ctx.database.db, 'bench', await hashPassword(PASSWORD))
    await seedMembers(ctx.database.db, {
      ownerId: owner.id,
      ownerName: 'bench',
      count: 1000,
      seed: 1,
    })
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'bench', password: PASSWORD },
    })
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` }

    console.log('| answer | runs | bytes | serialise p50 (µs) | p95 (µs) | whole call p50 (ms) |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const limit of [50, 200]) {
      const url = `/api/members/search?limit=${limit}&count=false`
      const serialise: number[] = []
      const whole: number[] = []
      let bytes = 0
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const res = await ctx.app.inject({ method: 'GET', url, headers })
        whole.push(performance.now() - started)
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
        serialise.push(Number(res.headers['x-bench-serialise-us']))
        bytes = res.body.length
      }
      serialise.sort((a, b) => a - b)
      whole.sort((a, b) => a - b)
      console.log(
        `| search page of ${limit} | ${RUNS} | ${bytes} | ${percentile(serialise, 50).toFixed(0)} | ${percentile(serialise, 95).toFixed(0)} | ${percentile(whole, 50).toFixed(2)} |`,
      )
    }
  } finally {
    await app.close()
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
