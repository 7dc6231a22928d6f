/**
 * A tiny in-test HTTP server for RTK Query: routes answer with JSON, every request is recorded
 * so tests can assert what the client sent (method, path, headers, body).
 */
export interface RecordedRequest {
  method: string
  path: string
  search: URLSearchParams
  headers: Headers
  body: unknown
  request: Request
}

export type Responder =
  | { status?: number; json?: unknown; body?: BodyInit; headers?: Record<string, string> }
  | 'network-error'
  // The request reaches the server and no answer comes back: it ends only when aborted.
  | 'no-answer'

type Handler = (req: RecordedRequest) => Responder | Promise<Responder>

export interface MockServer {
  requests: RecordedRequest[]
  on(method: string, path: string | RegExp, handler: Handler | Responder): MockServer
  /**
   * XMLHttpRequest uploads report 40% and then wait for this promise before the rest of the
   * body "goes up" and the route answers; resolved by default.
   */
  uploadGate: Promise<void>
  restore(): void
}

/** Upload progress events of the fake XMLHttpRequest: the fraction that has gone up. */
const UPLOAD_STEPS = [0.4, 1]

type XhrListener = ((event: ProgressEvent) => void) | null

/**
 * XMLHttpRequest answered through the mock fetch (and so the same routes), with upload progress
 * events; only what the client's postWithProgress uses.
 */
function fakeXhr(server: () => MockServer) {
  return class FakeXMLHttpRequest {
    upload: { onprogress: XhrListener } = { onprogress: null }
    onload: XhrListener = null
    onerror: XhrListener = null
    onabort: XhrListener = null
    status = 0
    responseText = ''
    private method = 'GET'
    private url = ''
    private headers = new Headers()
    private answerHeaders = new Headers()
    private aborted = false

    open(method: string, url: string) {
      this.method = method
      this.url = new URL(url, 'http://localhost').href
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value)
    }
    getResponseHeader(name: string) {
      return this.answerHeaders.get(name)
    }
    abort() {
      this.aborted = true
      this.onabort?.(new ProgressEvent('abort'))
    }
    send(body: BodyInit | null) {
      void this.run(body)
    }
    private async run(body: BodyInit | null) {
      const total = 1000
      for (const step of UPLOAD_STEPS) {
        await Promise.resolve()
        if (this.aborted) return
        const loaded = total * step
        this.upload.onprogress?.(
          new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
        )
        if (step < 1) await server().uploadGate
      }
      try {
        const response = await globalThis.fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body,
        })
        if (this.aborted) return
        this.status = response.status
        this.answerHeaders = response.headers
        this.responseText = await response.text()
        this.onload?.(new ProgressEvent('load'))
      } catch {
        if (!this.aborted) this.onerror?.(new ProgressEvent('error'))
      }
    }
  }
}

/** An API error answer (docs/api.md's error shape): its status, English message and field codes. */
export function apiError(status: number, message: string, errors?: Record<string, string>) {
  return { status, json: { success: false, message, ...(errors && { errors }) } }
}

export function installMockServer(): MockServer {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = []
  const requests: RecordedRequest[] = []
  const originalFetch = globalThis.fetch
  const originalXhr = globalThis.XMLHttpRequest

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url, 'http://localhost')
    const type = request.headers.get('content-type') ?? ''
    let body: unknown = undefined
    if (type.includes('application/json')) body = await request.clone().json()
    else if (type.includes('multipart/form-data')) body = await request.clone().formData()
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body,
      request,
    }
    requests.push(recorded)
    const route = [...routes]
      .reverse()
      .find(
        (r) =>
          r.method === request.method &&
          (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)),
      )
    if (!route) {
      return new Response(JSON.stringify({ success: false, message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    }
    const answer = await route.handler(recorded)
    if (answer === 'network-error') throw new TypeError('Failed to fetch')
    if (answer === 'no-answer') {
      const { signal } = request
      return new Promise<Response>((_, reject) => {
        if (signal.aborted) reject(signal.reason)
        signal.addEventListener('abort', () => reject(signal.reason))
      })
    }
    const headers = new Headers(answer.headers)
    if (answer.json !== undefined) headers.set('content-type', 'application/json')
    return new Response(answer.json !== undefined ? JSON.stringify(answer.json) : answer.body, {
      status: answer.status ?? 200,
      headers,
    })
  }

  const server: MockServer = {
    requests,
    uploadGate: Promise.resolve(),
    on(method, path, handler) {
      routes.push({
        method,
        path,
        handler: typeof handler === 'function' ? handler : () => handler,
      })
      return server
    },
    restore() {
      globalThis.fetch = originalFetch
      globalThis.XMLHttpRequest = originalXhr
    },
  }
  globalThis.XMLHttpRequest = fakeXhr(() => server) as unknown as typeof XMLHttpRequest
  return server
}

/** A JWT-shaped token carrying the claims the client reads (it never checks the signature). */
export function fakeToken(claims: { id: number; username: string }): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`
}

/**
 * A fresh mock server for every test of the file, restored after it, with the routes all of them
 * share; the window's width is set (when given) and put back. Stands for the current test's server.
 */
export function mockServerForEachTest(
  options: { width?: number; routes?: (server: MockServer) => void } = {},
): MockServer {
  let current: MockServer | null = null
  let width = window.innerWidth
  const live = () => {
    if (!current) throw new Error('The mock server answers only inside a test')
    return current
  }
  beforeEach(() => {
    width = window.innerWidth
    if (options.width !== undefined) window.innerWidth = options.width
    current = installMockServer()
    options.routes?.(current)
  })
  afterEach(() => {
    current?.restore()
    current = null
    window.innerWidth = width
  })
  return {
    get requests() {
      return live().requests
    },
    on: (method, path, handler) => live().on(method, path, handler),
    get uploadGate() {
      return live().uploadGate
    },
    set uploadGate(gate) {
      live().uploadGate = gate
    },
    restore: () => live().restore(),
  }
}

/** What the signed-in frame asks of any screen, answered empty: no accounts, no members. */
export function emptyFrameRoutes(server: MockServer) {
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', /\/api\/members/, { json: { items: [], total: 0, next_cursor: null } })
}
