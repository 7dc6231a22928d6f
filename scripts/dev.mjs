#!/usr/bin/env node
// `npm run dev`: the API on :8081 and webpack-dev-server with hot reload on :8080 (proxying
// /api, /uploads, /health and /version.json to the API).
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['-r', 'esbuild-register', '--watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '8081' },
  }),
  spawn(
    process.execPath,
    ['node_modules/webpack-cli/bin/cli.js', 'serve', '--mode', 'development'],
    {
      stdio: 'inherit',
    },
  ),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children)
  c.on('exit', (code) => {
    stop()
    process.exit(code ?? 0)
  })
