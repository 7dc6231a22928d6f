// The worker thread of tableReader.ts: reads one upload with readTable and hands its rows back
// a slice per request, so the main thread takes them in between other work.
import { parentPort, workerData } from 'node:worker_threads'
import { ApiError } from '../../plugins/errors'
import { type FileKind, readTable } from './readTable'
import type { TableMessage } from './tableReader'

const ROWS_PER_MESSAGE = 500

const port = parentPort!
const send = (message: TableMessage) => port.postMessage(message)
const { bytes, kind } = workerData as { bytes: Uint8Array; kind: FileKind }

readTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind).then(
  (table) => {
    let sent = 0
    const next = () => {
      if (sent >= table.rows.length) {
        send({ type: 'done', columns: table.columns, rowNumbers: table.rowNumbers })
        return
      }
      send({ type: 'rows', rows: table.rows.slice(sent, sent + ROWS_PER_MESSAGE) })
      sent += ROWS_PER_MESSAGE
    }
    port.on('message', next)
    next()
  },
  (error: unknown) => {
    if (error instanceof ApiError) {
      send({
        type: 'refused',
        statusCode: error.statusCode,
        message: error.message,
        errors: error.errors,
      })
    } else {
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  },
)
