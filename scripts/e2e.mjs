#!/usr/bin/env node
// Runs the browser tests (e2e/*.test.ts) with Node's test runner against a freshly built client.
// Usage: npm run test:e2e [-- e2e/some.test.ts …]
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt } from './build-if-stale.mjs'

if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error(
    'Chromium not found at /usr/bin/chromium: apt-get install -y chromium (or set CHROMIUM_PATH)',
  )
  process.exit(1)
}
ensureBuilt()
const args = process.argv.slice(2)
const files = args.length
  ? args
  : fs
      .readdirSync('e2e')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => path.join('e2e', f))
const result = spawnSync(
  process.execPath,
  ['-r', 'esbuild-register', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
