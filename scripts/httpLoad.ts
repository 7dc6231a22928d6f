// A load generator in its own process, for the benchmarks: many connections sending requests
// back to back. Clients inside the server's process share its event loop, and their own queueing
// there counted as the server's latency (p99 1.2–2.8 s at 100 connections, 0.1–0.3 s from here).
import { fork } from 'node:child_process'

export interface LoadSpec {
  address: string
  headers: Record<string, string>
  /** Request paths, taken in turn. */
  paths: readonly string[]
  connections: number
  /** How many requests in all; without it, until stop(). */
  requests?: number
  timeoutMs: number
}

export interface LoadResult {
  requests: number
  seconds: number
  /** Each answered request's time in ms, waiting included. */
  times: number[]
  timeouts: number
  errors: number
}

export interface RunningLoad {
  /** Resolves once the first answer arrived: the load is running. */
  running: Promise<void>
  done: Promise<LoadResult>
  stop(): void
}

/** Starts the load in a child process. */
export function startLoad(spec: LoadSpec): RunningLoad {
  const child = fork(__filename, ['--load-child'], { execArgv: ['-r', 'esbuild-register'] })
  let markRunning = () => {}
  const running = new Promise<void>((resolve) => {
    markRunning = resolve
  })
  const done = new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (message: { running?: true; result?: LoadResult }) => {
      if (message.running) markRunning()
      if (message.result) resolve(message.result)
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`))
    })
  })
  child.send({ spec })
  // A child that ends before its first answer ends the wait for it too.
  return {
    running: Promise.race([running, done.then(() => {})]),
    done,
    stop: () => child.send({ stop: true }),
  }
}

async function run(spec: LoadSpec, stopped: () => boolean): Promise<LoadResult> {
  const times: number[] = []
  let timeouts = 0
  let errors = 0
  let sent = 0
  let announced = false
  const more = () => (spec.requests === undefined ? !stopped() : sent < spec.requests)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (more()) {
        const path = spec.paths[sent % spec.paths.length]
        sent += 1
        const t0 = performance.now()
        try {
          const res = await fetch(`${spec.address}${path}`, {
            headers: spec.headers,
            signal: AbortSignal.timeout(spec.timeoutMs),
          })
          await res.arrayBuffer()
          if (!res.ok) errors += 1
          times.push(performance.now() - t0)
        } catch (error) {
          if (error instanceof Error && error.name === 'TimeoutError') timeouts += 1
          else errors += 1
        }
        // Any answer, a failure included: waiting for a success could wait forever.
        if (!announced) {
          announced = true
          process.send?.({ running: true })
        }
      }
    }),
  )
  return { requests: sent, seconds: (performance.now() - started) / 1000, times, timeouts, errors }
}

if (process.argv.includes('--load-child')) {
  let stopped = false
  process.on('message', (message: { spec?: LoadSpec; stop?: true }) => {
    if (message.stop) stopped = true
    if (message.spec) {
      void run(message.spec, () => stopped).then((result) => {
        process.send?.({ result }, () => process.exit(0))
      })
    }
  })
}
