// npm run seed's payments (issue 46): monthly dues for an account's members over the last
// months (two years by default), one payment a month each, with gapless receipt numbers taken
// batch by batch from the same counters as the app. Most members pay every month, some stopped
// a while ago (arrears), some never paid. Members with payments already get none. Seeded
// payments write no history events.
import crypto from 'node:crypto'
import {
  addMonths,
  compareMonths,
  type DuesMonth,
  ethiopianToIso,
  ethiopianYearOf,
  monthOfDay,
  monthParts,
  monthRange,
  PAYMENT_METHODS,
  receiptNumber,
  todayIso,
} from '../../domain'
import { type Insertable, sql } from 'kysely'
import { isPostgres } from '../db/portable'
import type { Db, PaymentsTable } from '../db/tables'
import { MEMBER_DUES_BASIS, recountDuesSummaries, startMonthOf } from '../features/dues'
import { randomSource } from './seedMembers'

const MEMBERS_PER_BATCH = 2000
/** Payments a multi-row insert holds: 15 columns each stay under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 2000
const RATE = 5000

export interface PaymentSeedOptions {
  ownerId: number
  ownerName: string
  months?: number
  seed?: number
  /** The current dues month; the last seeded month is the one before it. */
  currentMonth?: DuesMonth
  onProgress?: (payments: number) => void
}

/** The first active per-member dues fund, or a new one at 50.00 a month over the seeded span. */
async function duesFundFor(db: Db, from: DuesMonth): Promise<number> {
  const fund = await db
    .selectFrom('funds')
    .select('id')
    .where('kind', '=', 'dues')
    .where('payer', '=', 'member')
    .where('active', '=', 1)
    .orderBy('id')
    .executeTakeFirst()
  if (fund) return fund.id
  const now = new Date().toISOString()
  const created = await db
    .insertInto('funds')
    .values({
      kind: 'dues',
      payer: 'member',
      name_am: 'ወርሃዊ የአባልነት ክፍያ',
      name_en: 'Monthly dues',
      name_om: 'Kaffaltii miseensummaa ji’aa',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('fund_rates')
    .values({ fund_id: created.id, from_month: from, amount: RATE, created_at: now })
    .execute()
  return created.id
}

/** Takes `count` receipt numbers of a year at once: the last one and the ones before it. */
async function takeNumbers(trx: Db, year: number, count: number): Promise<number> {
  const row = await trx
    .insertInto('receipt_counters')
    .values({ year, last_number: count })
    .onConflict((oc) =>
      oc
        .column('year')
        .doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', count) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number) - count + 1
}

/**
 * PostgreSQL: a batch's payments and their months in one statement, each column one array
 * parameter (set-based: no row-by-row parameters, no round trip per thousand rows).
 */
async function insertAsArrays(
  trx: Db,
  rows: NewSeedPayment[],
  planned: readonly { month: DuesMonth }[],
): Promise<void> {
  if (rows.length === 0) return
  const column = <K extends keyof NewSeedPayment>(key: K) => rows.map((row) => row[key])
  await sql`with src as (
      select * from unnest(
        ${column('member_id')}::int[], ${column('method')}::text[],
        ${column('received_on')}::text[], ${column('receipt_year')}::int[],
        ${column('receipt_number')}::text[], ${column('verify_code')}::text[],
        ${planned.map((p) => p.month)}::text[]
      ) as t(member_id, method, received_on, receipt_year, receipt_number, verify_code, month)
    ), made as (
      insert into payments (fund_id, member_id, amount, currency, method, received_on,
        receipt_year, receipt_number, verify_code, recorded_by, recorded_by_username, created_at)
      select ${rows[0].fund_id}, member_id, ${RATE}, 'ETB', method, received_on, receipt_year,
        receipt_number, verify_code, ${rows[0].recorded_by}, ${rows[0].recorded_by_username},
        ${rows[0].created_at}
      from src
      returning id, receipt_number
    )
    insert into payment_allocations (payment_id, fund_id, member_id, month, amount)
    select made.id, ${rows[0].fund_id}, src.member_id, src.month, ${RATE}
    from made join src on src.receipt_number = made.receipt_number`.execute(trx)
}

type NewSeedPayment = Insertable<PaymentsTable> & { member_id: number; created_at: string }

export async function seedPayments(db: Db, options: PaymentSeedOptions): Promise<number> {
  const random = randomSource(options.seed ?? 46)
  const current = options.currentMonth ?? (monthOfDay(todayIso()) as DuesMonth)
  const last = addMonths(current, -1)
  const first = addMonths(current, -(options.months ?? 24))
  const fundId = await duesFundFor(db, first)
  const span = monthRange(first, last)
  let afterId = 0
  let made = 0
  for (;;) {
    const members = await db
      .selectFrom('members')
      .leftJoin('member_dues', 'member_dues.member_id', 'members.id')
      .select(MEMBER_DUES_BASIS)
      .where('members.owner_user_id', '=', options.ownerId)
      .where('members.id', '>', afterId)
      .orderBy('members.id')
      .limit(MEMBERS_PER_BATCH)
      .execute()
    if (members.length === 0) break
    afterId = members[members.length - 1].id
    // A member with payments in the fund already is left as it is: a second seed adds none.
    const paying = await db
      .selectFrom('payment_allocations')
      .select('member_id')
      .distinct()
      .where('fund_id', '=', fundId)
      .where(
        'member_id',
        'in',
        members.map((m) => m.id),
      )
      .execute()
    const alreadyPaid = new Set(paying.map((row) => row.member_id))
    const planned: { memberId: number; month: DuesMonth; day: string }[] = []
    for (const member of members) {
      if (alreadyPaid.has(member.id)) continue
      const start = startMonthOf(member)
      const owed = span.filter((month) => compareMonths(month, start) >= 0)
      // 70% pay every month, 20% stopped 1–12 months ago, 10% never paid.
      const draw = random.int(1, 10)
      const paid = draw <= 7 ? owed.length : draw <= 9 ? owed.length - random.int(1, 12) : 0
      for (const month of owed.slice(0, Math.max(0, paid))) {
        const { year, month: number } = monthParts(month)
        planned.push({
          memberId: member.id,
          month,
          day: ethiopianToIso(year, number, random.int(1, 28))!,
        })
      }
    }
    await db.transaction().execute(async (trx) => {
      const byYear = new Map<number, number>()
      for (const p of planned) {
        const year = ethiopianYearOf(p.day)!
        byYear.set(year, (byYear.get(year) ?? 0) + 1)
      }
      const next = new Map<number, number>()
      for (const [year, count] of byYear) next.set(year, await takeNumbers(trx, year, count))
      const now = new Date().toISOString()
      const rows = planned.map((p) => {
        const year = ethiopianYearOf(p.day)!
        const sequence = next.get(year)!
        next.set(year, sequence + 1)
        return {
          fund_id: fundId,
          member_id: p.memberId,
          household_id: null,
          amount: RATE,
          currency: 'ETB',
          method: random.pick(PAYMENT_METHODS),
          reference: null,
          received_on: p.day,
          receipt_year: year,
          receipt_number: receiptNumber(year, sequence),
          verify_code: crypto.randomBytes(16).toString('base64url'),
          recorded_by: options.ownerId,
          recorded_by_username: options.ownerName,
          idempotency_key: null,
          created_at: now,
        }
      })
      if (isPostgres(trx)) await insertAsArrays(trx, rows, planned)
      else {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          const chunk = rows.slice(i, i + ROWS_PER_INSERT)
          const ids = await trx.insertInto('payments').values(chunk).returning('id').execute()
          await trx
            .insertInto('payment_allocations')
            .values(
              chunk.map((row, k) => ({
                payment_id: ids[k].id,
                fund_id: fundId,
                member_id: row.member_id,
                household_id: null,
                month: planned[i + k].month,
                amount: RATE,
              })),
            )
            .execute()
        }
      }
    })
    made += planned.length
    options.onProgress?.(made)
  }
  // The seed writes past the payment service: the reports' summaries are counted once, here.
  await recountDuesSummaries(db, new Date())
  return made
}
