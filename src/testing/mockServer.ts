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

type Responder =
  | { status?: number; json?: unknown; body?: BodyInit; headers?: Record<string, string> }
  | 'network-error'

type Handler = (req: RecordedRequest) => Responder | Promise<Responder>

export interface MockServer {
  requests: RecordedRequest[]
  on(method: string, path: string | RegExp, handler: Handler | Responder): MockServer
  restore(): void
}

export function installMockServer(): MockServer {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = []
  const requests: RecordedRequest[] = []
  const originalFetch = globalThis.fetch

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
    const headers = new Headers(answer.headers)
    if (answer.json !== undefined) headers.set('content-type', 'application/json')
    return new Response(answer.json !== undefined ? JSON.stringify(answer.json) : answer.body, {
      status: answer.status ?? 200,
      headers,
    })
  }

  const server: MockServer = {
    requests,
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
    },
  }
  return server
}

/** A JWT-shaped token carrying the claims the client reads (it never checks the signature). */
export function fakeToken(claims: { id: number; username: string }): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`
}
