// The rows a payer's ledger is built from: its start, category, rates, payments and waivers.
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
import * as pgJson from 'kysely/helpers/postgres'
import * as sqliteJson from 'kysely/helpers/sqlite'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'
import { PROFILE_ID } from '../churchProfile'
import { CASH_LOCK } from './cashUpRepository'
import { CHAIN_LOCK } from '../history'

/** A member's columns its dues start from (members joined with member_dues). */
const MEMBER_DUES_BASIS = [
  'members.id',
  'members.owner_user_id',
  'members.first_name',
  'members.last_name',
  'members.date_joined',
  'members.created_at',
  'member_dues.category',
  'member_dues.start_month',
] as const

/** A household's columns its dues start from (households joined with household_dues). */
const HOUSEHOLD_DUES_BASIS = [
  'households.id',
  'households.owner_user_id',
  'households.name',
  'households.created_at',
  'household_dues.category',
  'household_dues.start_month',
] as const

/** The members with what their dues start from: the office's settings, joining, registration. */
export const memberDuesBases = (db: Db) =>
  db
    .selectFrom('members')
    .leftJoin('member_dues', 'member_dues.member_id', 'members.id')
    .select(MEMBER_DUES_BASIS)

/** The households with what their dues start from: the office's settings, else creation. */
export const householdDuesBases = (db: Db) =>
  db
    .selectFrom('households')
    .leftJoin('household_dues', 'household_dues.household_id', 'households.id')
    .select(HOUSEHOLD_DUES_BASIS)

export const findMemberDuesBasis = (db: Db, memberId: number) =>
  memberDuesBases(db).where('members.id', '=', memberId).executeTakeFirst()

export const findHouseholdDuesBasis = (db: Db, householdId: number) =>
  householdDuesBases(db).where('households.id', '=', householdId).executeTakeFirst()

/** Stores a payer's dues category and start month (its member_dues or household_dues row). */
export async function savePayerDues(
  db: Db,
  payer: PayerKey,
  settings: { category: string; start_month: string | null },
): Promise<void> {
  const values = { ...settings, updated_at: new Date().toISOString() }
  // Kysely types one table at a time; both are keyed by their payer column alone.
  const table = payer.column === 'member_id' ? 'member_dues' : 'household_dues'
  await db
    .insertInto(table as 'member_dues')
    .values({ [payer.column]: payer.id, ...values } as { member_id: number } & typeof values)
    .onConflict((oc) => oc.column(payer.column as 'member_id').doUpdateSet(values))
    .execute()
}

/** Whose ledger: a member's or a household's, by the column its rows carry. */
export interface PayerKey {
  column: 'member_id' | 'household_id'
  id: number
}

export function fundRates(db: Db, fundId: number) {
  return db
    .selectFrom('fund_rates')
    .select(['category', 'from_month', 'amount'])
    .where('fund_id', '=', fundId)
    .execute()
}

/** Paid per month by a payer into a fund, voided payments left out. */
export async function paidByMonth(db: Db, payer: PayerKey, fundId: number) {
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['month', sql<number>`sum(amount)`.as('paid')])
    .where(payer.column, '=', payer.id)
    .where('fund_id', '=', fundId)
    .where('voided', '=', 0)
    .groupBy('month')
    .execute()
  return new Map(rows.map((row) => [row.month, Number(row.paid)]))
}

export async function waivedMonths(db: Db, payer: PayerKey, fundId: number) {
  const rows = await db
    .selectFrom('dues_waivers')
    .select('month')
    .where(payer.column, '=', payer.id)
    .where('fund_id', '=', fundId)
    .execute()
  return new Set(rows.map((row) => row.month))
}

/** A payer's waivers in a fund: each month's, with who recorded it, when and why. */
export function waiversOf(db: Db, payer: PayerKey, fundId: number) {
  return db
    .selectFrom('dues_waivers')
    .select(['month', 'reason', 'created_by', 'created_at'])
    .where(payer.column, '=', payer.id)
    .where('fund_id', '=', fundId)
    .execute()
}

export async function insertWaivers(
  db: Db,
  payer: PayerKey,
  rows: { fund_id: number; month: string; reason: string; created_by: number }[],
): Promise<void> {
  const now = new Date().toISOString()
  const member_id = payer.column === 'member_id' ? payer.id : null
  const household_id = payer.column === 'household_id' ? payer.id : null
  await db
    .insertInto('dues_waivers')
    .values(rows.map((row) => ({ ...row, member_id, household_id, created_at: now })))
    .execute()
}

// Any constants: the first key of the two-key advisory lock that serialises one payer's dues.
export const MEMBER_DUES_LOCK = 0x64756573
export const HOUSEHOLD_DUES_LOCK = 0x64756574

/** The first key of a payer's dues lock: members and households have their own key spaces. */
const payerLockOf = (payer: PayerKey) =>
  payer.column === 'member_id' ? MEMBER_DUES_LOCK : HOUSEHOLD_DUES_LOCK

/**
 * Serialises the writes of one payer's dues on PostgreSQL (two payments at once must not both
 * take the same month); SQLite runs one writing transaction at a time.
 */
export async function lockPayerDues(trx: Db, payer: PayerKey): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${payerLockOf(payer)}, ${payer.id})`.execute(trx)
}

// Any constant: the first key of the advisory lock of a fund's summaries (PostgreSQL).
export const FUND_LOCK = 0x64756575

/**
 * A payment's or waiver's locks in one statement (PostgreSQL), in the order every writer takes
 * them: the payer's dues, the recording account's cash days, the fund's summaries shared, and
 * with `history` the history chain's (taken last by every writer; decision 0321).
 */
export async function lockPayerWrite(
  trx: Db,
  payer: PayerKey,
  fundId: number,
  cashDaysOf?: number,
  history = false,
): Promise<void> {
  if (!isPostgres(trx)) return
  const cash =
    cashDaysOf === undefined ? sql`` : sql`pg_advisory_xact_lock(${CASH_LOCK}, ${cashDaysOf}),`
  const chain = history ? sql`, pg_advisory_xact_lock(${CHAIN_LOCK})` : sql``
  await sql`select pg_advisory_xact_lock(${payerLockOf(payer)}, ${payer.id}), ${cash}
    pg_advisory_xact_lock_shared(${FUND_LOCK}, ${fundId})${chain}`.execute(trx)
}

/** The fund a read is for: one by id (any kind), or the first active dues fund of a payer kind. */
export type FundChoice = { id: number } | { firstActiveFor: 'member' | 'household' }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tables: a subquery's rows
type Subquery<O> = SelectQueryBuilder<any, any, O>

/** A member's or a household's dues basis (the columns the other has not are null). */
interface PayerBasis {
  id: number
  owner_user_id: number
  first_name: string | null
  last_name: string | null
  date_joined: string | null
  created_at: string
  category: string | null
  start_month: string | null
  /** A household's name. */
  name: string | null
}

/** SQLite returns JSON as text; PostgreSQL's driver parses it. */
const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T

/**
 * Everything one payer's dues need, in one statement (each statement is a round trip on
 * PostgreSQL): the fund, the payer's start and category, the fund's rates, the payer's paid
 * months and waivers, the church's currency and rule, and whether `closedDay` is closed.
 * Undefined when there is no such fund; `payer` is null when there is no such payer.
 */
export async function readPayerDues(
  db: Db,
  payer: PayerKey,
  fund: FundChoice,
  closedDay?: { recordedBy: number; day: string },
) {
  const json = isPostgres(db) ? pgJson : sqliteJson
  // Rows as JSON: numbers, strings and nulls, which JSON keeps as they are.
  const array = <O>(query: Subquery<O>) => json.jsonArrayFrom(query) as RawBuilder<O[]>
  const object = <O>(query: Subquery<O>) => json.jsonObjectFrom(query) as RawBuilder<O | null>
  const payerBasis =
    payer.column === 'member_id'
      ? memberDuesBases(db)
          .select(sql<string | null>`null`.as('name'))
          .where('members.id', '=', payer.id)
      : householdDuesBases(db)
          .select([
            sql<string | null>`null`.as('first_name'),
            sql<string | null>`null`.as('last_name'),
            sql<string | null>`null`.as('date_joined'),
          ])
          .where('households.id', '=', payer.id)
  let query = db
    .selectFrom('funds as f')
    .select(['f.id', 'f.kind', 'f.payer', 'f.name_am', 'f.name_en', 'f.name_om', 'f.active'])
    .select((eb) => [
      object(payerBasis as Subquery<PayerBasis>).as('basis'),
      array(
        eb
          .selectFrom('fund_rates')
          .select(['category', 'from_month', 'amount'])
          .whereRef('fund_rates.fund_id', '=', 'f.id'),
      ).as('rates'),
      array(
        eb
          .selectFrom('payment_allocations')
          .select(['month', sql<number>`sum(amount)`.as('paid')])
          .where(payer.column, '=', payer.id)
          .whereRef('payment_allocations.fund_id', '=', 'f.id')
          .where('voided', '=', 0)
          .groupBy('month'),
      ).as('paid'),
      array(
        eb
          .selectFrom('dues_waivers')
          .select('month')
          .where(payer.column, '=', payer.id)
          .whereRef('dues_waivers.fund_id', '=', 'f.id'),
      ).as('waived'),
      object(
        eb
          .selectFrom('church_profile')
          .select(['currency', 'standing_kind', 'standing_months'])
          .where('id', '=', PROFILE_ID),
      ).as('profile'),
      closedDay
        ? eb
            .exists(
              eb
                .selectFrom('cash_days')
                .select('day')
                .where('recorded_by', '=', closedDay.recordedBy)
                .where('day', '=', closedDay.day),
            )
            .as('closed')
        : sql<boolean>`false`.as('closed'),
    ])
  if ('id' in fund) query = query.where('f.id', '=', fund.id)
  else {
    query = query
      .where('f.kind', '=', 'dues')
      .where('f.active', '=', 1)
      .where('f.payer', fund.firstActiveFor === 'household' ? '=' : '<>', 'household')
      .orderBy('f.id')
      .limit(1)
  }
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const { basis, rates, paid, waived, profile, closed, ...fundRow } = row
  type Rows<T> = T extends readonly (infer R)[] ? R[] : never
  return {
    fund: fundRow,
    basis: fromJson<typeof basis>(basis),
    rates: fromJson<Rows<typeof rates>>(rates).map((r) => ({ ...r, amount: Number(r.amount) })),
    paid: new Map(fromJson<Rows<typeof paid>>(paid).map((r) => [r.month, Number(r.paid)] as const)),
    waived: new Set(fromJson<Rows<typeof waived>>(waived).map((r) => r.month)),
    profile: fromJson<typeof profile>(profile),
    closed: Boolean(Number(closed)),
  }
}

export type PayerDues = NonNullable<Awaited<ReturnType<typeof readPayerDues>>>
