// What the dues tests share: an app whose today is 20 January 2026 (12 Tir 2018, dues month
// 2018-05), accounts of each role, a dues fund at 50.00 a month from Meskerem 2018.
import ExcelJS from 'exceljs'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { memberCalls } from './memberCalls'
import { createTestApp, createUserAndSignIn, type SignedInUser, type TestContext } from './testApp'
import type { Payment } from '../features/dues/paymentSchemas'
import type { AppOptions } from '../app'

export const TODAY = new Date('2026-01-20T09:00:00Z')
/** 1 Meskerem 2018. */
export const MESKEREM_2018 = '2025-09-11'

export interface DuesWorld {
  ctx: TestContext
  admin: SignedInUser
  clerk: SignedInUser
  otherClerk: SignedInUser
  auditor: SignedInUser
  fundId: number
  member(joined?: string, who?: SignedInUser): Promise<number>
  pay(
    who: SignedInUser,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ statusCode: number; payment: Payment; body: string }>
  call(who: SignedInUser | null, options: InjectOptions): Promise<LightMyRequestResponse>
  /** The first sheet's rows of an .xlsx the call answers (200, a spreadsheet) as cell values. */
  sheet(who: SignedInUser, url: string): Promise<unknown[][]>
  /** A fund the admin creates (201), with its first rate step (201) when one is given. */
  fund(
    payload: Record<string, unknown>,
    rate?: { amount: number; from_month: string },
  ): Promise<number>
  /** How many payments, valid or voided, the payer has. */
  paymentCount(payer: { member_id: number } | { household_id: number }): Promise<number>
}

export async function duesWorld(overrides: Partial<AppOptions> = {}): Promise<DuesWorld> {
  const ctx = await createTestApp({ clock: () => TODAY, ...overrides })
  const admin = await createUserAndSignIn(ctx, 'secretary', undefined, { role: 'admin' })
  const clerk = await createUserAndSignIn(ctx, 'clerk-a')
  const otherClerk = await createUserAndSignIn(ctx, 'clerk-b')
  const auditor = await createUserAndSignIn(ctx, 'board', undefined, { role: 'auditor' })
  const calls = memberCalls(() => ctx.app)
  const call = (who: SignedInUser | null, options: InjectOptions) =>
    ctx.app.inject({
      ...options,
      headers: { ...(options.headers as Record<string, string>), ...(who ? who.auth : {}) },
    })
  const fund: DuesWorld['fund'] = async (payload, rate) => {
    const created = await call(admin, { method: 'POST', url: '/api/funds', payload })
    expect(created.statusCode).toBe(201)
    const id = created.json<{ id: number }>().id
    if (rate) {
      const step = await call(admin, {
        method: 'POST',
        url: `/api/funds/${id}/rates`,
        payload: rate,
      })
      expect(step.statusCode).toBe(201)
    }
    return id
  }
  const fundId = await fund(
    { kind: 'dues', name_en: 'Monthly dues', name_am: 'ወርሃዊ የአባልነት ክፍያ' },
    { amount: 5000, from_month: '2018-01' },
  )
  return {
    ctx,
    admin,
    clerk,
    otherClerk,
    auditor,
    fundId,
    call,
    fund,
    async paymentCount(payer) {
      const [column, id] = Object.entries(payer)[0] as ['member_id' | 'household_id', number]
      const { count } = await ctx.database.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
      return Number(count)
    },
    async sheet(who, url) {
      const res = await call(who, { url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('spreadsheetml')
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      const rows: unknown[][] = []
      book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      return rows
    },
    async member(joined = MESKEREM_2018, who = clerk) {
      return (
        await calls.create(who.auth, {
          date_joined: joined,
          first_name: 'Abebe',
          last_name: 'Kebede',
        })
      ).id
    },
    async pay(who, body, headers = {}) {
      const res = await call(who, {
        method: 'POST',
        url: '/api/payments',
        payload: { fund_id: fundId, method: 'cash', received_on: '2026-01-20', ...body },
        headers,
      })
      return { statusCode: res.statusCode, payment: res.json<Payment>(), body: res.body }
    },
  }
}
