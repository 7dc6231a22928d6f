// Every API route × every kind of caller (issue 25), from one table so no route is forgotten:
// a clerk on its own member and on another's, an auditor and an admin. A 403 or 404 changes
// nothing stored. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import fs from 'node:fs'
import path from 'node:path'
import type { InjectOptions } from 'fastify'
import type { Role } from '../domain'
import { type Action, GRANTS, may, ownerScope } from './features/accounts'
import { memberCalls } from './testing/memberCalls'
import { registrationFields } from './testing/memberForms'
import { BOARD, SECRETARY, testAppPerFile } from './testing/testApp'

type Caller = 'clerkOwn' | 'clerkOther' | 'auditor' | 'admin'
type Auth = { authorization: string }

interface Fixture {
  /** A fresh member of clerk A (the "own" clerk). */
  memberId: number
  /** A member of clerk A, deleted (in the restore bin). */
  deletedId: number
  /** A spare clerk that owns nothing, removable. */
  spareId: number
  clerkB: number
  clerkC: number
  /** A household of clerk A, with `linkedId` (another member of A's) in it as a child. */
  householdId: number
  linkedId: number
  /** A dues fund with a rate from Meskerem 2018. */
  fundId: number
  /** A payment for memberId, recorded by clerk A, and its receipt's check code. */
  paymentId: number
  verifyCode: string
  clerkA: number
  /** A payment of clerk A's on a day clerk A has closed. */
  closedPaymentId: number
  /** A day of clerk A's nobody has closed yet. */
  openDay: string
  /** A per-household dues fund, and a payment of householdId into it by clerk A. */
  houseFundId: number
  householdPaymentId: number
}

type Statuses = Record<Caller, number>
type Method = NonNullable<InjectOptions['method']>

interface Row {
  route: string
  request: (f: Fixture) => InjectOptions
  expect: Statuses
}

const all = (status: number): Statuses => ({
  clerkOwn: status,
  clerkOther: status,
  auditor: status,
  admin: status,
})
const adminOnly = (status: number): Statuses => ({ ...all(403), admin: status })
/** Everyone but the auditor, who only reads. */
const notAuditor = (status: number): Statuses => ({ ...all(status), auditor: 403 })
/** The auditor and the admin; clerks are refused. */
const overseers: Statuses = { clerkOwn: 403, clerkOther: 403, auditor: 200, admin: 200 }
/** Clerk A's record: its owner, the auditor and the admin read it; another clerk finds nothing. */
const ownRecordRead: Statuses = { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 }
/** A change to clerk A's record that only its owner makes. */
const ownerOnly = (status: number): Statuses => ({
  clerkOwn: status,
  clerkOther: 404,
  auditor: 403,
  admin: 403,
})
/** A change to clerk A's record that its owner or the admin makes. */
const ownerOrAdmin = (status: number): Statuses => ({ ...ownerOnly(status), admin: status })

/** A row calling its route's method (the route's first word) on `url`, with a JSON body. */
const row = (
  route: string,
  url: (f: Fixture) => string,
  expect: Statuses,
  payload?: (f: Fixture) => Record<string, unknown>,
): Row => ({
  route,
  request: (f) => ({
    method: route.split(' ')[0] as Method,
    url: url(f),
    ...(payload && { payload: payload(f) }),
  }),
  expect,
})
/** A cash payment into `fund_id` by a member or a household. */
const cashPayment = (
  payer: { member_id: number } | { household_id: number },
  fund_id: number,
  amount: number,
  received_on = '2025-09-20',
) => ({ fund_id, ...payer, amount, method: 'cash', received_on })
const voidReason = () => ({ reason: 'Entered twice' })

const memberForm = (fields: Record<string, string>) => {
  const boundary = 'matrixboundary'
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** An import id nobody has: the caller's own imports are covered in imports.test.ts. */
const UNKNOWN_IMPORT = '0123456789abcdef0123456789abcdef'
const importUpload = (csv: string) => {
  const boundary = 'matrixboundary'
  return {
    method: 'POST' as const,
    url: '/api/imports',
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const MATRIX: Row[] = [
  row('GET /api/members', () => '/api/members', all(200)),
  row('GET /api/members?owner=all', () => '/api/members?owner=all', all(200)),
  row('GET /api/members/search', () => '/api/members/search?q=ab', all(200)),
  row('GET /api/members/search?owner=all', () => '/api/members/search?owner=all', all(200)),
  row('GET /api/members/search/count', () => '/api/members/search/count?q=ab&owner=all', all(200)),
  row('GET /api/members/:id', (f) => `/api/members/${f.memberId}`, ownRecordRead),
  {
    route: 'POST /api/members',
    request: () => ({
      method: 'POST',
      url: '/api/members',
      ...memberForm(registrationFields({ first_name: 'Matrix' })),
    }),
    expect: notAuditor(201),
  },
  {
    route: 'PUT /api/members/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/api/members/${f.memberId}`,
      ...memberForm({ city: 'Dessie' }),
    }),
    expect: ownerOnly(200),
  },
  row('DELETE /api/members/:id', (f) => `/api/members/${f.memberId}`, ownerOnly(204)),
  row(
    'POST /api/members/transfer/:id',
    (f) => `/api/members/transfer/${f.memberId}`,
    ownerOrAdmin(200),
    (f) => ({ targetUserId: f.clerkC }),
  ),
  row('GET /api/members/:id/history', (f) => `/api/members/${f.memberId}/history`, ownRecordRead),
  row('GET /api/households', () => '/api/households', all(200)),
  row(
    'POST /api/households',
    () => '/api/households',
    notAuditor(201),
    () => ({
      name: 'Matrix family',
    }),
  ),
  row('GET /api/households/:id', (f) => `/api/households/${f.householdId}`, ownRecordRead),
  row(
    'PUT /api/households/:id',
    (f) => `/api/households/${f.householdId}`,
    ownerOnly(200),
    () => ({
      city: 'Dessie',
    }),
  ),
  row('DELETE /api/households/:id', (f) => `/api/households/${f.householdId}`, ownerOnly(204)),
  row(
    'POST /api/households/:id/transfer',
    (f) => `/api/households/${f.householdId}/transfer`,
    ownerOrAdmin(200),
    (f) => ({ targetUserId: f.clerkC }),
  ),
  row(
    'PUT /api/households/:id/members/:memberId',
    (f) => `/api/households/${f.householdId}/members/${f.memberId}`,
    ownerOnly(200),
    () => ({ role: 'head' }),
  ),
  row(
    'DELETE /api/households/:id/members/:memberId',
    (f) => `/api/households/${f.householdId}/members/${f.linkedId}`,
    ownerOnly(200),
  ),
  row('GET /api/audit', () => '/api/audit?limit=5', overseers),
  row('GET /api/audit/head', () => '/api/audit/head', overseers),
  row('GET /api/audit/export', () => '/api/audit/export?format=csv&lang=en', overseers),
  row('GET /api/users', () => '/api/users', all(200)),
  row('GET /api/me', () => '/api/me', all(200)),
  row(
    'POST /api/me/password (wrong current password)',
    () => '/api/me/password',
    all(400),
    () => ({
      current_password: 'not it at all',
      new_password: 'a long new password',
    }),
  ),
  row('GET /api/admin/users', () => '/api/admin/users', overseers),
  row(
    'POST /api/admin/users',
    () => '/api/admin/users',
    adminOnly(201),
    () => ({
      username: `new-${Math.random().toString(36).slice(2, 8)}`,
      role: 'clerk',
    }),
  ),
  row(
    'PATCH /api/admin/users/:id',
    (f) => `/api/admin/users/${f.spareId}`,
    adminOnly(200),
    () => ({
      role: 'auditor',
    }),
  ),
  row(
    'POST /api/admin/users/:id/reset-password',
    (f) => `/api/admin/users/${f.spareId}/reset-password`,
    adminOnly(200),
  ),
  row(
    'POST /api/admin/users/:id/transfer-members',
    (f) => `/api/admin/users/${f.clerkC}/transfer-members`,
    adminOnly(200),
    (f) => ({ target_user_id: f.clerkB }),
  ),
  row('DELETE /api/admin/users/:id', (f) => `/api/admin/users/${f.spareId}`, adminOnly(204)),
  row('GET /api/admin/deleted-members', () => '/api/admin/deleted-members', adminOnly(200)),
  row(
    'POST /api/admin/deleted-members/:id/restore',
    (f) => `/api/admin/deleted-members/${f.deletedId}/restore`,
    adminOnly(200),
  ),
  row('GET /api/members/export', () => '/api/members/export?format=csv&lang=en', all(200)),
  row('GET /api/stats', () => '/api/stats?owner=all', all(200)),
  row('GET /api/imports/template', () => '/api/imports/template?lang=en', notAuditor(200)),
  {
    route: 'POST /api/imports',
    request: () => importUpload('first_name,middle_name,last_name\nAbebe,Kebede,Tesfaye\n'),
    expect: notAuditor(200),
  },
  row(
    'POST /api/imports/:id/preview',
    () => `/api/imports/${UNKNOWN_IMPORT}/preview`,
    notAuditor(404),
    () => ({}),
  ),
  row(
    'POST /api/imports/:id/commit',
    () => `/api/imports/${UNKNOWN_IMPORT}/commit`,
    notAuditor(404),
    () => ({ on_duplicate: 'skip' }),
  ),
  row(
    'GET /api/imports/progress/:token',
    () => '/api/imports/progress/0123456789abcdef0123456789abcdef',
    notAuditor(404),
  ),
  row(
    'GET /api/imports/:id/report',
    () => `/api/imports/${UNKNOWN_IMPORT}/report?lang=en`,
    notAuditor(404),
  ),
  row('GET /api/church', () => '/api/church', all(200)),
  row(
    'PUT /api/church',
    () => '/api/church',
    adminOnly(200),
    () => ({ phone: '+251 11 000 0000' }),
  ),
  row(
    'GET /api/church/logo (none yet: public, the same for everyone)',
    () => '/api/church/logo',
    all(404),
  ),
  row('GET /api/funds', () => '/api/funds', all(200)),
  row('GET /api/funds/:id', (f) => `/api/funds/${f.fundId}`, all(200)),
  row(
    'POST /api/funds',
    () => '/api/funds',
    adminOnly(201),
    () => ({
      kind: 'gift',
      name_en: 'Vow',
    }),
  ),
  row(
    'PUT /api/funds/:id',
    (f) => `/api/funds/${f.fundId}`,
    adminOnly(200),
    () => ({
      name_en: 'Dues',
    }),
  ),
  row(
    'POST /api/funds/:id/rates',
    (f) => `/api/funds/${f.fundId}/rates`,
    adminOnly(201),
    () => ({
      amount: 5000,
      from_month: '2018-01',
    }),
  ),
  row(
    'POST /api/payments',
    () => '/api/payments',
    ownerOrAdmin(201),
    (f) => cashPayment({ member_id: f.memberId }, f.fundId, 5000),
  ),
  row('GET /api/payments', () => '/api/payments', all(200)),
  row(
    'GET /api/payments?member_id=',
    (f) => `/api/payments?member_id=${f.memberId}`,
    ownRecordRead,
  ),
  row('GET /api/payments/:id', (f) => `/api/payments/${f.paymentId}`, ownRecordRead),
  // Clerk A recorded it and its day is open (decision 0230).
  row(
    'POST /api/payments/:id/void',
    (f) => `/api/payments/${f.paymentId}/void`,
    ownerOrAdmin(200),
    voidReason,
  ),
  row(
    'POST /api/payments/:id/void (its day closed)',
    (f) => `/api/payments/${f.closedPaymentId}/void`,
    { ...ownerOrAdmin(200), clerkOwn: 403 },
    voidReason,
  ),
  row(
    'POST /api/payments (a household)',
    () => '/api/payments',
    ownerOrAdmin(201),
    (f) => cashPayment({ household_id: f.householdId }, f.houseFundId, 5000),
  ),
  row(
    'GET /api/payments?household_id=',
    (f) => `/api/payments?household_id=${f.householdId}`,
    ownRecordRead,
  ),
  row(
    'GET /api/payments/:id (a household’s)',
    (f) => `/api/payments/${f.householdPaymentId}`,
    ownRecordRead,
  ),
  row(
    'POST /api/payments/:id/void (a household’s)',
    (f) => `/api/payments/${f.householdPaymentId}/void`,
    ownerOrAdmin(200),
    voidReason,
  ),
  row('GET /api/cash-up', () => '/api/cash-up?day=2025-09-20', all(200)),
  row(
    'GET /api/cash-up?user_id= (clerk A’s day)',
    (f) => `/api/cash-up?day=2025-09-20&user_id=${f.clerkA}`,
    ownRecordRead,
  ),
  row(
    'POST /api/cash-up/close (clerk A’s day)',
    () => '/api/cash-up/close',
    { ...ownerOrAdmin(200), clerkOther: 403 },
    (f) => ({ day: f.openDay, user_id: f.clerkA }),
  ),
  row(
    'GET /api/members/:id/dues',
    (f) => `/api/members/${f.memberId}/dues?fund_id=${f.fundId}&year=2018`,
    ownRecordRead,
  ),
  row(
    'PUT /api/members/:id/dues',
    (f) => `/api/members/${f.memberId}/dues`,
    ownerOrAdmin(200),
    () => ({
      category: 'student',
      start_month: '2018-01',
    }),
  ),
  row(
    'POST /api/dues/waivers',
    () => '/api/dues/waivers',
    adminOnly(201),
    (f) => ({
      fund_id: f.fundId,
      member_id: f.memberId,
      months: ['2018-03'],
      reason: 'Council',
    }),
  ),
  row(
    'GET /api/households/:id/dues',
    (f) => `/api/households/${f.householdId}/dues?year=2018`,
    ownRecordRead,
  ),
  row(
    'PUT /api/households/:id/dues',
    (f) => `/api/households/${f.householdId}/dues`,
    ownerOrAdmin(200),
    () => ({ category: 'reduced', start_month: '2018-02' }),
  ),
  row(
    'POST /api/dues/waivers (a household)',
    () => '/api/dues/waivers',
    adminOnly(201),
    (f) => ({
      fund_id: f.houseFundId,
      household_id: f.householdId,
      months: ['2018-03'],
      reason: 'Council',
    }),
  ),
  row(
    'GET /api/households/:id/statement',
    (f) => `/api/households/${f.householdId}/statement?year=2018`,
    ownRecordRead,
  ),
  row(
    'GET /api/reports/collections (a clerk: its own members’)',
    () => '/api/reports/collections?year=2018',
    all(200),
  ),
  row(
    'GET /api/reports/arrears (a clerk: its own members)',
    () => '/api/reports/arrears?owner=all',
    all(200),
  ),
  row(
    'GET /api/reports/good-standing (a clerk: its own members)',
    () => '/api/reports/good-standing?owner=all',
    all(200),
  ),
  row(
    'GET /api/members/:id/statement',
    (f) => `/api/members/${f.memberId}/statement?year=2018`,
    ownRecordRead,
  ),
  // The spreadsheet downloads answer on the same terms as their JSON.
  row(
    'GET /api/members/:id/statement (.xlsx)',
    (f) => `/api/members/${f.memberId}/statement?year=2018&format=xlsx&lang=am`,
    ownRecordRead,
  ),
  row(
    'GET /api/households/:id/statement (.xlsx)',
    (f) => `/api/households/${f.householdId}/statement?year=2018&format=xlsx&lang=om`,
    ownRecordRead,
  ),
  ...['collections?year=2018', 'arrears?owner=all', 'good-standing?owner=all'].map((report) =>
    row(
      `GET /api/reports/${report.split('?')[0]} (.xlsx)`,
      () => `/api/reports/${report}&format=xlsx&lang=en`,
      all(200),
    ),
  ),
  row(
    'GET /api/receipts/verify/:code (public)',
    (f) => `/api/receipts/verify/${f.verifyCode}`,
    all(200),
  ),
  // The API reference: public, the same for everyone, and no data (plugins/apiDocs.ts).
  ...[
    '/api/openapi.json',
    '/api/docs',
    '/api/docs/',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/json',
    '/api/docs/yaml',
  ].map((url) => row(`GET ${url} (public)`, () => url, all(200))),
  row(
    'GET /api/docs/* (public: the page files)',
    () => '/api/docs/static/swagger-ui.css',
    all(200),
  ),
  row(
    'GET /api/docs/static/index.html (public: to the page)',
    () => '/api/docs/static/index.html',
    all(302),
  ),
]

const {
  ctx,
  users: { clerkA, clerkB, clerkC, auditor, admin },
} = testAppPerFile({
  clerkA: 'clerk-a',
  clerkB: 'clerk-b',
  clerkC: 'clerk-c',
  auditor: BOARD,
  admin: SECRETARY,
})
const calls = memberCalls(() => ctx.app)
/** A JSON call as `auth`, to set the fixture up. */
const send = (auth: Auth, method: Method, url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: auth, payload })
const tokens = {} as Record<Caller, Auth>
let spareCount = 0
let dayCount = 0
const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
let fundId: number
let houseFundId: number

beforeAll(async () => {
  Object.assign(tokens, {
    clerkOwn: clerkA.auth,
    clerkOther: clerkB.auth,
    auditor: auditor.auth,
    admin: admin.auth,
  })
  await calls.create(clerkB.auth, { first_name: 'Other' })
  const fund = await send(admin.auth, 'POST', '/api/funds', {
    kind: 'dues',
    name_en: 'Monthly dues',
  })
  fundId = fund.json<{ id: number }>().id
  const houseFund = await send(admin.auth, 'POST', '/api/funds', {
    kind: 'dues',
    payer: 'household',
    name_en: 'Family dues',
  })
  houseFundId = houseFund.json<{ id: number }>().id
  await send(admin.auth, 'POST', `/api/funds/${houseFundId}/rates`, {
    amount: 8000,
    from_month: '2018-01',
  })
  await send(admin.auth, 'POST', `/api/funds/${fundId}/rates`, {
    amount: 5000,
    from_month: '2018-01',
  })
})

async function fixture(): Promise<Fixture> {
  const member = await calls.create(clerkA.auth, { first_name: 'Abebe' })
  const payment = await send(
    clerkA.auth,
    'POST',
    '/api/payments',
    cashPayment({ member_id: member.id }, fundId, 5000),
  )
  expect(payment.statusCode).toBe(201)
  const paid = payment.json<{ id: number; verify_path: string }>()
  dayCount += 1
  const closedDay = dayAfter('2022-01-01', dayCount)
  const openDay = dayAfter('2024-01-01', dayCount)
  const inClosedDay = await send(
    clerkA.auth,
    'POST',
    '/api/payments',
    cashPayment({ member_id: member.id }, fundId, 100, closedDay),
  )
  expect(inClosedDay.statusCode).toBe(201)
  const closing = await send(clerkA.auth, 'POST', '/api/cash-up/close', { day: closedDay })
  expect(closing.statusCode).toBe(200)
  const deleted = await calls.create(clerkA.auth, { first_name: 'Gone' })
  expect((await calls.remove(clerkA.auth, deleted.id)).statusCode).toBe(204)
  spareCount += 1
  const spare = await ctx.database.db
    .insertInto('users')
    .values({
      username: `spare-${spareCount}`,
      password_hash: 'x',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const household = await send(clerkA.auth, 'POST', '/api/households', { name: 'Abebe family' })
  const householdId = household.json<{ id: number }>().id
  const linked = await calls.create(clerkA.auth, { first_name: 'Selam' })
  const joined = await send(
    clerkA.auth,
    'PUT',
    `/api/households/${householdId}/members/${linked.id}`,
    {
      role: 'child',
    },
  )
  expect(joined.statusCode).toBe(200)
  const start = await send(clerkA.auth, 'PUT', `/api/households/${householdId}/dues`, {
    start_month: '2018-01',
  })
  expect(start.statusCode).toBe(200)
  const householdPayment = await send(
    clerkA.auth,
    'POST',
    '/api/payments',
    cashPayment({ household_id: householdId }, houseFundId, 8000),
  )
  expect(householdPayment.statusCode).toBe(201)
  return {
    houseFundId,
    householdPaymentId: householdPayment.json<{ id: number }>().id,
    householdId,
    linkedId: linked.id,
    memberId: member.id,
    deletedId: deleted.id,
    spareId: spare.id,
    clerkB: clerkB.id,
    clerkC: clerkC.id,
    fundId,
    paymentId: paid.id,
    verifyCode: paid.verify_path.split('/').pop() as string,
    clerkA: clerkA.id,
    closedPaymentId: inClosedDay.json<{ id: number }>().id,
    openDay,
  }
}

/** Everything a refused call must leave as it was (the history and sessions aside). */
async function snapshot() {
  const db = ctx.database.db
  return JSON.stringify([
    await db.selectFrom('members').selectAll().orderBy('id').execute(),
    await db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'disabled', 'must_change_password', 'password_hash'])
      .orderBy('id')
      .execute(),
    await db.selectFrom('photos').select(['id', 'member_id']).orderBy('id').execute(),
    await db.selectFrom('households').selectAll().orderBy('id').execute(),
    await db.selectFrom('funds').selectAll().orderBy('id').execute(),
    await db.selectFrom('fund_rates').selectAll().orderBy('id').execute(),
    await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    await db
      .selectFrom('payment_allocations')
      .selectAll()
      .orderBy('payment_id')
      .orderBy('month')
      .execute(),
    await db.selectFrom('dues_waivers').selectAll().orderBy('id').execute(),
    await db.selectFrom('cash_days').selectAll().orderBy('recorded_by').orderBy('day').execute(),
    await db.selectFrom('member_dues').selectAll().orderBy('member_id').execute(),
    await db.selectFrom('household_dues').selectAll().orderBy('household_id').execute(),
    await db
      .selectFrom('deleted_members')
      .select(['member_id', 'deleted_at'])
      .orderBy('member_id')
      .execute(),
  ])
}

const CASES = MATRIX.flatMap((row) =>
  (Object.keys(row.expect) as Caller[]).map(
    (caller) => [row.route, caller, row.expect[caller], row] as const,
  ),
)

describe('role × route matrix', () => {
  // A refused call is checked to change nothing stored, so the next case may use its records.
  let unchanged: Fixture | undefined
  it.each(CASES)('%s as %s → %i', async (_route, caller, status, row) => {
    const f = unchanged ?? (await fixture())
    unchanged = undefined
    const refused = status === 403 || status === 404
    const before = refused ? await snapshot() : undefined
    const request = row.request(f)
    const res = await ctx.app.inject({
      method: 'GET',
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...tokens[caller] },
    } as InjectOptions)
    expect(res.statusCode).toBe(status)
    if (refused) {
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
      expect(await snapshot()).toBe(before)
      unchanged = f
    }
  })

  it('covers every API route the app has', () => {
    const covered = new Set(MATRIX.map((row) => row.route.split(' (')[0].replace(/\?.*$/, '')))
    const routes = apiRoutes(ctx.app.printRoutes({ commonPrefix: false }))
    expect(routes).toContain('POST /api/members/transfer/:id')
    // Outside the role rules: sign-in, sign-out (ends the caller's session), the DB probe.
    const exempt = ['POST /api/login', 'POST /api/logout', 'GET /api/test-db']
    expect(routes.filter((route) => !exempt.includes(route) && !covered.has(route))).toEqual([])
  })
})

/** "METHOD /path" of every /api route, read from Fastify's printed route tree. */
function apiRoutes(tree: string): string[] {
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ├└─]*)(\S+) \(([^)]*)\)/.exec(line)
    if (!match) continue
    const depth = Math.round(match[1].length / 4)
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + match[2]
    stack[depth] = path
    if (!path.startsWith('/api/')) continue
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`)
    }
  }
  return routes
}

// The policy itself (features/accounts/policy.ts), action by action: may the role try at all,
// on its own member, on another account's member, on a deleted member (history only).
type Expectation = [boolean, boolean, boolean, boolean]
const ALL: Expectation = [true, true, true, true]
const NONE: Expectation = [false, false, false, false]
/** At all and on its own record only. */
const OWN: Expectation = [true, true, false, false]
const POLICY: Record<Action, Record<Role, Expectation>> = {
  'member.read': { clerk: OWN, auditor: ALL, admin: ALL },
  'member.create': { clerk: ALL, auditor: NONE, admin: ALL },
  'member.update': { clerk: OWN, auditor: NONE, admin: OWN },
  'member.delete': { clerk: OWN, auditor: NONE, admin: OWN },
  'member.transfer': { clerk: OWN, auditor: NONE, admin: ALL },
  'member.import': { clerk: ALL, auditor: NONE, admin: ALL },
  'history.read': { clerk: NONE, auditor: ALL, admin: ALL },
  'accounts.read': { clerk: NONE, auditor: ALL, admin: ALL },
  'accounts.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'restoreBin.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'household.read': { clerk: OWN, auditor: ALL, admin: ALL },
  'household.write': { clerk: OWN, auditor: NONE, admin: OWN },
  'household.transfer': { clerk: OWN, auditor: NONE, admin: ALL },
  'church.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'dues.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'payment.void': { clerk: OWN, auditor: NONE, admin: ALL },
  'cashDay.read': { clerk: OWN, auditor: ALL, admin: ALL },
  'cashDay.close': { clerk: OWN, auditor: NONE, admin: ALL },
}
const POLICY_CASES = (Object.keys(POLICY) as Action[]).flatMap((action) =>
  (Object.keys(POLICY[action]) as Role[]).map(
    (role) => [action, role, POLICY[action][role]] as const,
  ),
)

describe('policy: may this account do this to this record', () => {
  const caller = (role: Role) => ({ id: 7, role })

  it('has an expectation for every action it grants', () => {
    expect(Object.keys(GRANTS).sort()).toEqual(Object.keys(POLICY).sort())
  })

  it.each(POLICY_CASES)('%s as %s', (action, role, [atAll, own, other, deleted]) => {
    expect(may(caller(role), action)).toBe(atAll)
    expect(may(caller(role), action, { ownerId: 7 })).toBe(own)
    expect(may(caller(role), action, { ownerId: 8 })).toBe(other)
    expect(may(caller(role), action, { ownerId: undefined })).toBe(deleted)
  })

  it('scopes lists to the caller for a clerk, to the asked owner for the others', () => {
    expect(ownerScope(caller('clerk'), 'all')).toBe(7)
    expect(ownerScope(caller('clerk'), '8')).toBe(7)
    expect(ownerScope(caller('auditor'), 'all')).toBeNull()
    expect(ownerScope(caller('admin'), '8')).toBe(8)
    expect(ownerScope(caller('admin'), undefined)).toBe(7)
    expect(ownerScope(caller('admin'), 'mine')).toBe(7)
    expect(() => ownerScope(caller('admin'), 'someone')).toThrow('Validation failed')
  })

  it("is the only server code that decides by the caller's role", () => {
    const features = path.join(__dirname, 'features')
    const offenders = fs
      .readdirSync(features, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => path.basename(file) !== 'policy.ts')
      .filter((file) =>
        /\b(user!?|caller)\.role\s*(===|!==)|requireRole/.test(
          fs.readFileSync(path.join(features, file), 'utf8'),
        ),
      )
    expect(offenders).toEqual([])
  })
})
