// The dues reports: collections by fund and Ethiopian month, arrears, the good-standing list
// (the voters' roll) and a member's yearly statement. Clerks see their own members; auditors
// and admins everyone's, or one account's (owner=).
import {
  addDays,
  arrearsOf,
  cumulativeDue,
  type DuesMonth,
  ethiopianToIso,
  inGoodStanding,
  isoToEthiopian,
  type Ledger,
  monthFromIndex,
  monthIndex,
  monthOfDay,
  monthParts,
  type ReportLine,
  todayIso,
  yearStrip,
} from '../../../domain'
import { ownerScope } from '../accounts'
import type { RequestUser } from '../auth'
import type { Db } from '../../db/tables'
import { duesSettings } from '../churchProfile'
import { readableHousehold, readableMember } from './access'
import { findFundRow, listFundRows } from './fundRepository'
import { loadHouseholdLedger, loadLedger, ratesFor } from './ledger'
import { fundRates, type PayerKey } from './ledgerRepository'
import { allocationsOf } from './paymentRepository'
import {
  collectionRows,
  payerYearPayments,
  type StandingFilter,
  type StandingOrder,
  standingPage,
  type StandingScope,
  standingTotals,
} from './reportRepository'
import type {
  ArrearsQuery,
  DuesDashboard,
  ArrearsReport,
  Collections,
  CollectionsQuery,
  GoodStandingQuery,
  GoodStandingReport,
  HouseholdStatement,
  MonthSum,
  Statement,
} from './reportSchemas'
import { duesFund } from './standingService'
import { notFound } from './access'
import { currentMonthIndex, type PayerKind, refreshStandings } from './standingsRepository'

/** The first and last day (yyyy-mm-dd) of an Ethiopian year, Pagume included. */
export function yearDays(year: number): { from: string; to: string } {
  const from = ethiopianToIso(year, 1, 1)!
  const to = addDays(ethiopianToIso(year + 1, 1, 1)!, -1)
  return { from, to }
}

/** A day's Ethiopian month as `YYYY-MM`, Pagume as `YYYY-13` (collections count it apart). */
function collectionMonth(iso: string): string {
  const date = isoToEthiopian(iso)!
  return `${date.year}-${String(date.month).padStart(2, '0')}`
}

const currentMonthOf = (now: Date) => monthOfDay(todayIso(now)) as DuesMonth

/** The first and last day of the Ethiopian month a day falls in (Pagume its own month). */
function monthDays(iso: string): { from: string; to: string } {
  const date = isoToEthiopian(iso)!
  const from = ethiopianToIso(date.year, date.month, 1)!
  const next =
    date.month === 13
      ? ethiopianToIso(date.year + 1, 1, 1)!
      : ethiopianToIso(date.year, date.month + 1, 1)!
  return { from, to: addDays(next, -1) }
}

/**
 * The home dashboard's dues figures over an owner's members (null: everyone's): valid payments
 * received in today's Ethiopian month, and the members with an ended month unpaid in the first
 * active per-member dues fund (null when there is none).
 */
export async function duesDashboard(
  db: Db,
  scope: number | null,
  today: string,
  now = new Date(),
): Promise<DuesDashboard> {
  const { from, to } = monthDays(today)
  const [rows, funds, settings] = await Promise.all([
    collectionRows(db, from, to, scope),
    listFundRows(db),
    duesSettings(db),
  ])
  const fund = funds.find((f) => f.kind === 'dues' && f.payer === 'member' && f.active === 1)
  let inArrears: number | null = null
  if (fund) {
    await refreshStandings(db, now, fund.id)
    const current = monthIndex(monthOfDay(today)!)
    const totals = await standingTotals(
      db,
      { fundId: fund.id, kind: 'member', current, ownerId: scope },
      { owing: 1 },
    )
    inArrears = totals.reduce((n, t) => n + Number(t.n), 0)
  }
  return {
    currency: settings.currency,
    month: collectionMonth(today),
    collected: rows.reduce((n, row) => n + Number(row.amount), 0),
    payments: rows.reduce((n, row) => n + Number(row.count), 0),
    members_in_arrears: inArrears,
  }
}

/** Reports cover every account's members unless asked for one; clerks always their own. */
const reportScope = (user: RequestUser, owner: string | undefined) =>
  ownerScope(user, owner ?? 'all')

export async function collections(
  db: Db,
  user: RequestUser,
  query: CollectionsQuery,
  now: Date,
): Promise<Collections> {
  const year = query.year ?? monthParts(currentMonthOf(now)).year
  const { from, to } = yearDays(year)
  const [rows, funds, settings] = await Promise.all([
    collectionRows(db, from, to, reportScope(user, query.owner)),
    listFundRows(db),
    duesSettings(db),
  ])
  const months = Array.from({ length: 13 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
  const empty = (): MonthSum[] => months.map((month) => ({ month, count: 0, amount: 0 }))
  const all = empty()
  const perFund = new Map<number, MonthSum[]>()
  for (const row of rows) {
    if (query.fund_id !== undefined && row.fund_id !== query.fund_id) continue
    const index = months.indexOf(collectionMonth(row.received_on))
    const sums = perFund.get(row.fund_id) ?? empty()
    perFund.set(row.fund_id, sums)
    for (const line of [sums[index], all[index]]) {
      line.count += Number(row.count)
      line.amount += Number(row.amount)
    }
  }
  const total = (sums: MonthSum[]) => ({
    count: sums.reduce((n, m) => n + m.count, 0),
    amount: sums.reduce((n, m) => n + m.amount, 0),
  })
  return {
    year,
    currency: settings.currency,
    funds: funds
      .filter((fund) => (query.fund_id === undefined ? true : fund.id === query.fund_id))
      .filter((fund) => fund.active === 1 || perFund.has(fund.id))
      .map((fund) => {
        const sums = perFund.get(fund.id) ?? empty()
        return {
          fund_id: fund.id,
          kind: fund.kind,
          name_am: fund.name_am,
          name_en: fund.name_en,
          name_om: fund.name_om,
          months: sums,
          total: total(sums),
        }
      }),
    months: all,
    total: total(all),
  }
}

/** Which fund a report reads: the one asked for (its payer decides), else the payer's first. */
async function reportFund(db: Db, fundId: number | undefined, payer: PayerKind | undefined) {
  if (fundId !== undefined) {
    const fund = await findFundRow(db, fundId)
    if (!fund || fund.kind !== 'dues') throw notFound()
    return { id: fund.id, kind: (fund.payer === 'household' ? 'household' : 'member') as PayerKind }
  }
  const fund = await duesFund(db, undefined, payer ?? 'member')
  return { id: fund.id, kind: payer ?? 'member' }
}

/** The rows of a report's fund, worked out for this month, and what each rate set asks. */
async function standingScope(
  db: Db,
  user: RequestUser,
  query: { fund_id?: number; payer?: PayerKind; owner?: string },
  now: Date,
) {
  const fund = await reportFund(db, query.fund_id, query.payer)
  await refreshStandings(db, now, fund.id)
  const current = currentMonthIndex(now)
  const [rates, settings] = await Promise.all([fundRates(db, fund.id), duesSettings(db)])
  const due = new Map<string, number>()
  for (const set of new Set(['', ...rates.map((r) => r.category)])) {
    due.set(set, cumulativeDue(ratesFor(rates, set), current))
  }
  const scope: StandingScope = {
    fundId: fund.id,
    kind: fund.kind,
    current,
    ownerId: reportScope(user, query.owner),
  }
  return { scope, due, settings, currentMonth: monthFromIndex(current) }
}

/** Lines (count and amount owed together) matching the filter, and the page asked for. */
async function standingReport(
  db: Db,
  setup: Awaited<ReturnType<typeof standingScope>>,
  filter: StandingFilter,
  order: StandingOrder,
  page: { cursor?: string; limit?: number; everything: boolean },
) {
  const { scope, due } = setup
  const offset = page.cursor ? Number(page.cursor) : 0
  const size = page.limit ?? 100
  const [totals, rows] = await Promise.all([
    standingTotals(db, scope, filter),
    standingPage(db, scope, filter, order, due, {
      offset: page.everything ? 0 : offset,
      limit: page.everything ? null : size,
    }),
  ])
  const count = totals.reduce((n, t) => n + Number(t.n), 0)
  const owed = (set: string) => due.get(set) ?? 0
  const lines = rows.map((row) => {
    const months = Math.max(0, scope.current - row.owed_key)
    return {
      id: row.payer_id,
      first_name: row.first_name,
      last_name: row.last_name,
      owing: {
        owner_username: row.owner_username ?? null,
        phone: row.phone ?? null,
        months,
        amount: months > 0 ? owed(row.rate_set) - Number(row.base) : 0,
        oldest_month: months > 0 ? monthFromIndex(row.oldest) : null,
      },
    }
  })
  const head = {
    fund_id: scope.fundId,
    currency: setup.settings.currency,
    current_month: setup.currentMonth,
    count,
    next_cursor: !page.everything && offset + size < count ? String(offset + size) : null,
  }
  const body =
    scope.kind === 'member'
      ? {
          payer: 'member' as const,
          items: lines.map((l) => ({
            member_id: l.id,
            first_name: l.first_name,
            last_name: l.last_name,
            ...l.owing,
          })),
        }
      : {
          payer: 'household' as const,
          items: lines.map((l) => ({ household_id: l.id, name: l.first_name, ...l.owing })),
        }
  const amount = totals.reduce((n, t) => n + Number(t.n) * owed(t.rate_set) - Number(t.base), 0)
  return { ...head, ...body, amount }
}

/** Who owes how many ended months and how much; `everything`: every line (a download). */
export async function arrears(
  db: Db,
  user: RequestUser,
  query: ArrearsQuery,
  now: Date,
  everything = false,
): Promise<ArrearsReport<ReportLine>> {
  const setup = await standingScope(db, user, query, now)
  return standingReport(db, setup, { owing: query.min_months ?? 1 }, query.sort ?? 'months_desc', {
    cursor: query.cursor,
    limit: query.limit,
    everything,
  })
}

/** The voters' roll: payers in good standing by the church's rule, by name. */
export async function goodStanding(
  db: Db,
  user: RequestUser,
  query: GoodStandingQuery,
  now: Date,
  everything = false,
): Promise<GoodStandingReport<ReportLine>> {
  const setup = await standingScope(db, user, query, now)
  const rule = setup.settings.rule
  const { amount: _owed, ...report } = await standingReport(db, setup, { good: rule }, 'name', {
    cursor: query.cursor,
    limit: query.limit,
    everything,
  })
  return { ...report, rule }
}

type StatementBody = Pick<Statement, 'year' | 'currency' | 'funds' | 'payments'>

/**
 * A payer's Ethiopian year: each fund's months and what was paid, and the year's payments. Dues
 * funds of the payer's kind (per member or per household) show their twelve months.
 */
async function payerStatement(
  db: Db,
  payer: PayerKey,
  ledgerOf: (fundId: number) => Promise<Ledger>,
  requestedYear: number | undefined,
  now: Date,
): Promise<StatementBody> {
  const payerKind = payer.column === 'member_id' ? 'member' : 'household'
  const currentMonth = currentMonthOf(now)
  const year = requestedYear ?? monthParts(currentMonth).year
  const { from, to } = yearDays(year)
  const [funds, payments, settings] = await Promise.all([
    listFundRows(db),
    payerYearPayments(db, payer, from, to),
    duesSettings(db),
  ])
  const allocations = await allocationsOf(
    db,
    payments.map((p) => p.id),
  )
  const paidTo = new Map<number, number>()
  for (const p of payments) paidTo.set(p.fund_id, (paidTo.get(p.fund_id) ?? 0) + Number(p.amount))
  const lines: Statement['funds'] = []
  for (const fund of funds) {
    const ownDues = fund.kind === 'dues' && fund.payer === payerKind
    if (!paidTo.has(fund.id) && !(ownDues && fund.active === 1)) continue
    const ledger = ownDues ? await ledgerOf(fund.id) : null
    lines.push({
      fund_id: fund.id,
      kind: fund.kind,
      name_am: fund.name_am,
      name_en: fund.name_en,
      name_om: fund.name_om,
      paid: paidTo.get(fund.id) ?? 0,
      months: ledger ? yearStrip(ledger, year, currentMonth) : [],
      arrears: ledger ? arrearsOf(ledger, currentMonth) : null,
      good_standing: ledger ? inGoodStanding(ledger, currentMonth, settings.rule) : null,
    })
  }
  return {
    year,
    currency: settings.currency,
    funds: lines,
    payments: payments.map((p) => ({
      id: p.id,
      receipt_number: p.receipt_number,
      fund_id: p.fund_id,
      amount: Number(p.amount),
      method: p.method,
      received_on: p.received_on,
      months: (allocations.get(p.id) ?? []).map((a) => a.month),
    })),
  }
}

/** A member's Ethiopian year (GET /api/members/:id/statement). */
export async function statement(
  db: Db,
  user: RequestUser,
  memberId: number,
  requestedYear: number | undefined,
  now: Date,
): Promise<Statement> {
  const member = await readableMember(db, user, memberId)
  const body = await payerStatement(
    db,
    { column: 'member_id', id: member.id },
    (fundId) => loadLedger(db, member, fundId),
    requestedYear,
    now,
  )
  return {
    member_id: member.id,
    first_name: member.first_name,
    last_name: member.last_name,
    ...body,
  }
}

/** A household's Ethiopian year (GET /api/households/:id/statement). */
export async function householdStatement(
  db: Db,
  user: RequestUser,
  householdId: number,
  requestedYear: number | undefined,
  now: Date,
): Promise<HouseholdStatement> {
  const household = await readableHousehold(db, user, householdId)
  const body = await payerStatement(
    db,
    { column: 'household_id', id: household.id },
    (fundId) => loadHouseholdLedger(db, household, fundId),
    requestedYear,
    now,
  )
  return { household_id: household.id, name: household.name, ...body }
}
