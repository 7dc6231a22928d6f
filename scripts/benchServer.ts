// A throwaway server for the hardening benchmarks: its own data dir and port, its peak
// memory read from /proc (VmHWM, Linux), stopped and removed afterwards.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, startServerProcess } from './serverProcess'

export const ADMIN_PASSWORD = 'bench admin password 1'

export interface BenchServer {
  url: string
  dataDir: string
  /** Resident memory now and at its peak since start, in MiB. */
  memory(): { rssMiB: number; peakMiB: number }
  signIn(username?: string, password?: string): Promise<string>
  stop(): Promise<void>
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
  const running = await startServerProcess({
    port: await freePort(),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    env,
    logs: 'stderr',
    startTimeoutMs: 60_000,
  })
  const { child, url } = running
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
      await running.stop()
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
