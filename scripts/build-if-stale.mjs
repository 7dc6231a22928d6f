// Builds the client when dist/ is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = [
  'src',
  'public',
  'locales',
  'webpack.config.ts',
  'package.json',
  'package-lock.json',
]
const DIST = process.env.ABAL_DIST_DIR ?? 'dist'
const STAMP = path.join(DIST, 'index.html')

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const child of fs.readdirSync(entry)) {
    if (entry === 'src' && child === 'server') continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

export function isStale() {
  if (!fs.existsSync(STAMP)) return true
  const built = fs.statSync(STAMP).mtimeMs
  return SOURCES.some((source) => newestMtime(source) > built)
}

export function ensureBuilt() {
  if (!isStale()) return
  console.log('Building the client (webpack, production)…')
  const result = spawnSync(
    process.execPath,
    ['node_modules/webpack-cli/bin/cli.js', '--mode', 'production'],
    {
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
