import { Writable } from 'node:stream'

/** A stream to hand to a logger or a CLI command, and the text written to it so far. */
export function collectOutput(): { stream: Writable; text: () => string } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString())
      done()
    },
  })
  return { stream, text: () => chunks.join('') }
}
