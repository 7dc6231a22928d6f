// An upload read into a table in a worker thread (decision 0238): exceljs's object model and the
// table's checks take seconds for the largest accepted file, and on the event loop they would
// hold every other request (/health included) for as long.
import path from 'node:path'
import { ApiError } from '../../plugins/errors'
import { startTypeScriptWorker } from '../../platform/typeScriptWorker'
import type { Cell, FileKind, Table } from './readTable'

/** What the worker (readTableWorker.ts) says: rows a few hundred at a time, then the rest. */
export type TableMessage =
  | { type: 'rows'; rows: Cell[][] }
  | { type: 'done'; columns: string[]; rowNumbers: number[] }
  | { type: 'refused'; statusCode: number; message: string; errors?: Record<string, string> }
  | { type: 'failed'; message: string }

/**
 * The file's table, read and checked by readTable in a worker thread. Its rows come back in
 * slices, one asked for per turn of the event loop, so taking them in never holds it long.
 */
export async function readTableOffThread(bytes: Buffer, kind: FileKind): Promise<Table> {
  const worker = await startTypeScriptWorker(path.join(__dirname, 'readTableWorker.ts'), {
    bytes,
    kind,
  })
  return new Promise<Table>((resolve, reject) => {
    const rows: Cell[][] = []
    let settled = false
    const settle = (finish: () => void) => {
      if (settled) return
      settled = true
      void worker.terminate()
      finish()
    }
    worker.on('message', (message: TableMessage) => {
      if (message.type === 'rows') {
        for (const row of message.rows) rows.push(row)
        setImmediate(() => worker.postMessage('more'))
      } else if (message.type === 'done') {
        settle(() => resolve({ columns: message.columns, rows, rowNumbers: message.rowNumbers }))
      } else if (message.type === 'refused') {
        settle(() => reject(new ApiError(message.statusCode, message.message, message.errors)))
      } else {
        settle(() => reject(new Error(`Reading the upload failed: ${message.message}`)))
      }
    })
    worker.on('error', (error) => settle(() => reject(error)))
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The upload's reader stopped (exit code ${code})`))),
    )
  })
}
