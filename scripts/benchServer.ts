// A throwaway server for the hardening benchmarks: its own data dir and port, its peak
// memory read from /proc (VmHWM, Linux), stopped and removed afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ADMIN_PASSWORD = 'bench admin password 1'

export interface BenchServer {
  url: string
  dataDir: string
  /** Resident memory now and at its peak since start, in MiB. */
  memory(): { rssMiB: number; peakMiB: number }
  signIn(username?: string, password?: string): Promise<string>
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Runs `npm run seed` against a data dir before the server opens it. */
export function seed(dataDir: string, members: number, owner = 'admin') {
  const result = spawnSync(
    'npm',
    ['run', 'seed', '--', '--members', String(members), '--owner', owner, '--seed', '7'],
    {
      env: { ...process.env, DATA_DIR: dataDir, ABAL_ADMIN_PASSWORD: ADMIN_PASSWORD },
      stdio: 'pipe',
    },
  )
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr.toString()}`)
  // The seed creates the account when missing and prints its password once.
  const password = /with the password (\S+)/.exec(result.stdout.toString())?.[1]
  return password ?? ADMIN_PASSWORD
}

export function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'abal-bench-'))
}

export async function startBenchServer(
  env: Record<string, string> = {},
  dataDir = newDataDir(),
): Promise<BenchServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', 'esbuild-register', 'src/server/server.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ABAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited early')
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  const status = (field: string) => {
    const text = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
    return Math.round(kb / 1024)
  }
  return {
    url,
    dataDir,
    memory: () => ({ rssMiB: status('VmRSS'), peakMiB: status('VmHWM') }),
    async signIn(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
      const body = (await res.json()) as { token?: string }
      if (!body.token) throw new Error(`sign-in failed: ${res.status}`)
      return body.token
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Milliseconds of one call, and its status. */
export async function timed(
  call: () => Promise<Response>,
): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  const res = await call()
  await res.arrayBuffer()
  return { ms: Math.round(performance.now() - started), status: res.status }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export function machine(): string {
  const gib = Math.round(os.totalmem() / 2 ** 30)
  return `${os.cpus().length} cores, ${gib} GiB, Node ${process.versions.node.split('.')[0]}`
}
