// Seeded fuzzing of every route: thousands of hostile requests must never answer 5xx, and the
// server must still serve a normal sign-in and registration afterwards. FUZZ_SEED picks
// another sequence, FUZZ_REQUESTS a longer run (`npm run fuzz`); a failure prints the seed and
// the request that broke.
import type { InjectOptions } from 'fastify'
import { randomSource } from './cli/seedMembers'
import { createTestApp, createUserAndSignIn, type TestContext } from './testing/testApp'
import {
  type FilePart,
  multipart,
  pngImage,
  photoPart,
  registrationFields,
} from './testing/memberForms'

const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const REQUESTS = Math.max(1, Number(process.env.FUZZ_REQUESTS) || 2000)
jest.setTimeout(Math.max(120_000, 250 * REQUESTS))

/** The seed data's generator (same sequence for a seed), with int(n) in 0 … n-1. */
function generator(seed: number) {
  const { next, pick } = randomSource(seed)
  return { next, pick, int: (n: number) => Math.floor(next() * n) }
}

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
]

type Random = ReturnType<typeof generator>

function text(r: Random): string {
  const n = r.int(6)
  let out = ''
  for (let i = 0; i < n; i++) out += r.pick(PIECES)
  if (r.int(40) === 0) out += 'x'.repeat(r.pick([300, 5000, 70_000]))
  return out
}

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

function id(r: Random, known: number[]): string {
  if (known.length && r.int(2) === 0) return String(r.pick(known))
  return encode(
    r.pick([
      '0',
      '-1',
      '1',
      '2147483647',
      '2147483648',
      '99999999999999999999',
      '%FF%FE',
      'abc',
      '1e3',
      '\u0000',
      ' 1',
    ]),
  )
}

const FIELDS = Object.keys(registrationFields())

const csvPart = (text: string | Buffer): FilePart => ({
  field: 'file',
  filename: 'members.csv',
  contentType: 'text/csv',
  data: Buffer.isBuffer(text) ? text : Buffer.from(text),
})

/** A CSV built from hostile pieces: headers and cells the import must refuse or keep as text. */
function csv(r: Random): string {
  const rows = Array.from({ length: r.int(5) }, () =>
    Array.from({ length: r.int(5) }, () => text(r)).join(r.pick([',', ';', '\t'])),
  )
  return [r.pick(['first_name,middle_name,last_name', text(r)]), ...rows].join('\n')
}

function formFields(r: Random): Record<string, string> {
  const fields = r.int(3) === 0 ? registrationFields() : {}
  const out: Record<string, string> = { ...fields }
  for (let i = r.int(6); i > 0; i--) {
    out[r.int(5) === 0 ? text(r) : r.pick(FIELDS)] = String(value(r))
  }
  return out
}

/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on a lone surrogate). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encode(String(v))}`)
    .join('&')

/** The answer, or undefined when none comes within 10 s: a request left open is a failure too. */
async function answerOf<T>(answer: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const silence = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), 10_000)
  })
  return Promise.race([answer, silence]).finally(() => clearTimeout(timer))
}

describe('fuzzing every route', () => {
  let ctx: TestContext
  let auth: { authorization: string }
  let adminAuth: { authorization: string }
  let aliceId: number
  let otherId: number
  const known: number[] = []
  const households: number[] = []
  const imports: string[] = []
  let png: Buffer
  let fundId: number
  let houseFundId: number

  beforeAll(async () => {
    ctx = await createTestApp()
    // bob first: the made-up id 1 (or " 1") names him, never alice, whose token must last.
    otherId = (await createUserAndSignIn(ctx, 'bob')).id
    const alice = await createUserAndSignIn(ctx, 'alice')
    auth = alice.auth
    aliceId = alice.id
    adminAuth = (await createUserAndSignIn(ctx, 'carol', undefined, { role: 'admin' })).auth
    png = await pngImage(40, 30)
    const fund = await ctx.app.inject({
      method: 'POST',
      url: '/api/funds',
      headers: adminAuth,
      payload: { kind: 'dues', name_en: 'Monthly dues' },
    })
    fundId = fund.json<{ id: number }>().id
    await ctx.app.inject({
      method: 'POST',
      url: `/api/funds/${fundId}/rates`,
      headers: adminAuth,
      payload: { amount: 5000, from_month: '2018-01' },
    })
    const houseFund = await ctx.app.inject({
      method: 'POST',
      url: '/api/funds',
      headers: adminAuth,
      payload: { kind: 'dues', payer: 'household', name_en: 'Family dues' },
    })
    houseFundId = houseFund.json<{ id: number }>().id
    await ctx.app.inject({
      method: 'POST',
      url: `/api/funds/${houseFundId}/rates`,
      headers: adminAuth,
      payload: { amount: 8000, from_month: '2018-01' },
    })
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      ...multipart({}, [csvPart('first_name,middle_name,last_name\nAbebe,Kebede,Tesfaye\n')], auth),
    })
    expect(upload.statusCode).toBe(200)
    imports.push(upload.json<{ id: string }>().id)
  })
  afterAll(() => ctx.close())

  function request(r: Random): InjectOptions {
    const headers =
      r.int(12) === 0 ? {} : r.int(30) === 0 ? { authorization: `Bearer ${text(r)}` } : auth
    const member = () => `/api/members/${id(r, known)}`
    // Admin routes aim at bob or at made-up ids, never at alice: her requests must stay signed in.
    const account = () => {
      const chosen = r.int(2) ? String(otherId) : id(r, [])
      return Number(Buffer.from(unescape(chosen), 'latin1').toString().trim()) === aliceId
        ? String(otherId)
        : chosen
    }
    const anImport = () => (r.int(2) && imports.length ? r.pick(imports) : encode(text(r)))
    const fund = () => (r.int(2) ? String(r.pick([fundId, houseFundId])) : id(r, []))
    // A member, or (a third of the time) a household: either payer's dues routes.
    const payer = () => (r.int(3) ? member() : `/api/households/${id(r, households)}`)
    const aHousehold = () => (r.int(2) && households.length ? r.pick(households) : value(r))
    // 0-32 a route each, 33 (no case) the default.
    switch (r.int(34)) {
      case 0:
        return {
          method: 'POST',
          url: '/api/login',
          payload: { username: value(r), password: value(r) } as object,
        }
      case 1:
        return {
          method: 'GET',
          url: `/api/users?${query({ purpose: text(r), search: text(r) })}`,
          headers,
        }
      case 2:
        return { method: 'GET', url: '/api/members', headers }
      case 3:
      case 4:
        return {
          method: 'GET',
          url: `${r.pick(['/api/members/search', '/api/members/search/count'])}?${query({ q: text(r), status: r.pick(['', 'all', 'member', text(r)]), limit: r.pick([1, 50, 500, 0, -1, 'x', 2 ** 40]), cursor: r.int(2) ? Buffer.from(JSON.stringify(value(r))).toString('base64url') : text(r), count: r.pick(['true', 'false', text(r)]) })}`,
          headers,
        }
      case 5:
        return { method: 'GET', url: member(), headers }
      case 6:
      case 7: {
        const files = r.int(4) === 0 ? [photoPart(r.int(2) ? png : Buffer.from(text(r)))] : []
        return { method: 'POST', url: '/api/members', ...multipart(formFields(r), files, headers) }
      }
      case 8:
        return { method: 'POST', url: '/api/members', headers, payload: value(r) as object }
      case 9:
        return { method: 'PUT', url: member(), ...multipart(formFields(r), [], headers) }
      case 10:
        return { method: 'PUT', url: member(), headers, payload: value(r) as object }
      case 11:
        return { method: 'DELETE', url: member(), headers }
      case 12:
        return {
          method: 'POST',
          url: `/api/members/transfer/${id(r, known)}`,
          headers,
          payload: { targetUserId: r.int(2) ? otherId : value(r) },
        }
      case 13: {
        const type = r.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
        ])
        return {
          method: r.pick(['POST', 'PUT'] as const),
          url: r.int(2) ? '/api/members' : member(),
          headers: { ...headers, 'content-type': type },
          payload: text(r),
        }
      }
      case 16:
        return {
          method: 'POST',
          url: '/api/imports',
          ...multipart(
            r.int(2) ? { calendar: r.pick(['ethiopian', 'gregorian', text(r)]) } : {},
            [csvPart(r.int(4) ? csv(r) : Buffer.from(text(r), 'utf16le'))],
            headers,
          ),
        }
      case 17:
        return {
          method: 'POST',
          url: `/api/imports/${anImport()}/${r.pick(['preview', 'commit'])}`,
          headers,
          payload: r.int(2)
            ? { mapping: value(r), on_duplicate: r.pick(['skip', 'update', 'create', text(r)]) }
            : (value(r) as object),
        }
      case 18:
        return {
          method: 'GET',
          url: r.int(2)
            ? `/api/imports/${anImport()}/report?${query({ format: text(r) })}`
            : `/api/imports/template?${query({ lang: r.pick(['en', 'am', 'om', text(r)]) })}`,
          headers,
        }
      case 19:
        return {
          method: 'GET',
          url: `/api/members/export?${query({ format: r.pick(['csv', 'xlsx', text(r)]), q: text(r), status: text(r), lang: r.pick(['am', text(r)]), calendar: r.pick(['ethiopian', text(r)]), owner: r.pick(['all', 'mine', text(r)]) })}`,
          headers: r.int(2) ? adminAuth : headers,
        }
      case 20:
        return {
          method: 'GET',
          url: `/api/stats?${query({ owner: r.pick(['all', text(r)]), calendar: text(r), today: text(r), tz: r.pick([0, 180, text(r)]) })}`,
          headers: r.int(2) ? adminAuth : headers,
        }
      case 21:
        return {
          method: 'GET',
          url: r.pick([
            `${member()}/history`,
            `/api/audit?${query({ limit: value(r), before: text(r), member: text(r), account: text(r), from: text(r), to: text(r) })}`,
            `/api/audit/head?${query({ x: text(r) })}`,
          ]),
          headers: r.int(2) ? adminAuth : headers,
        }
      case 22:
        return {
          method: 'POST',
          url: '/api/admin/users',
          headers: adminAuth,
          payload: { username: value(r), password: value(r), role: r.pick(['clerk', text(r)]) },
        }
      case 23:
        return {
          method: r.pick(['PATCH', 'POST'] as const),
          url: `/api/admin/users/${account()}${r.pick(['', '/reset-password', '/transfer-members'])}`,
          headers: adminAuth,
          payload: value(r) as object,
        }
      case 24:
        return {
          method: r.pick(['GET', 'POST'] as const),
          url: `/api/admin/deleted-members${r.int(2) ? `/${id(r, known)}/restore` : `?${query({ limit: value(r) })}`}`,
          headers: adminAuth,
        }
      case 25:
        return {
          method: 'POST',
          url: '/api/me/password',
          headers,
          payload: { current_password: value(r), new_password: value(r) } as object,
        }
      case 26:
        return {
          method: r.pick(['GET', 'POST', 'PUT', 'DELETE'] as const),
          url: r.pick([
            `/api/households?${query({ q: text(r), cursor: text(r), limit: value(r), owner: r.pick(['all', text(r)]) })}`,
            '/api/households',
            `/api/households/${id(r, households)}`,
            `/api/households/${id(r, households)}/transfer`,
          ]),
          headers,
          payload: r.int(2)
            ? {
                name: value(r),
                number: value(r),
                wedding_date: r.pick(['2010-06-12', text(r)]),
                status: r.pick(['active', text(r)]),
                targetUserId: r.pick([otherId, value(r)]),
              }
            : (value(r) as object),
        }
      case 27:
        return {
          method: r.pick(['PUT', 'DELETE'] as const),
          url: `/api/households/${id(r, households)}/members/${id(r, known)}`,
          headers,
          payload: r.int(2)
            ? { role: r.pick(['head', 'spouse', 'child', 'relative', 'other', value(r)]) }
            : (value(r) as object),
        }
      case 28:
        return {
          method: 'POST',
          url: '/api/payments',
          headers: { ...headers, ...(r.int(3) === 0 ? { 'idempotency-key': text(r) } : {}) },
          payload: r.int(3)
            ? {
                fund_id: r.int(2) ? r.pick([fundId, houseFundId]) : value(r),
                member_id:
                  r.int(4) === 0 ? undefined : r.int(2) && known.length ? r.pick(known) : value(r),
                amount: r.pick([5000, 1, 0, -1, 1.5, 2 ** 53, 'x', value(r)]),
                method: r.pick(['cash', 'telebirr', text(r)]),
                reference: r.int(2) ? text(r) : undefined,
                received_on: r.pick(['2025-09-20', '2026-13-01', text(r)]),
                months: r.int(2) ? [r.pick(['2018-01', '2018-13', text(r)])] : value(r),
                household_id: r.int(3) === 0 ? aHousehold() : undefined,
              }
            : (value(r) as object),
        }
      case 29:
        return {
          method: 'GET',
          url: r.int(2)
            ? `/api/payments?${query({ member_id: r.int(2) && known.length ? r.pick(known) : text(r), household_id: aHousehold(), fund_id: text(r), from: text(r), to: text(r), cursor: text(r), limit: value(r) })}`
            : `/api/payments/${id(r, [])}${r.int(2) ? '/void' : ''}`,
          headers: r.int(2) ? adminAuth : headers,
        }
      case 30:
        return {
          method: r.pick(['GET', 'PUT'] as const),
          url: `${payer()}/dues?${query({ fund_id: fund(), year: r.pick([2018, text(r)]) })}`,
          headers,
          payload: { category: r.pick(['student', '', text(r)]), start_month: value(r) } as object,
        }
      case 31:
        return r.int(2)
          ? {
              method: 'POST',
              url: r.pick([
                '/api/dues/waivers',
                `/api/funds/${fund()}/rates`,
                '/api/funds',
                `/api/funds/${fund()}`,
              ]),
              headers: adminAuth,
              payload: r.int(2)
                ? {
                    fund_id: r.pick([fundId, houseFundId]),
                    member_id: r.int(2) && known.length ? r.pick(known) : value(r),
                    household_id: r.int(2) ? aHousehold() : undefined,
                    months: value(r),
                    reason: value(r),
                    amount: value(r),
                    from_month: r.pick(['2018-01', text(r)]),
                    kind: r.pick(['dues', 'gift', text(r)]),
                    name_en: value(r),
                  }
                : (value(r) as object),
            }
          : {
              method: r.pick(['GET', 'PUT'] as const),
              url: r.pick([
                '/api/church',
                `/api/receipts/verify/${encode(text(r))}`,
                '/api/church/logo',
              ]),
              headers: adminAuth,
              payload: {
                name_en: value(r),
                currency: r.pick(['ETB', text(r)]),
                good_standing: value(r),
                logo: r.pick([null, text(r), 'data:image/png;base64,AAAA']),
              } as object,
            }
      case 32:
        if (r.int(2))
          return {
            method: 'GET',
            url: `${r.pick(['/api/reports/collections', '/api/reports/arrears', '/api/reports/good-standing', `${payer()}/statement`])}?${query({ year: r.pick([2018, text(r)]), fund_id: fund(), owner: r.pick(['all', 'mine', String(otherId), text(r)]), min_months: value(r), sort: r.pick(['months_desc', 'name', text(r)]), cursor: r.pick(['2', text(r)]), limit: value(r), format: r.pick(['json', 'xlsx', text(r)]), lang: r.pick(['am', 'om', text(r)]), calendar: r.pick(['ethiopian', text(r)]) })}`,
            headers: r.int(2) ? adminAuth : headers,
          }
        return r.int(2)
          ? {
              method: 'GET',
              url: `/api/cash-up?${query({ day: r.pick(['2025-09-20', '2025-02-29', text(r)]), user_id: r.pick([otherId, text(r)]) })}`,
              headers: r.int(2) ? adminAuth : headers,
            }
          : {
              method: 'POST',
              url: '/api/cash-up/close',
              headers: r.int(2) ? adminAuth : headers,
              payload: r.int(2)
                ? { day: r.pick(['2025-09-20', '2099-01-01', text(r)]), user_id: value(r) }
                : (value(r) as object),
            }
      case 14:
        return {
          method: 'GET',
          url: `/uploads/${r.int(2) ? 'uploads/' : ''}${encode(text(r))}`,
        }
      default:
        return {
          method: r.pick(['GET', 'HEAD', 'OPTIONS', 'PATCH'] as const),
          url: r.pick(['/health', '/', '/api/nothing', '/members', `/${encode(text(r))}`]),
        }
    }
  }

  it(`answers ${REQUESTS} hostile requests without a 5xx and stays healthy`, async () => {
    const r = generator(SEED)
    const failures: string[] = []
    for (let i = 0; i < REQUESTS; i++) {
      // Real members to aim ids at.
      if (i % 200 === 0) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/members',
          ...multipart(registrationFields(), [], auth),
        })
        known.push(res.json<{ id: number }>().id)
        const household = await ctx.app.inject({
          method: 'POST',
          url: '/api/households',
          headers: auth,
          payload: { name: `Family ${i}` },
        })
        households.push(household.json<{ id: number }>().id)
      }
      const options = request(r)
      const res = await answerOf(ctx.app.inject(options))
      if (res === undefined || res.statusCode >= 500) {
        const body =
          typeof options.payload === 'string'
            ? options.payload.slice(0, 200)
            : JSON.stringify(options.payload)?.slice(0, 200)
        const answer = res ? `${res.statusCode} ${res.body.slice(0, 200)}` : 'no answer in 10 s'
        failures.push(
          `#${i} ${options.method} ${String(options.url).slice(0, 200)} ${body} → ${answer}`,
        )
      }
    }
    expect({ seed: SEED, failures }).toEqual({ seed: SEED, failures: [] })

    expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(registrationFields(), [], auth),
    })
    expect(created.statusCode).toBe(201)
  })
})
