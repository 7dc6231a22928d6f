// Multipart parts the parser drops without handing them over (a line break in the name, no
// form-data disposition, past the files or fields limit) once stalled the request when larger
// than 16 KB: it never answered. Every multipart route must answer them, and oversized or
// control-character parts, with a 4xx.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createUserAndSignIn, testAppPerFile } from './testing/testApp'
import { multipart, registrationFields } from './testing/memberForms'
import { DROPPED_PART, MAX_FIELDS, MAX_FORM_BYTES } from './plugins/multipart'

const { ctx } = testAppPerFile()
let auth: { authorization: string }
let memberId: number

beforeAll(async () => {
  auth = (await createUserAndSignIn(ctx, 'alice')).auth
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/members',
    ...multipart(registrationFields(), [], auth),
  })
  memberId = res.json<{ id: number }>().id
})

const BOUNDARY = '----abal2501684083f66740'
const part = (headers: string, value: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${value}\r\n`
const field = (name: string, value: string) =>
  part(`Content-Disposition: form-data; name="${name}"`, value)
const body = (...parts: string[]) => Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`, 'utf8')
const BIG = 'x'.repeat(70_000)

/** A multipart POST of `length` bytes over a real socket to the listening app. */
function socketPost(
  port: number,
  path: string,
  length: number,
  answered: (status: number) => void,
) {
  return http.request(
    {
      port,
      host: '127.0.0.1',
      method: 'POST',
      path,
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': length,
      },
    },
    (res) => {
      res.resume()
      answered(res.statusCode ?? 0)
    },
  )
}

/** The routes that read multipart, each with a form otherwise refused, so any answer is a 4xx. */
const ROUTES = [
  ['POST', '/api/members'],
  ['PUT', '/api/members/:id'],
  ['POST', '/api/imports'],
] as const

function send(method: string, url: string, payload: Buffer) {
  const answer = ctx.app.inject({
    method: method as 'POST' | 'PUT',
    url: url.replace(':id', String(memberId)),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  })
  let timer: NodeJS.Timeout | undefined
  const silence = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), 5_000)
  })
  return Promise.race([answer, silence]).finally(() => clearTimeout(timer))
}

async function expectRefused(method: string, url: string, payload: Buffer, status?: number) {
  const res = await send(method, url, payload)
  if (res === 'no answer') throw new Error(`${method} ${url} never answered`)
  expect(res.statusCode).toBeGreaterThanOrEqual(400)
  expect(res.statusCode).toBeLessThan(500)
  if (status) expect(res.statusCode).toBe(status)
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
}

describe('a part the parser drops, larger than 16 KB', () => {
  // The fuzzed request: a name holding a line feed and an unterminated quote, a 70 KB value.
  const fuzzed = body(
    field('phone_primary', '[object Object]'),
    field('{}[]\n\\"', `\u00002026-13-45${BIG}`),
    field('baptism_date', '\uffff\\all'),
  )
  const shapes: [string, Buffer][] = [
    ['the fuzzed request (line feed in the name)', fuzzed],
    [
      'a carriage return in the name',
      body(field('city\rx', BIG), field('date_of_birth', '2026-13-45')),
    ],
    [
      'a line feed in the file name',
      body(
        part('Content-Disposition: form-data; name="photo"; filename="a\nb.png"', BIG),
        field('date_of_birth', '2026-13-45'),
      ),
    ],
    [
      'no Content-Disposition',
      body(part('Content-Type: text/plain', BIG), field('date_of_birth', '2026-13-45')),
    ],
    [
      'a disposition other than form-data',
      body(
        part('Content-Disposition: attachment; name="city"', BIG),
        field('date_of_birth', '2026-13-45'),
      ),
    ],
  ]
  for (const [method, url] of ROUTES) {
    it.each(shapes)(`in %s: ${method} ${url} answers 400`, async (_shape, payload) => {
      await expectRefused(method, url, payload, 400)
    })
  }

  it.each(ROUTES)('past the files limit: %s %s answers 413', async (method, url) => {
    const file = (name: string, data: string) =>
      part(
        `Content-Disposition: form-data; name="${name}"; filename="a.csv"\r\nContent-Type: text/csv`,
        data,
      )
    await expectRefused(method, url, body(file('file', 'first_name\nAbebe'), file('x', BIG)), 413)
  })

  it.each(ROUTES)('past the fields limit: %s %s answers 413', async (method, url) => {
    const fields = Array.from({ length: MAX_FIELDS }, (_, i) => field(`f${i}`, 'x'))
    await expectRefused(method, url, body(...fields, field('over', BIG)), 413)
  })

  it('over a real socket, within one chunk, is answered too', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = ctx.app.server.address() as AddressInfo
    expect(address).toContain(String(port))
    const payload = body(field('city\nx', 'x'.repeat(30_000)), field('city', 'x'))
    const status = await new Promise<number | 'no answer'>((resolve, reject) => {
      const req = socketPost(port, '/api/members', payload.length, resolve)
      req.setTimeout(5_000, () => {
        req.destroy()
        resolve('no answer')
      })
      req.on('error', reject)
      req.end(payload)
    })
    expect(status).toBe(400)
  })
})

describe('field names and sizes', () => {
  it.each([
    ['a control character', 'city\u0001'],
    ['an escape', '\u001b[31mcity'],
    ['a tab', 'ci\tty'],
    ['DEL', 'city\u007f'],
    ['a C1 control', 'city\u0085'],
  ])('a name holding %s answers 400 on every multipart route', async (_what, name) => {
    for (const [method, url] of ROUTES) {
      await expectRefused(method, url, body(field(name, 'x'), field('calendar', 'gregorian')), 400)
    }
  })

  it('a body declared larger than the largest form answers 413 before it is read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(MAX_FORM_BYTES + 1),
      },
      payload: Buffer.alloc(MAX_FORM_BYTES + 1, 0x78),
    })
    expect(res.json()).toMatchObject({ success: false, message: 'The form is too large' })
    expect(res.statusCode).toBe(413)
  })
})

describe('a valid form with one more part the parser drops', () => {
  const file = part(
    'Content-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv',
    'first_name,middle_name,last_name\nAbebe,Kebede,Tesfaye',
  )
  const memberFields = Object.entries(registrationFields()).map(([k, v]) => field(k, v))
  const valid: Record<(typeof ROUTES)[number][1], string[]> = {
    '/api/members': memberFields,
    '/api/members/:id': memberFields,
    '/api/imports': [file],
  }
  const dropped: [string, string][] = [
    ['a line feed in its name', field('notes\nx', 'kept?')],
    ['a carriage return in its name', field('notes\rx', 'kept?')],
    [
      'a line feed in its file name',
      part('Content-Disposition: form-data; name="photo"; filename="a\nb.png"', 'x'),
    ],
    ['no Content-Disposition', part('Content-Type: text/plain', 'kept?')],
    ['no headers at all', '--' + BOUNDARY + '\r\n\r\nkept?\r\n'],
  ]
  for (const [method, url] of ROUTES) {
    it.each(dropped)(
      `with %s: ${method} ${url} answers 400 and stores nothing`,
      async (_what, extra) => {
        const before = await counts()
        const res = await send(method, url, body(...valid[url], extra))
        if (res === 'no answer') throw new Error(`${method} ${url} never answered`)
        expect(res.json()).toEqual({ success: false, message: DROPPED_PART })
        expect(res.statusCode).toBe(400)
        expect(await counts()).toEqual(before)
      },
    )

    it(`accepts the same form without that part: ${method} ${url}`, async () => {
      // Awaited without send()'s 5 s limit: checking an import can take longer on a busy host.
      const res = await ctx.app.inject({
        method,
        url: url.replace(':id', String(memberId)),
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body(...valid[url]),
      })
      expect(res.statusCode).toBeLessThan(300)
    })
  }

  it('is refused when the body arrives in small writes over a socket, the form alone is not', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined)
    const { port } = ctx.app.server.address() as AddressInfo
    // 7-byte writes split every delimiter somewhere.
    const post = (payload: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const req = socketPost(port, '/api/imports', payload.length, resolve)
        req.on('error', reject)
        const write = (at: number): void => {
          if (at >= payload.length) return void req.end()
          req.write(payload.subarray(at, at + 7), () => setImmediate(() => write(at + 7)))
        }
        write(0)
      })
    expect(await post(body(file, field('calendar\nx', 'gregorian')))).toBe(400)
    expect(await post(body(file, field('calendar', 'gregorian')))).toBe(200)
  })

  it('reads a boundary given in quotes and a preamble before the first part', async () => {
    const quoted = 'a b'
    const payload = Buffer.from(
      `preamble\r\n--${quoted}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n\r\nfirst_name,middle_name,last_name\nAbebe,Kebede,Tesfaye\r\n--${quoted}--\r\n`,
    )
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary="${quoted}"` },
      payload,
    })
    expect(res.statusCode).toBe(200)
  })
})

/** What a member form could have changed: the members, the history, the member's last change. */
async function counts() {
  const db = ctx.database.db
  const count = async (table: 'members' | 'audit_events') =>
    Number(
      (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    )
  const member = await db
    .selectFrom('members')
    .select('updated_at')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow()
  return {
    members: await count('members'),
    history: await count('audit_events'),
    updated: member.updated_at,
  }
}
