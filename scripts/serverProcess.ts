// The server as a child process on a free port of 127.0.0.1, started once /health answers:
// the browser tests and the benchmarks run it the same way.
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export interface ServerProcessOptions {
  port: number
  dataDir: string
  adminPassword: string
  /** More environment, over the defaults. */
  env?: Record<string, string>
  /** `output`: its stdout and stderr are kept for `output()`; `stderr`: its stderr is ours. */
  logs: 'output' | 'stderr'
  startTimeoutMs: number
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** What it printed (with `logs: 'output'`). */
  output(): string
  /** Sends SIGTERM and waits for it to exit. */
  stop(): Promise<void>
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { port, dataDir, adminPassword, env = {}, logs, startTimeoutMs } = options
  let output = ''
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', 'esbuild-register', 'src/server/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ABAL_ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: logs === 'output' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    },
  )
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`)
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false, // not listening yet
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}
