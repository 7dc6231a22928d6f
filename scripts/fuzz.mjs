#!/usr/bin/env node
// The longer fuzz run over every route: src/server/fuzz.test.ts with 20,000 requests (or
// FUZZ_REQUESTS), on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set.
// Usage: npm run fuzz [-- --seed N --requests N]
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const args = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const env = {
  ...process.env,
  FUZZ_REQUESTS: option('requests') ?? process.env.FUZZ_REQUESTS ?? '20000',
  FUZZ_SEED: option('seed') ?? process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000_000),
}
console.log(
  `Fuzzing every route: ${env.FUZZ_REQUESTS} requests, seed ${env.FUZZ_SEED}, on ` +
    (env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'),
)
const jest = createRequire(import.meta.url).resolve('jest/bin/jest')
const started = Date.now()
const result = spawnSync(
  process.execPath,
  [jest, '--selectProjects', 'server', '--runInBand', 'src/server/fuzz.test.ts'],
  { stdio: 'inherit', env },
)
console.log(`Seed ${env.FUZZ_SEED}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(result.status ?? 1)
