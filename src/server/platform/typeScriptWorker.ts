// A worker thread that runs one of the server's TypeScript modules. A worker does not inherit
// esbuild-register, and loading it in each worker compiled the module's whole graph again, about
// half a second an upload; the graph is bundled once per process instead (decision 0383).
import { build } from 'esbuild'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

const sources = new Map<string, Promise<string>>()

/** The worker's script for `entry`: its bundle, with packages required from the entry's place. */
function workerSource(entry: string): Promise<string> {
  let source = sources.get(entry)
  if (!source) {
    source = build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: `node${process.versions.node}`,
      packages: 'external',
      write: false,
      logLevel: 'silent',
    }).then(
      ({ outputFiles }) =>
        `(function (require, __filename, __dirname) {\n${outputFiles[0].text}\n})(` +
        `require('node:module').createRequire(${JSON.stringify(entry)}), ` +
        `${JSON.stringify(entry)}, ${JSON.stringify(path.dirname(entry))})`,
    )
    // A failed bundle is not kept: the next worker tries again.
    source.catch(() => sources.delete(entry))
    sources.set(entry, source)
  }
  return source
}

/** Starts `entry` (an absolute path to a .ts module) in a worker thread with `workerData`. */
export async function startTypeScriptWorker(entry: string, workerData: unknown): Promise<Worker> {
  return new Worker(await workerSource(entry), { eval: true, execArgv: [], workerData })
}
