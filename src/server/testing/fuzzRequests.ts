// Hostile requests for the fuzz run (src/server/fuzz.test.ts), made from the routes the app
// registers and their schemas: a route added later is fuzzed without anyone listing it here.
import crypto from 'node:crypto'
import type { HTTPMethods, InjectOptions, RouteOptions } from 'fastify'
import { randomSource } from '../cli/seedMembers'
import { type FilePart, multipart, registrationFields } from './memberForms'

/** The seed data's generator (same sequence for a seed), with int(n) in 0 … n-1. */
export function generator(seed: number) {
  const { next, pick } = randomSource(seed)
  return { next, pick, int: (n: number) => Math.floor(next() * n) }
}
type Random = ReturnType<typeof generator>

const PIECES = [
  '',
  'a',
  'Abebe',
  'ሰላም',
  '🙏🏾',
  '\u0000',
  '\u0001',
  '\uFFFF',
  '\uD800',
  "'; drop table members;--",
  '"',
  '%',
  '_',
  '\\',
  '<script>',
  '${x}',
  '../../etc/passwd',
  ' ',
  '\n',
  '\r\n',
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '["a","\\u0000"]',
  'member',
  'all',
  '2026-13-45',
  '1990-05-04',
  '2018-13',
  '__proto__',
  '=HYPERLINK("x")',
]

function text(r: Random): string {
  const n = r.int(6)
  let out = ''
  for (let i = 0; i < n; i++) out += r.pick(PIECES)
  if (r.int(40) === 0) out += 'x'.repeat(r.pick([300, 5000, 70_000]))
  return out
}

/** Any JSON value: numbers at the edges, hostile text, small arrays and objects. */
function value(r: Random, depth = 0): unknown {
  switch (r.int(depth > 1 ? 6 : 9)) {
    case 0:
      return r.pick([0, -1, 1, 2 ** 31, 2 ** 53, 1.5, -0, 1e308])
    case 1:
      return r.pick([true, false, null])
    case 2:
    case 3:
    case 4:
    case 5:
      return text(r)
    case 6:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [text(r), value(r, depth + 1)]),
      )
  }
}

/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on a lone surrogate). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

const HOSTILE_IDS = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '%FF%FE',
  'abc',
  '1e3',
  '%00',
  '%20%31',
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  '1%3Bdrop',
  '0x10',
  '01',
]

/** A route as the app registered it, one method each. */
export interface FuzzRoute {
  method: HTTPMethods
  url: string
  schema: RouteSchema
}

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minimum?: number
  maximum?: number
}

interface RouteSchema {
  querystring?: JsonSchema
  body?: JsonSchema & { content?: Record<string, { schema: JsonSchema }> }
  'x-body'?: string
}

/** Every route the app registered, as onRoute saw them (HEAD twins included). */
export function fuzzRoutes(registered: RouteOptions[]): FuzzRoute[] {
  return registered.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
      method: method as HTTPMethods,
      url: route.url,
      schema: (route.schema ?? {}) as RouteSchema,
    })),
  )
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`

/** What the run knows of the database: ids to aim at and the callers to send. */
export interface FuzzWorld {
  /** Valid bearer headers by role; every request picks one, or one of `invalid`. */
  callers: { authorization: string }[]
  invalid: Record<string, string>[]
  members: number[]
  deletedMembers: number[]
  households: number[]
  funds: number[]
  payments: number[]
  imports: string[]
  /** Accounts the admin routes may change: never one whose token the run signs with. */
  victims: number[]
  receiptCodes: string[]
  png: Buffer
}

/** The ids a path parameter should name, by the route's first segment and the name. */
function knownIds(world: FuzzWorld, url: string, name: string): (string | number)[] {
  if (name === 'memberId') return world.members
  if (name === 'code') return world.receiptCodes
  if (url.startsWith('/api/admin/users')) return world.victims
  if (url.startsWith('/api/admin/deleted-members')) return world.deletedMembers
  if (url.startsWith('/api/members')) return [...world.members, ...world.deletedMembers]
  if (url.startsWith('/api/households')) return world.households
  if (url.startsWith('/api/funds')) return world.funds
  if (url.startsWith('/api/payments')) return world.payments
  if (url.startsWith('/api/imports')) return world.imports
  return []
}

function pathParameter(
  r: Random,
  world: FuzzWorld,
  url: string,
  name: string,
  careful: boolean,
): string {
  const known = knownIds(world, url, name)
  if (known.length && (careful || r.int(2) === 0)) return String(r.pick(known))
  return r.int(3) ? r.pick(HOSTILE_IDS) : encode(text(r))
}

const hintsOf = new WeakMap<FuzzWorld, Record<string, unknown[]>>()

/** Values that get past the schema and reach the route's own checks, by property name. */
function hints(world: FuzzWorld): Record<string, unknown[]> {
  const known = hintsOf.get(world)
  if (known) return known
  const day = ['2025-09-20', '2025-02-29', '2099-01-01']
  const made: Record<string, unknown[]> = {
    fund_id: world.funds,
    member_id: world.members,
    household_id: world.households,
    targetUserId: world.victims,
    user_id: world.victims,
    account: world.victims,
    member: world.members,
    months: [['2018-01'], ['2018-01', '2018-13'], []],
    from_month: ['2018-01', '2018-13'],
    start_month: ['2018-01'],
    amount: [5000, 8000, 1],
    method: ['cash', 'telebirr', 'bank'],
    reference: ['TX-1'],
    reason: ['Hardship'],
    received_on: day,
    day,
    from: day,
    to: day,
    today: day,
    wedding_date: ['2010-06-12'],
    year: [2018, 2017],
    calendar: ['ethiopian', 'gregorian'],
    lang: ['am', 'en', 'om'],
    format: ['csv', 'xlsx', 'json'],
    owner: ['all', 'mine', ...world.victims],
    status: ['all', 'member', 'active'],
    scope: ['all', 'mine'],
    q: ['Abebe', 'አበበ', 'a'],
    limit: [1, 50, 500],
    tz: [0, 180],
    role: ['clerk', 'auditor', 'admin', 'head', 'spouse', 'child'],
    username: ['newclerk'],
    password: ['correct horse battery'],
    current_password: ['correct horse battery'],
    new_password: ['another long passphrase'],
    on_duplicate: ['skip', 'update', 'create'],
    kind: ['dues', 'gift'],
    payer: ['member', 'household'],
    currency: ['ETB'],
    name: ['Family Abebe'],
    name_en: ['Monthly dues'],
    category: ['student', ''],
    ...Object.fromEntries(Object.entries(registrationFields()).map(([k, v]) => [k, [v]])),
  }
  hintsOf.set(world, made)
  return made
}

/**
 * A value for one property: a hint, a value its schema allows, or anything at all. A careful
 * request takes the likeliest valid value, so it reaches the route's own checks.
 */
function propertyValue(
  r: Random,
  world: FuzzWorld,
  name: string,
  schema: JsonSchema,
  careful: boolean,
): unknown {
  const hinted = hints(world)[name]
  if (careful) {
    if (hinted?.length) return r.pick(hinted)
    if (schema.enum?.length) return r.pick(schema.enum)
    return schema.type === 'string' ? r.pick(['Abebe', '1', '']) : fromSchema(r, world, schema)
  }
  const roll = r.int(10)
  if (roll < 4 && hinted?.length) return r.pick(hinted)
  if (roll < 6 && schema.enum?.length) return r.pick(schema.enum)
  if (roll < 8) return fromSchema(r, world, schema)
  return value(r)
}

function fromSchema(r: Random, world: FuzzWorld, schema: JsonSchema, depth = 0): unknown {
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type
  if (schema.enum?.length && r.int(2)) return r.pick(schema.enum)
  switch (type) {
    case 'integer':
    case 'number':
      return r.pick([0, 1, -1, 2 ** 31, 2 ** 53, schema.minimum ?? 2, schema.maximum ?? 3, 1.5])
    case 'boolean':
      return r.int(2) === 0
    case 'null':
      return null
    case 'array':
      return depth > 2
        ? []
        : Array.from({ length: r.int(4) }, () =>
            fromSchema(r, world, schema.items ?? {}, depth + 1),
          )
    case 'object':
      return depth > 2 ? {} : objectFrom(r, world, schema, depth + 1)
    case 'string':
      return text(r)
    default:
      return value(r, depth)
  }
}

/** An object of a schema's properties; a careful one has at most one hostile value. */
function objectFrom(r: Random, world: FuzzWorld, schema: JsonSchema, depth = 0, careful = false) {
  const out: Record<string, unknown> = {}
  const required = new Set(schema.required ?? [])
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (careful ? !required.has(name) && r.int(2) : r.int(10) >= 7) continue
    out[name] = depth
      ? fromSchema(r, world, property, depth)
      : propertyValue(r, world, name, property, careful)
  }
  const names = Object.keys(out)
  if (careful && names.length && r.int(2)) out[r.pick(names)] = value(r)
  else if (r.int(5) === 0) out[text(r)] = value(r)
  return out
}

function queryString(
  r: Random,
  world: FuzzWorld,
  schema: JsonSchema | undefined,
  careful: boolean,
): string {
  const pairs: [string, unknown][] = []
  const required = new Set(schema?.required ?? [])
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (careful ? required.has(name) || r.int(2) : r.int(10) < 6) {
      pairs.push([name, propertyValue(r, world, name, property, careful)])
    }
    // A repeated key arrives as an array.
    if (r.int(careful ? 60 : 15) === 0) pairs.push([name, text(r)])
  }
  if (!careful && r.int(5) === 0)
    pairs.push([r.pick([text(r), '__proto__[x]', 'constructor']), text(r)])
  const written = pairs.map(
    ([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
  )
  return written.length ? `?${written.join('&')}` : r.int(10) === 0 ? `?${encode(text(r))}` : ''
}

const csvPart = (data: string | Buffer): FilePart => ({
  field: 'file',
  filename: 'members.csv',
  contentType: 'text/csv',
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
})

/** A CSV built from hostile pieces: headers and cells the import must refuse or keep as text. */
function csv(r: Random): string {
  const rows = Array.from({ length: r.int(5) }, () =>
    Array.from({ length: r.int(5) }, () => text(r)).join(r.pick([',', ';', '\t'])),
  )
  return [r.pick(['first_name,middle_name,last_name', text(r)]), ...rows].join('\n')
}

function filePart(r: Random, world: FuzzWorld): FilePart {
  switch (r.int(4)) {
    case 0:
      return { field: 'photo', filename: 'photo.png', contentType: 'image/png', data: world.png }
    case 1:
      return csvPart(r.int(4) ? csv(r) : Buffer.from(text(r), 'utf16le'))
    case 2:
      return {
        field: r.pick(['photo', 'file', text(r)]),
        filename: r.pick(['a.xlsx', 'a.jpg', text(r)]),
        contentType: r.pick(['image/jpeg', 'application/zip', text(r)]),
        data: Buffer.from(r.pick(['PK\u0003\u0004', '\u00ff\u00d8\u00ff', '']) + text(r), 'latin1'),
      }
    default:
      return csvPart(
        Buffer.from(`\uFEFFfirst_name,last_name\n${text(r).replace(/[\r\n]/g, ' ')},Kebede\n`),
      )
  }
}

/** A multipart body by hand, for shapes the helper cannot write: odd part headers, cut short. */
function rawMultipart(r: Random): { payload: Buffer; contentType: string } {
  const boundary = r.pick(['fuzzboundary', 'x', '"quoted boundary"'])
  const bare = boundary.replace(/"/g, '')
  const parts = Array.from({ length: 1 + r.int(3) }, () => {
    const disposition = r.pick([
      `form-data; name="${text(r)}"`,
      `form-data; name="city\nx"`,
      `form-data; name="file"; filename="a\r\nb.csv"`,
      'attachment; name="city"',
      '',
    ])
    return `--${bare}\r\nContent-Disposition: ${disposition}\r\n\r\n${text(r)}\r\n`
  })
  const end = r.pick([`--${bare}--\r\n`, '', `--${bare}`, `--${bare}--\r\ntrailer`])
  return {
    payload: Buffer.from(parts.join('') + end),
    contentType: r.pick([
      `multipart/form-data; boundary=${boundary}`,
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=other`,
    ]),
  }
}

/** The JSON and multipart schemas of a route's body, however the route wrote it. */
function bodySchemas(schema: RouteSchema) {
  const content = schema.body?.content
  if (content) {
    return {
      json: content['application/json']?.schema,
      form: content['multipart/form-data']?.schema,
    }
  }
  return { json: schema.body, form: undefined }
}

function body(
  r: Random,
  world: FuzzWorld,
  route: FuzzRoute,
  careful: boolean,
): Partial<InjectOptions> {
  const { json, form } = bodySchemas(route.schema)
  const roll = r.int(10)
  if (form && roll < 6) {
    if (roll === 0) {
      const raw = rawMultipart(r)
      return { payload: raw.payload, headers: { 'content-type': raw.contentType } }
    }
    const fields: Record<string, string> = {}
    for (const [name, value] of Object.entries(objectFrom(r, world, form, 0, careful))) {
      fields[name] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
    }
    const files = Array.from({ length: careful ? 1 : r.int(3) }, () => filePart(r, world))
    return multipart(fields, files)
  }
  if ((careful || roll < 8) && json) return { payload: objectFrom(r, world, json, 0, careful) }
  if (roll === 8) {
    return {
      payload: text(r),
      headers: {
        'content-type': r.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
        ]),
      },
    }
  }
  return r.int(2) ? { payload: value(r) as object } : {}
}

/**
 * One hostile request for a route: its caller, path, query and body all chosen by `r`. Two in
 * five are careful: a valid caller and likely values, with one thing wrong at most.
 */
export function fuzzRequest(r: Random, world: FuzzWorld, route: FuzzRoute): InjectOptions {
  const careful = r.int(5) < 2
  const caller = careful || r.int(5) ? r.pick(world.callers) : r.pick(world.invalid)
  let url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    pathParameter(r, world, route.url, name, careful),
  )
  url = url.replace('*', () => encode(text(r)))
  url += queryString(r, world, route.schema.querystring, careful)
  const sendsBody = !['GET', 'HEAD'].includes(route.method)
  const extra = sendsBody ? body(r, world, route, careful) : {}
  const headers: Record<string, string> = {
    ...caller,
    ...(extra.headers as Record<string, string> | undefined),
  }
  if (r.int(20) === 0) headers['idempotency-key'] = text(r).slice(0, 300)
  return { method: route.method as InjectOptions['method'], url, payload: extra.payload, headers }
}

/** Tokens a server must refuse: none, malformed, forged, unsigned, expired. */
export function invalidCallers(
  user: { id: number; username: string },
  secret: string,
): Record<string, string>[] {
  const jwt = (header: object, claims: object, key: string) => {
    const head = `${b64(header)}.${b64(claims)}`
    return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`
  }
  const claims = { id: user.id, username: user.username, sub: String(user.id), jti: 'x' }
  const now = Math.floor(Date.now() / 1000)
  return [
    {},
    { authorization: 'Bearer' },
    { authorization: 'Bearer not.a.token' },
    { authorization: 'Basic YWxpY2U6cGFzcw==' },
    {
      authorization: `Bearer ${jwt({ alg: 'HS256' }, { ...claims, exp: now + 3600 }, 'wrong-secret-of-thirty-two-bytes-or-more')}`,
    },
    { authorization: `Bearer ${b64({ alg: 'none' })}.${b64({ ...claims, exp: now + 3600 })}.` },
    { authorization: `Bearer ${jwt({ alg: 'HS256' }, { ...claims, exp: now - 60 }, secret)}` },
    // Signed with the server's key but naming no session: refused like a signed-out token.
    { authorization: `Bearer ${jwt({ alg: 'HS256' }, { ...claims, exp: now + 3600 }, secret)}` },
  ]
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
