#!/usr/bin/env node
// `npm start`: build the client if needed, then run the one server (API + client) on :8080.
import { spawn } from 'node:child_process'
import { ensureBuilt } from './build-if-stale.mjs'

ensureBuilt()
const child = spawn(process.execPath, ['-r', 'esbuild-register', 'src/server/server.ts'], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
