// The worker thread of a bulk seed (seedMembers.ts): draws the members and sends them as
// batches of insert parameters, a few batches ahead of the inserts, one more per batch used.
import { parentPort, workerData } from 'node:worker_threads'
import { type DrawOptions, memberRows, type RowBatch } from './seedMembers'

const options = workerData as DrawOptions
const port = parentPort!
const row = memberRows(options)
let drawn = 0
let credit = options.ahead

function draw() {
  for (; credit > 0 && drawn < options.count; credit -= 1) {
    const size = Math.min(options.batchSize, options.count - drawn)
    const now = new Date().toISOString()
    const rows = Array.from({ length: size }, () => row(now) as unknown as Record<string, unknown>)
    const columns = Object.keys(rows[0])
    const batch: RowBatch = options.json
      ? { rows: size, columns, parameters: [], json: JSON.stringify(rows) }
      : {
          rows: size,
          columns,
          parameters: rows.flatMap((values) => columns.map((column) => values[column])),
        }
    port.postMessage(batch)
    drawn += size
  }
}

port.on('message', () => {
  credit += 1
  draw()
})
draw()
