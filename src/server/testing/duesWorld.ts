// What the dues tests share: an app whose today is 20 January 2026 (12 Tir 2018, dues month
// 2018-05), accounts of each role, a dues fund at 50.00 a month from Meskerem 2018.
import ExcelJS from 'exceljs'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { memberCalls } from './memberCalls'
import { createTestApp, createUserAndSignIn, type SignedInUser, type TestContext } from './testApp'
import type { Payment } from '../features/dues/paymentSchemas'

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
}

export async function duesWorld(): Promise<DuesWorld> {
  const ctx = await createTestApp({ clock: () => TODAY })
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
  const fund = await call(admin, {
    method: 'POST',
    url: '/api/funds',
    payload: { kind: 'dues', name_en: 'Monthly dues', name_am: 'ወርሃዊ የአባልነት ክፍያ' },
  })
  const fundId = fund.json<{ id: number }>().id
  await call(admin, {
    method: 'POST',
    url: `/api/funds/${fundId}/rates`,
    payload: { amount: 5000, from_month: '2018-01' },
  })
  return {
    ctx,
    admin,
    clerk,
    otherClerk,
    auditor,
    fundId,
    call,
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
