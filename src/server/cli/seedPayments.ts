// npm run seed's payments (issue 46): monthly dues for an account's members over the last
// months (two years by default), one payment a month each, with gapless receipt numbers taken
// batch by batch from the same counters as the app. Most members pay every month, some stopped
// a while ago (arrears), some never paid. Members with payments already get none. Seeded
// payments write no history events. PostgreSQL seeds set-based in one transaction (decision
// 0320).
import crypto from 'node:crypto'
import {
  addMonths,
  compareMonths,
  type DuesMonth,
  ethiopianToIso,
  monthOfDay,
  monthParts,
  monthRange,
  PAYMENT_METHODS,
  receiptNumber,
  todayIso,
} from '../../domain'
import { sql } from 'kysely'
import { isPostgres } from '../db/portable'
import type { Db } from '../db/tables'
import {
  insertFund,
  memberDuesBases,
  recountDuesSummaries,
  saveRateStep,
  startMonthOf,
} from '../features/dues'
import { withIndexesRebuilt } from './bulkIndexes'
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
  const id = await insertFund(db, {
    kind: 'dues',
    payer: 'member',
    name_am: 'ወርሃዊ የአባልነት ክፍያ',
    name_en: 'Monthly dues',
    name_om: 'Kaffaltii miseensummaa ji’aa',
    active: 1,
  })
  await saveRateStep(db, { fund_id: id, category: '', from_month: from, amount: RATE })
  return id
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

/** Members whose months a PostgreSQL statement pays: 10,000 make about 240,000 payments. */
const MEMBERS_PER_STATEMENT = 10_000

/** One payment drawn by the seed. */
interface Planned {
  memberId: number
  month: DuesMonth
  /** The day of the Ethiopian month it was received on, 1–28. */
  day: number
}

/**
 * PostgreSQL: payments and their months in one statement from compact arrays (payer, month's
 * place in the span, day of the month, method). The database takes the ids from the identity,
 * numbers each year's receipts on from `bases` in the order drawn (the format of
 * receiptNumber) and makes the verify codes (16 random bytes, base64url, as the app's).
 */
async function insertPlanned(
  trx: Db,
  seed: { fundId: number; ownerId: number; ownerName: string; span: readonly DuesMonth[] },
  planned: readonly (Planned & { method: string })[],
  bases: ReadonlyMap<number, number>,
): Promise<void> {
  if (planned.length === 0) return
  const place = new Map(seed.span.map((month, i) => [month, i + 1]))
  const months = seed.span.map((month) => {
    const { year, month: number } = monthParts(month)
    return { month, year, first: ethiopianToIso(year, number, 1)!, base: bases.get(year) ?? 0 }
  })
  const now = new Date().toISOString()
  await sql`with drawn as materialized (
      select nextval(pg_get_serial_sequence('payments', 'id'))::integer as id, t.member_id,
        t.m, t.day, t.method, (${months.map((m) => m.year)}::int[])[t.m] as year,
        (${months.map((m) => m.base)}::int[])[t.m] - 1
          + row_number() over (partition by (${months.map((m) => m.year)}::int[])[t.m]
            order by t.n) as seq
      from unnest(${planned.map((p) => p.memberId)}::int[],
        ${planned.map((p) => place.get(p.month)!)}::int[],
        ${planned.map((p) => p.day - 1)}::int[],
        ${planned.map((p) => p.method)}::text[]) with ordinality as t(member_id, m, day, method, n)
    ), made as (
      insert into payments (id, fund_id, member_id, amount, currency, method, received_on,
        receipt_year, receipt_number, verify_code, recorded_by, recorded_by_username, created_at)
      select id, ${seed.fundId}, member_id, ${RATE}, 'ETB', method,
        to_char((${months.map((m) => m.first)}::date[])[m] + day, 'YYYY-MM-DD'), year,
        year || '-' || lpad(seq::text, greatest(6, length(seq::text)), '0'),
        translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_'),
        ${seed.ownerId}, ${seed.ownerName}, ${now}
      from drawn
    )
    insert into payment_allocations (payment_id, fund_id, member_id, month, amount)
    select id, ${seed.fundId}, member_id, (${months.map((m) => m.month)}::text[])[m], ${RATE}
    from drawn`.execute(trx)
}

/** The receipt numbers of the planned payments, taken per Ethiopian year: each year's first. */
async function takeYears(trx: Db, planned: readonly Planned[]): Promise<Map<number, number>> {
  const byYear = new Map<number, number>()
  for (const p of planned) {
    const { year } = monthParts(p.month)
    byYear.set(year, (byYear.get(year) ?? 0) + 1)
  }
  const next = new Map<number, number>()
  for (const [year, count] of byYear) next.set(year, await takeNumbers(trx, year, count))
  return next
}

export async function seedPayments(db: Db, options: PaymentSeedOptions): Promise<number> {
  const random = randomSource(options.seed ?? 46)
  const current = options.currentMonth ?? (monthOfDay(todayIso()) as DuesMonth)
  const last = addMonths(current, -1)
  const first = addMonths(current, -(options.months ?? 24))
  const fundId = await duesFundFor(db, first)
  const span = monthRange(first, last)
  // A member with payments in the fund already is left as it is: a second seed adds none.
  const paying = await db
    .selectFrom('payment_allocations')
    .select('member_id')
    .distinct()
    .where('fund_id', '=', fundId)
    .where('member_id', 'is not', null)
    .execute()
  const alreadyPaid = new Set(paying.map((row) => row.member_id))
  const pg = isPostgres(db)

  /** The next batch of the account's members and their payments, drawn in order. */
  async function* batches(source: Db) {
    let afterId = 0
    for (;;) {
      const members = await memberDuesBases(source)
        .where('members.owner_user_id', '=', options.ownerId)
        .where('members.id', '>', afterId)
        .orderBy('members.id')
        .limit(pg ? MEMBERS_PER_STATEMENT : MEMBERS_PER_BATCH)
        .execute()
      if (members.length === 0) return
      afterId = members[members.length - 1].id
      const planned: (Planned & { method: string })[] = []
      for (const member of members) {
        if (alreadyPaid.has(member.id)) continue
        const start = startMonthOf(member)
        const owed = span.filter((month) => compareMonths(month, start) >= 0)
        // 70% pay every month, 20% stopped 1–12 months ago, 10% never paid.
        const draw = random.int(1, 10)
        const paid = draw <= 7 ? owed.length : draw <= 9 ? owed.length - random.int(1, 12) : 0
        for (const month of owed.slice(0, Math.max(0, paid))) {
          const day = random.int(1, 28)
          planned.push({ memberId: member.id, month, day, method: random.pick(PAYMENT_METHODS) })
        }
      }
      yield planned
    }
  }

  let made = 0
  if (pg) {
    // One transaction: the tables' indexes and checks are built once at its end.
    await db.transaction().execute((trx) =>
      withIndexesRebuilt(
        trx,
        { tables: ['payments', 'payment_allocations'], constraints: true },
        async () => {
          const seed = { fundId, ownerId: options.ownerId, ownerName: options.ownerName, span }
          for await (const planned of batches(trx)) {
            await insertPlanned(trx, seed, planned, await takeYears(trx, planned))
            made += planned.length
            options.onProgress?.(made)
          }
        },
      ),
    )
  } else {
    for await (const planned of batches(db)) {
      await db.transaction().execute(async (trx) => {
        const next = await takeYears(trx, planned)
        const now = new Date().toISOString()
        const rows = planned.map((p) => {
          const { year, month } = monthParts(p.month)
          const sequence = next.get(year)!
          next.set(year, sequence + 1)
          return {
            fund_id: fundId,
            member_id: p.memberId,
            household_id: null,
            amount: RATE,
            currency: 'ETB',
            method: p.method,
            reference: null,
            received_on: ethiopianToIso(year, month, p.day)!,
            receipt_year: year,
            receipt_number: receiptNumber(year, sequence),
            verify_code: crypto.randomBytes(16).toString('base64url'),
            recorded_by: options.ownerId,
            recorded_by_username: options.ownerName,
            idempotency_key: null,
            created_at: now,
          }
        })
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
      })
      made += planned.length
      options.onProgress?.(made)
    }
  }
  // The seed writes past the payment service: the reports' summaries are counted once, here.
  await recountDuesSummaries(db, new Date())
  return made
}
