import { StringDecoder } from 'node:string_decoder'

/** A terminal stdin can be switched to raw mode, so typed characters are not echoed. */
interface MaybeTerminal extends NodeJS.ReadableStream {
  setRawMode?: (mode: boolean) => unknown
}

export class InputCancelledError extends Error {
  constructor() {
    super('Cancelled.')
  }
}

const ENTER = new Set(['\r', '\n'])
const BACKSPACE = new Set(['\u007f', '\b'])
const CTRL_C = '\u0003'
const CTRL_D = '\u0004'
const CTRL_U = '\u0015'
const ESCAPE = '\u001b'

/**
 * Reads lines from standard input one at a time, and only as many as are asked for, so a pipe
 * that keeps writing cannot make the command wait for its end.
 *
 * In terminal mode it reads keystrokes itself (raw mode, no echo): Enter ends a line, Backspace
 * and Ctrl-U edit it, Ctrl-C cancels, and arrow keys are ignored instead of landing in the
 * password.
 */
export class InputLines {
  private readonly decoder = new StringDecoder('utf8')
  private readonly lines: string[] = []
  private partial: string[] = []
  private inEscape = false
  private ended = false
  private failure: Error | null = null
  private wake: (() => void) | null = null
  private started = false

  constructor(
    private readonly stream: MaybeTerminal,
    private readonly terminal: boolean,
  ) {}

  private readonly onData = (chunk: Buffer | string) => {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
    if (this.terminal) this.takeKeystrokes(text)
    else this.takePiped(text)
    this.notify()
  }

  private readonly onEnd = () => {
    const rest = this.decoder.end()
    if (rest && this.terminal) this.takeKeystrokes(rest)
    else if (rest) this.takePiped(rest)
    // A last line without a newline still counts when the pipe closes; nothing after the last
    // newline is not a line.
    const last = this.partial.join('')
    if (last) this.lines.push(last.endsWith('\r') ? last.slice(0, -1) : last)
    this.partial = []
    this.ended = true
    this.notify()
  }

  private readonly onError = (err: Error) => {
    this.failure = err
    this.notify()
  }

  private notify() {
    const wake = this.wake
    this.wake = null
    wake?.()
  }

  private takePiped(text: string) {
    const parts = text.split('\n')
    for (let i = 0; i < parts.length - 1; i++) {
      const line = this.partial.join('') + parts[i]
      this.partial = []
      this.lines.push(line.endsWith('\r') ? line.slice(0, -1) : line)
    }
    this.partial.push(parts[parts.length - 1])
  }

  private takeKeystrokes(text: string) {
    for (const ch of text) {
      if (this.inEscape) {
        // Skip "ESC [ params final": the final byte is a letter or "~".
        if (/[A-Za-z~]/.test(ch)) this.inEscape = false
        continue
      }
      if (ch === ESCAPE) this.inEscape = true
      else if (ENTER.has(ch)) {
        this.lines.push(this.partial.join(''))
        this.partial = []
      } else if (BACKSPACE.has(ch)) this.partial.pop()
      else if (ch === CTRL_U) this.partial = []
      else if (ch === CTRL_C) this.failure = new InputCancelledError()
      else if (ch === CTRL_D && this.partial.length === 0) this.ended = true
      else if (ch >= ' ') this.partial.push(ch)
    }
  }

  private start() {
    if (this.started) return
    this.started = true
    if (this.terminal) this.stream.setRawMode?.(true)
    this.stream.on('data', this.onData)
    this.stream.on('end', this.onEnd)
    this.stream.on('error', this.onError)
    this.stream.resume()
  }

  /** The next line, or null once the input has ended. */
  async next(): Promise<string | null> {
    this.start()
    for (;;) {
      if (this.failure) throw this.failure
      const line = this.lines.shift()
      if (line !== undefined) return line
      if (this.ended) return null
      await new Promise<void>((resolve) => (this.wake = resolve))
    }
  }

  /** Gives the terminal back (echo on) and stops reading. */
  close() {
    if (!this.started) return
    this.stream.off('data', this.onData)
    this.stream.off('end', this.onEnd)
    this.stream.off('error', this.onError)
    if (this.terminal) this.stream.setRawMode?.(false)
    this.stream.pause()
  }
}
