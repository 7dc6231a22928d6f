// Upkeep of the dues summaries (decision 0265): each payer's standing row per dues fund and the
// valid payments per fund and day. Writers call these in their own transaction; the reports
// first work out the rows that triggers marked stale or that hold for an earlier month only.
import { sql } from 'kysely'
import { type Ledger, monthIndex, monthOfDay, standingRow, todayIso } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'
import { householdStartMonthOf, ledgerOfDues, rateSetFor, ratesFor, startMonthOf } from './ledger'
import {
  FUND_LOCK,
  fundRates,
  HOUSEHOLD_DUES_LOCK,
  householdDuesBases,
  MEMBER_DUES_LOCK,
  memberDuesBases,
  type PayerKey,
  readPayerDues,
} from './ledgerRepository'

export type PayerKind = 'member' | 'household'
interface DuesFundRef {
  id: number
  payer: string
}

const kindOf = (fund: DuesFundRef): PayerKind =>
  fund.payer === 'household' ? 'household' : 'member'
const columnOf = (kind: PayerKind) => (kind === 'member' ? 'member_id' : 'household_id')

/** The current month as an index (the month every summary row is read at). */
export const currentMonthIndex = (now: Date): number => monthIndex(monthOfDay(todayIso(now))!)

/**
 * On PostgreSQL, a rate change reworks every row of its fund under this lock taken exclusive;
 * the writers of one payer's row take it shared, so neither can overwrite the other's rows.
 */
export async function lockFundStandings(trx: Db, fundId: number, exclusive = false) {
  if (!isPostgres(trx)) return
  if (exclusive) await sql`select pg_advisory_xact_lock(${FUND_LOCK}, ${fundId})`.execute(trx)
  else await sql`select pg_advisory_xact_lock_shared(${FUND_LOCK}, ${fundId})`.execute(trx)
}

/** The upsert that adds a valid payment to (sign 1) or takes a voided one from (-1) its day. */
export function dayTotalUpsert(
  db: Db,
  payment: { fund_id: number; received_on: string; amount: number },
  sign: 1 | -1,
) {
  const amount = sign * Number(payment.amount)
  return db
    .insertInto('dues_day_totals')
    .values({ fund_id: payment.fund_id, received_on: payment.received_on, count: sign, amount })
    .onConflict((oc) =>
      oc.columns(['fund_id', 'received_on']).doUpdateSet({
        count: sql`dues_day_totals.count + ${sign}`,
        amount: sql`dues_day_totals.amount + ${amount}`,
      }),
    )
}

/** Adds a valid payment to (sign 1) or takes a voided one from (-1) its day's total. */
export async function addDayTotal(
  trx: Db,
  payment: { fund_id: number; received_on: string; amount: number },
  sign: 1 | -1,
): Promise<void> {
  await dayTotalUpsert(trx, payment, sign).execute()
}

async function basesOf(db: Db, kind: PayerKind, ids: number[]) {
  if (kind === 'member') {
    const rows = await memberDuesBases(db).where('members.id', 'in', ids).execute()
    return rows.map((row) => ({ id: row.id, category: row.category, start: startMonthOf(row) }))
  }
  const rows = await householdDuesBases(db).where('households.id', 'in', ids).execute()
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    start: householdStartMonthOf(row),
  }))
}

/** Works out the rows of a fund for the given payers (a payer gone loses its row). */
async function rebuildFor(
  db: Db,
  fund: DuesFundRef,
  ids: number[],
  current: number,
  rates?: Awaited<ReturnType<typeof fundRates>>,
): Promise<void> {
  if (ids.length === 0) return
  const kind = kindOf(fund)
  const column = columnOf(kind)
  const [bases, rateRows, paid, waived] = await Promise.all([
    basesOf(db, kind, ids),
    rates ?? fundRates(db, fund.id),
    db
      .selectFrom('payment_allocations')
      .select([`${column} as payer_id`, 'month', sql<number>`sum(amount)`.as('paid')])
      .where(column, 'in', ids)
      .where('fund_id', '=', fund.id)
      .where('voided', '=', 0)
      .groupBy([column, 'month'])
      .execute(),
    db
      .selectFrom('dues_waivers')
      .select([`${column} as payer_id`, 'month'])
      .where(column, 'in', ids)
      .where('fund_id', '=', fund.id)
      .execute(),
  ])
  const paidBy = new Map<number, Map<string, number>>()
  for (const row of paid) {
    const map = paidBy.get(row.payer_id!) ?? new Map<string, number>()
    map.set(row.month, Number(row.paid))
    paidBy.set(row.payer_id!, map)
  }
  const waivedBy = new Map<number, Set<string>>()
  for (const row of waived) {
    const set = waivedBy.get(row.payer_id!) ?? new Set<string>()
    set.add(row.month)
    waivedBy.set(row.payer_id!, set)
  }
  const rows = bases.map((base) => {
    const ledger: Ledger = {
      startMonth: base.start,
      rates: ratesFor(rateRows, base.category),
      paid: paidBy.get(base.id) ?? new Map(),
      waived: waivedBy.get(base.id) ?? new Set(),
    }
    return {
      fund_id: fund.id,
      payer_id: base.id,
      ...standingRow(ledger, current),
      rate_set: rateSetFor(rateRows, base.category),
    }
  })
  await db
    .deleteFrom('dues_standings')
    .where('fund_id', '=', fund.id)
    .where('payer_id', 'in', ids)
    .execute()
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('dues_standings')
      .values(rows.slice(i, i + 500))
      .execute()
  }
}

// Payers per transaction: each holds one advisory lock on PostgreSQL.
const CHUNK = 500

/** The upsert of one payer's row from a ledger its writer holds (see saveStandingRow). */
export function standingUpsert(
  db: Db,
  fundId: number,
  payerId: number,
  ledger: Ledger,
  rateSet: string,
  now: Date,
) {
  const row = { ...standingRow(ledger, currentMonthIndex(now)), rate_set: rateSet }
  return db
    .insertInto('dues_standings')
    .values({ fund_id: fundId, payer_id: payerId, ...row })
    .onConflict((oc) => oc.columns(['fund_id', 'payer_id']).doUpdateSet(row))
}

/**
 * Writes one payer's row from a ledger its writer holds (under the payer's lock and the fund's
 * shared lock): one upsert, nothing read again.
 */
export async function saveStandingRow(
  trx: Db,
  fundId: number,
  payerId: number,
  ledger: Ledger,
  rateSet: string,
  now: Date,
): Promise<void> {
  await standingUpsert(trx, fundId, payerId, ledger, rateSet, now).execute()
}

/** Works out one payer's row of a dues fund (a void): its writer holds the payer's lock. */
export async function rebuildPayerRow(trx: Db, fund: DuesFundRef, payerId: number, now: Date) {
  await lockFundStandings(trx, fund.id)
  const key: PayerKey = { column: columnOf(kindOf(fund)), id: payerId }
  const dues = await readPayerDues(trx, key, { id: fund.id })
  if (!dues?.basis) {
    await rebuildFor(trx, fund, [payerId], currentMonthIndex(now))
    return
  }
  const rateSet = rateSetFor(dues.rates, dues.basis.category)
  await saveStandingRow(trx, fund.id, payerId, ledgerOfDues(dues, key.column), rateSet, now)
}

function duesFundsOf(db: Db, kind: PayerKind) {
  return db
    .selectFrom('funds')
    .select(['id', 'payer'])
    .where('kind', '=', 'dues')
    .where('payer', '=', kind)
    .orderBy('id')
    .execute()
}

/** `as_of` of a row to be worked out again (month indexes are never negative). */
const REDO = -1

/**
 * A new fund or a rate change: every payer's row of the fund is marked to be worked out again,
 * in one statement under the fund's lock taken exclusive (decision 0295). Readers of the rows
 * (the reports, the dashboard) work them out first, as they do rows of an earlier month.
 */
export async function redoFund(trx: Db, fund: DuesFundRef, created = false): Promise<void> {
  await lockFundStandings(trx, fund.id, true)
  if (!created) {
    await trx
      .updateTable('dues_standings')
      .set({ as_of: REDO })
      .where('fund_id', '=', fund.id)
      .execute()
    return
  }
  const table = kindOf(fund) === 'member' ? 'members' : 'households'
  await trx
    .insertInto('dues_standings')
    .columns([
      'fund_id',
      'payer_id',
      'owed_key',
      'oldest',
      'base',
      'settled_from',
      'settled_to',
      'as_of',
      'rate_set',
    ])
    .expression((eb) =>
      eb
        .selectFrom(table)
        .select([
          sql.lit(fund.id).as('fund_id'),
          'id',
          sql.lit(0).as('owed_key'),
          sql.lit(0).as('oldest'),
          sql.lit(0).as('base'),
          sql.lit(0).as('settled_from'),
          sql.lit(0).as('settled_to'),
          sql.lit(REDO).as('as_of'),
          sql.lit('').as('rate_set'),
        ]),
    )
    .execute()
}

/** Locks a batch of payers' dues (PostgreSQL), in id order so two batches cannot deadlock. */
async function lockPayers(trx: Db, kind: PayerKind, ids: number[]) {
  if (!isPostgres(trx)) return
  const key = kind === 'member' ? MEMBER_DUES_LOCK : HOUSEHOLD_DUES_LOCK
  await sql`select pg_advisory_xact_lock(${key}, id)
    from (select unnest(${sorted(ids)}::int[]) as id order by 1) ids`.execute(trx)
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

/** Whether any payer is marked stale, or any row of the dues fund(s) holds for another month. */
async function anythingToRedo(db: Db, current: number, fundId?: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('dues_standing_stale').select('payer_id')).as('stale'),
      eb
        .exists(
          eb
            .selectFrom('dues_standings as s')
            .innerJoin('funds as f', 'f.id', 's.fund_id')
            .select('s.payer_id')
            .where('f.kind', '=', 'dues')
            .$if(fundId !== undefined, (qb) => qb.where('f.id', '=', fundId!))
            .where('s.as_of', 'is not', null)
            .where('s.as_of', '<>', current),
        )
        .as('redo'),
    ])
    .executeTakeFirstOrThrow()
  return Boolean(row.stale) || Boolean(row.redo)
}

/**
 * Works out the rows the triggers marked stale (payers created, deleted or given another
 * start), then the rows that held for another month only: afterwards every row of the
 * fund holds for the current month.
 */
export async function refreshStandings(
  db: Db,
  now: Date,
  fundId?: number,
  stopped: () => boolean = () => false,
): Promise<void> {
  const current = currentMonthIndex(now)
  // Most reports find nothing to do: one statement says so (each is a round trip).
  if (!(await anythingToRedo(db, current, fundId))) return
  while (!stopped()) {
    const batch = await db
      .selectFrom('dues_standing_stale')
      .select(['payer', 'payer_id'])
      .orderBy('payer')
      .orderBy('payer_id')
      .limit(CHUNK)
      .execute()
    if (batch.length === 0) break
    const kind = batch[0].payer
    const ids = batch.filter((row) => row.payer === kind).map((row) => row.payer_id)
    await db.transaction().execute(async (trx) => {
      await lockPayers(trx, kind, ids)
      // Taken first: a trigger that marks one again meanwhile adds it back for the next pass.
      const taken = await trx
        .deleteFrom('dues_standing_stale')
        .where('payer', '=', kind)
        .where('payer_id', 'in', ids)
        .returning('payer_id')
        .execute()
      const mine = taken.map((row) => row.payer_id)
      for (const fund of await duesFundsOf(trx, kind)) {
        await lockFundStandings(trx, fund.id)
        await rebuildFor(trx, fund, mine, current)
      }
    })
  }
  const funds = (await duesFundsOf(db, 'member'))
    .concat(await duesFundsOf(db, 'household'))
    .filter((fund) => fundId === undefined || fund.id === fundId)
  for (const fund of funds) await refreshFund(db, fund, current, stopped)
}

/**
 * Sweeps a fund's rows in payer order, onwards from each batch (after a rate change every row
 * is to redo: starting each batch over would read the rows done already), until a sweep finds
 * none: a rate change during one marks rows behind it again.
 */
async function refreshFund(
  db: Db,
  fund: DuesFundRef,
  current: number,
  stopped: () => boolean,
): Promise<void> {
  for (let found = true; found && !stopped();) {
    found = false
    let after = 0
    while (!stopped()) {
      const ids = (
        await db
          .selectFrom('dues_standings')
          .select('payer_id')
          .where('fund_id', '=', fund.id)
          .where('payer_id', '>', after)
          .where('as_of', 'is not', null)
          .where('as_of', '<>', current)
          .orderBy('payer_id')
          .limit(CHUNK)
          .execute()
      ).map((row) => row.payer_id)
      if (ids.length === 0) break
      found = true
      after = ids[ids.length - 1]
      await db.transaction().execute(async (trx) => {
        await lockPayers(trx, kindOf(fund), ids)
        await lockFundStandings(trx, fund.id)
        await rebuildFor(trx, fund, ids, current)
      })
    }
  }
}

/**
 * Every summary counted again from the payments, waivers and rates: for writers that go past
 * the services (the seed). Marks every payer stale and works the rows out in batches.
 */
export async function recountDuesSummaries(db: Db, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dues_day_totals').execute()
    await sql`insert into dues_day_totals (fund_id, received_on, count, amount)
      select fund_id, received_on, count(*), sum(amount) from payments
      where voided_at is null group by fund_id, received_on`.execute(trx)
    await sql`insert into dues_standing_stale (payer, payer_id)
      select 'member', id from members where true on conflict do nothing`.execute(trx)
    await sql`insert into dues_standing_stale (payer, payer_id)
      select 'household', id from households where true on conflict do nothing`.execute(trx)
  })
  await refreshStandings(db, now)
}
