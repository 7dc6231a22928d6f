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

interface Row {
  route: string
  request: (f: Fixture) => InjectOptions
  expect: Record<Caller, number>
}

const all = (status: number): Record<Caller, number> => ({
  clerkOwn: status,
  clerkOther: status,
  auditor: status,
  admin: status,
})
const adminOnly = (status: number) => ({
  clerkOwn: 403,
  clerkOther: 403,
  auditor: 403,
  admin: status,
})
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
  { route: 'GET /api/members', request: () => ({ url: '/api/members' }), expect: all(200) },
  {
    route: 'GET /api/members?owner=all',
    request: () => ({ url: '/api/members?owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/members/search',
    request: () => ({ url: '/api/members/search?q=ab' }),
    expect: all(200),
  },
  {
    route: 'GET /api/members/search?owner=all',
    request: () => ({ url: '/api/members/search?owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/members/search/count',
    request: () => ({ url: '/api/members/search/count?q=ab&owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/members/:id',
    request: (f) => ({ url: `/api/members/${f.memberId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'POST /api/members',
    request: () => ({
      method: 'POST',
      url: '/api/members',
      ...memberForm(registrationFields({ first_name: 'Matrix' })),
    }),
    expect: { clerkOwn: 201, clerkOther: 201, auditor: 403, admin: 201 },
  },
  {
    route: 'PUT /api/members/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/api/members/${f.memberId}`,
      ...memberForm({ city: 'Dessie' }),
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'DELETE /api/members/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/members/${f.memberId}` }),
    expect: { clerkOwn: 204, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'POST /api/members/transfer/:id',
    request: (f) => ({
      method: 'POST',
      url: `/api/members/transfer/${f.memberId}`,
      payload: { targetUserId: f.clerkC },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'GET /api/members/:id/history',
    request: (f) => ({ url: `/api/members/${f.memberId}/history` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  { route: 'GET /api/households', request: () => ({ url: '/api/households' }), expect: all(200) },
  {
    route: 'POST /api/households',
    request: () => ({ method: 'POST', url: '/api/households', payload: { name: 'Matrix family' } }),
    expect: { clerkOwn: 201, clerkOther: 201, auditor: 403, admin: 201 },
  },
  {
    route: 'GET /api/households/:id',
    request: (f) => ({ url: `/api/households/${f.householdId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'PUT /api/households/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/api/households/${f.householdId}`,
      payload: { city: 'Dessie' },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'DELETE /api/households/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/households/${f.householdId}` }),
    expect: { clerkOwn: 204, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'POST /api/households/:id/transfer',
    request: (f) => ({
      method: 'POST',
      url: `/api/households/${f.householdId}/transfer`,
      payload: { targetUserId: f.clerkC },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'PUT /api/households/:id/members/:memberId',
    request: (f) => ({
      method: 'PUT',
      url: `/api/households/${f.householdId}/members/${f.memberId}`,
      payload: { role: 'head' },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'DELETE /api/households/:id/members/:memberId',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/households/${f.householdId}/members/${f.linkedId}`,
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 403 },
  },
  {
    route: 'GET /api/audit',
    request: () => ({ url: '/api/audit?limit=5' }),
    expect: { clerkOwn: 403, clerkOther: 403, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/audit/head',
    request: () => ({ url: '/api/audit/head' }),
    expect: { clerkOwn: 403, clerkOther: 403, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/audit/export',
    request: () => ({ url: '/api/audit/export?format=csv&lang=en' }),
    expect: { clerkOwn: 403, clerkOther: 403, auditor: 200, admin: 200 },
  },
  { route: 'GET /api/users', request: () => ({ url: '/api/users' }), expect: all(200) },
  { route: 'GET /api/me', request: () => ({ url: '/api/me' }), expect: all(200) },
  {
    route: 'POST /api/me/password (wrong current password)',
    request: () => ({
      method: 'POST',
      url: '/api/me/password',
      payload: { current_password: 'not it at all', new_password: 'a long new password' },
    }),
    expect: all(400),
  },
  {
    route: 'GET /api/admin/users',
    request: () => ({ url: '/api/admin/users' }),
    expect: { clerkOwn: 403, clerkOther: 403, auditor: 200, admin: 200 },
  },
  {
    route: 'POST /api/admin/users',
    request: () => ({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: `new-${Math.random().toString(36).slice(2, 8)}`, role: 'clerk' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /api/admin/users/:id',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/admin/users/${f.spareId}`,
      payload: { role: 'auditor' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/reset-password',
    request: (f) => ({ method: 'POST', url: `/api/admin/users/${f.spareId}/reset-password` }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/transfer-members',
    request: (f) => ({
      method: 'POST',
      url: `/api/admin/users/${f.clerkC}/transfer-members`,
      payload: { target_user_id: f.clerkB },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/admin/users/${f.spareId}` }),
    expect: adminOnly(204),
  },
  {
    route: 'GET /api/admin/deleted-members',
    request: () => ({ url: '/api/admin/deleted-members' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/deleted-members/:id/restore',
    request: (f) => ({ method: 'POST', url: `/api/admin/deleted-members/${f.deletedId}/restore` }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/members/export',
    request: () => ({ url: '/api/members/export?format=csv&lang=en' }),
    expect: all(200),
  },
  {
    route: 'GET /api/stats',
    request: () => ({ url: '/api/stats?owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/imports/template',
    request: () => ({ url: '/api/imports/template?lang=en' }),
    expect: { ...all(200), auditor: 403 },
  },
  {
    route: 'POST /api/imports',
    request: () => importUpload('first_name,middle_name,last_name\nAbebe,Kebede,Tesfaye\n'),
    expect: { ...all(200), auditor: 403 },
  },
  {
    route: 'POST /api/imports/:id/preview',
    request: () => ({ method: 'POST', url: `/api/imports/${UNKNOWN_IMPORT}/preview`, payload: {} }),
    expect: { ...all(404), auditor: 403 },
  },
  {
    route: 'POST /api/imports/:id/commit',
    request: () => ({
      method: 'POST',
      url: `/api/imports/${UNKNOWN_IMPORT}/commit`,
      payload: { on_duplicate: 'skip' },
    }),
    expect: { ...all(404), auditor: 403 },
  },
  {
    route: 'GET /api/imports/progress/:token',
    request: () => ({ url: '/api/imports/progress/0123456789abcdef0123456789abcdef' }),
    expect: { ...all(404), auditor: 403 },
  },
  {
    route: 'GET /api/imports/:id/report',
    request: () => ({ url: `/api/imports/${UNKNOWN_IMPORT}/report?lang=en` }),
    expect: { ...all(404), auditor: 403 },
  },
  { route: 'GET /api/church', request: () => ({ url: '/api/church' }), expect: all(200) },
  {
    route: 'PUT /api/church',
    request: () => ({ method: 'PUT', url: '/api/church', payload: { phone: '+251 11 000 0000' } }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/church/logo (none yet: public, the same for everyone)',
    request: () => ({ url: '/api/church/logo' }),
    expect: all(404),
  },
  { route: 'GET /api/funds', request: () => ({ url: '/api/funds' }), expect: all(200) },
  {
    route: 'GET /api/funds/:id',
    request: (f) => ({ url: `/api/funds/${f.fundId}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/funds',
    request: () => ({
      method: 'POST',
      url: '/api/funds',
      payload: { kind: 'gift', name_en: 'Vow' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /api/funds/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/api/funds/${f.fundId}`,
      payload: { name_en: 'Dues' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/funds/:id/rates',
    request: (f) => ({
      method: 'POST',
      url: `/api/funds/${f.fundId}/rates`,
      payload: { amount: 5000, from_month: '2018-01' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/payments',
    request: (f) => ({
      method: 'POST',
      url: '/api/payments',
      payload: {
        fund_id: f.fundId,
        member_id: f.memberId,
        amount: 5000,
        method: 'cash',
        received_on: '2025-09-20',
      },
    }),
    expect: { clerkOwn: 201, clerkOther: 404, auditor: 403, admin: 201 },
  },
  { route: 'GET /api/payments', request: () => ({ url: '/api/payments' }), expect: all(200) },
  {
    route: 'GET /api/payments?member_id=',
    request: (f) => ({ url: `/api/payments?member_id=${f.memberId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/payments/:id',
    request: (f) => ({ url: `/api/payments/${f.paymentId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'POST /api/payments/:id/void',
    request: (f) => ({
      method: 'POST',
      url: `/api/payments/${f.paymentId}/void`,
      payload: { reason: 'Entered twice' },
    }),
    // Clerk A recorded it and its day is open (decision 0230).
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'POST /api/payments/:id/void (its day closed)',
    request: (f) => ({
      method: 'POST',
      url: `/api/payments/${f.closedPaymentId}/void`,
      payload: { reason: 'Entered twice' },
    }),
    expect: { clerkOwn: 403, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'POST /api/payments (a household)',
    request: (f) => ({
      method: 'POST',
      url: '/api/payments',
      payload: {
        fund_id: f.houseFundId,
        household_id: f.householdId,
        amount: 5000,
        method: 'cash',
        received_on: '2025-09-20',
      },
    }),
    expect: { clerkOwn: 201, clerkOther: 404, auditor: 403, admin: 201 },
  },
  {
    route: 'GET /api/payments?household_id=',
    request: (f) => ({ url: `/api/payments?household_id=${f.householdId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/payments/:id (a household’s)',
    request: (f) => ({ url: `/api/payments/${f.householdPaymentId}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'POST /api/payments/:id/void (a household’s)',
    request: (f) => ({
      method: 'POST',
      url: `/api/payments/${f.householdPaymentId}/void`,
      payload: { reason: 'Entered twice' },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'GET /api/cash-up',
    request: () => ({ url: '/api/cash-up?day=2025-09-20' }),
    expect: all(200),
  },
  {
    route: 'GET /api/cash-up?user_id= (clerk A’s day)',
    request: (f) => ({ url: `/api/cash-up?day=2025-09-20&user_id=${f.clerkA}` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'POST /api/cash-up/close (clerk A’s day)',
    request: (f) => ({
      method: 'POST',
      url: '/api/cash-up/close',
      payload: { day: f.openDay, user_id: f.clerkA },
    }),
    expect: { clerkOwn: 200, clerkOther: 403, auditor: 403, admin: 200 },
  },
  {
    route: 'GET /api/members/:id/dues',
    request: (f) => ({ url: `/api/members/${f.memberId}/dues?fund_id=${f.fundId}&year=2018` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'PUT /api/members/:id/dues',
    request: (f) => ({
      method: 'PUT',
      url: `/api/members/${f.memberId}/dues`,
      payload: { category: 'student', start_month: '2018-01' },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'POST /api/dues/waivers',
    request: (f) => ({
      method: 'POST',
      url: '/api/dues/waivers',
      payload: { fund_id: f.fundId, member_id: f.memberId, months: ['2018-03'], reason: 'Council' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'GET /api/households/:id/dues',
    request: (f) => ({ url: `/api/households/${f.householdId}/dues?year=2018` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'PUT /api/households/:id/dues',
    request: (f) => ({
      method: 'PUT',
      url: `/api/households/${f.householdId}/dues`,
      payload: { category: 'reduced', start_month: '2018-02' },
    }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 403, admin: 200 },
  },
  {
    route: 'POST /api/dues/waivers (a household)',
    request: (f) => ({
      method: 'POST',
      url: '/api/dues/waivers',
      payload: {
        fund_id: f.houseFundId,
        household_id: f.householdId,
        months: ['2018-03'],
        reason: 'Council',
      },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'GET /api/households/:id/statement',
    request: (f) => ({ url: `/api/households/${f.householdId}/statement?year=2018` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/reports/collections (a clerk: its own members’)',
    request: () => ({ url: '/api/reports/collections?year=2018' }),
    expect: all(200),
  },
  {
    route: 'GET /api/reports/arrears (a clerk: its own members)',
    request: () => ({ url: '/api/reports/arrears?owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/reports/good-standing (a clerk: its own members)',
    request: () => ({ url: '/api/reports/good-standing?owner=all' }),
    expect: all(200),
  },
  {
    route: 'GET /api/members/:id/statement',
    request: (f) => ({ url: `/api/members/${f.memberId}/statement?year=2018` }),
    expect: { clerkOwn: 200, clerkOther: 404, auditor: 200, admin: 200 },
  },
  {
    route: 'GET /api/receipts/verify/:code (public)',
    request: (f) => ({ url: `/api/receipts/verify/${f.verifyCode}` }),
    expect: all(200),
  }, // The API reference: public, the same for everyone, and no data (plugins/apiDocs.ts).
  ...[
    '/api/openapi.json',
    '/api/docs',
    '/api/docs/',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/json',
    '/api/docs/yaml',
  ].map((url) => ({ route: `GET ${url} (public)`, request: () => ({ url }), expect: all(200) })),
  {
    route: 'GET /api/docs/* (public: the page files)',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: all(200),
  },
  {
    route: 'GET /api/docs/static/index.html (public: to the page)',
    request: () => ({ url: '/api/docs/static/index.html' }),
    expect: all(302),
  },
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
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/funds',
    headers: admin.auth,
    payload: { kind: 'dues', name_en: 'Monthly dues' },
  })
  fundId = fund.json<{ id: number }>().id
  const houseFund = await ctx.app.inject({
    method: 'POST',
    url: '/api/funds',
    headers: admin.auth,
    payload: { kind: 'dues', payer: 'household', name_en: 'Family dues' },
  })
  houseFundId = houseFund.json<{ id: number }>().id
  await ctx.app.inject({
    method: 'POST',
    url: `/api/funds/${houseFundId}/rates`,
    headers: admin.auth,
    payload: { amount: 8000, from_month: '2018-01' },
  })
  await ctx.app.inject({
    method: 'POST',
    url: `/api/funds/${fundId}/rates`,
    headers: admin.auth,
    payload: { amount: 5000, from_month: '2018-01' },
  })
})

async function fixture(): Promise<Fixture> {
  const member = await calls.create(clerkA.auth, { first_name: 'Abebe' })
  const payment = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: clerkA.auth,
    payload: {
      fund_id: fundId,
      member_id: member.id,
      amount: 5000,
      method: 'cash',
      received_on: '2025-09-20',
    },
  })
  expect(payment.statusCode).toBe(201)
  const paid = payment.json<{ id: number; verify_path: string }>()
  dayCount += 1
  const closedDay = dayAfter('2022-01-01', dayCount)
  const openDay = dayAfter('2024-01-01', dayCount)
  const inClosedDay = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: clerkA.auth,
    payload: {
      fund_id: fundId,
      member_id: member.id,
      amount: 100,
      method: 'cash',
      received_on: closedDay,
    },
  })
  expect(inClosedDay.statusCode).toBe(201)
  const closing = await ctx.app.inject({
    method: 'POST',
    url: '/api/cash-up/close',
    headers: clerkA.auth,
    payload: { day: closedDay },
  })
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
  const household = await ctx.app.inject({
    method: 'POST',
    url: '/api/households',
    headers: clerkA.auth,
    payload: { name: 'Abebe family' },
  })
  const householdId = household.json<{ id: number }>().id
  const linked = await calls.create(clerkA.auth, { first_name: 'Selam' })
  const joined = await ctx.app.inject({
    method: 'PUT',
    url: `/api/households/${householdId}/members/${linked.id}`,
    headers: clerkA.auth,
    payload: { role: 'child' },
  })
  expect(joined.statusCode).toBe(200)
  const start = await ctx.app.inject({
    method: 'PUT',
    url: `/api/households/${householdId}/dues`,
    headers: clerkA.auth,
    payload: { start_month: '2018-01' },
  })
  expect(start.statusCode).toBe(200)
  const householdPayment = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: clerkA.auth,
    payload: {
      fund_id: houseFundId,
      household_id: householdId,
      amount: 8000,
      method: 'cash',
      received_on: '2025-09-20',
    },
  })
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
  it.each(CASES)('%s as %s → %i', async (_route, caller, status, row) => {
    const f = await fixture()
    const before = await snapshot()
    const request = row.request(f)
    const res = await ctx.app.inject({
      method: 'GET',
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...tokens[caller] },
    } as InjectOptions)
    expect(res.statusCode).toBe(status)
    if (status === 403 || status === 404) {
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
      expect(await snapshot()).toBe(before)
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
const POLICY: Record<Action, Record<Role, Expectation>> = {
  'member.read': { clerk: [true, true, false, false], auditor: ALL, admin: ALL },
  'member.create': { clerk: ALL, auditor: NONE, admin: ALL },
  'member.update': {
    clerk: [true, true, false, false],
    auditor: NONE,
    admin: [true, true, false, false],
  },
  'member.delete': {
    clerk: [true, true, false, false],
    auditor: NONE,
    admin: [true, true, false, false],
  },
  'member.transfer': { clerk: [true, true, false, false], auditor: NONE, admin: ALL },
  'member.import': { clerk: ALL, auditor: NONE, admin: ALL },
  'history.read': { clerk: NONE, auditor: ALL, admin: ALL },
  'accounts.read': { clerk: NONE, auditor: ALL, admin: ALL },
  'accounts.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'restoreBin.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'household.read': { clerk: [true, true, false, false], auditor: ALL, admin: ALL },
  'household.write': {
    clerk: [true, true, false, false],
    auditor: NONE,
    admin: [true, true, false, false],
  },
  'household.transfer': { clerk: [true, true, false, false], auditor: NONE, admin: ALL },
  'church.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'dues.manage': { clerk: NONE, auditor: NONE, admin: ALL },
  'payment.void': { clerk: [true, true, false, false], auditor: NONE, admin: ALL },
  'cashDay.read': { clerk: [true, true, false, false], auditor: ALL, admin: ALL },
  'cashDay.close': { clerk: [true, true, false, false], auditor: NONE, admin: ALL },
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
