// Test-only: what antd needs from a browser that jsdom lacks. Imported by this feature's tests
// (and transfer's) before anything renders.

// rc-select schedules its open/close through MessageChannel.
class TimeoutChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null }
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) }
}
;(globalThis as { MessageChannel?: unknown }).MessageChannel ??= TimeoutChannel

export {}
