// The dues reports: collections by fund and Ethiopian month, arrears, the good-standing list
// (the voters' roll) and a member's yearly statement. Clerks see their own members; auditors
// and admins everyone's, or one account's (owner=).
import {
  arrearsOf,
  type DuesMonth,
  ethiopianToIso,
  addDays,
  inGoodStanding,
  isoToEthiopian,
  type Ledger,
  monthFromIndex,
  monthIndex,
  monthOfDay,
  monthParts,
  outstandingFor,
  todayIso,
  yearStrip,
} from '../../../domain'
import { ownerScope } from '../accounts'
import type { RequestUser } from '../auth'
import type { Db } from '../../db/tables'
import { duesSettings } from '../churchProfile'
import { readableHousehold, readableMember } from './access'
import { listFundRows } from './fundRepository'
import { loadHouseholdLedger, loadLedger, ratesFor, startMonthOf } from './ledger'
import { fundRates, type PayerKey } from './ledgerRepository'
import { allocationsOf } from './paymentRepository'
import {
  collectionRows,
  type MemberBaseRow,
  memberBases,
  payerYearPayments,
  paidRows,
  scopedMemberIds,
  waiverRows,
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
  PayerLine,
  Statement,
} from './reportSchemas'
import { duesFund } from './standingService'

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

/** Above this many members in scope the dashboard leaves the arrears count to the report. */
export const DASHBOARD_ARREARS_LIMIT = 5000

/**
 * The home dashboard's dues figures over an owner's members (null: everyone's): valid payments
 * received in today's Ethiopian month, and the members with an ended month unpaid in the first
 * active per-member dues fund (null when there is none, or the scope is too large to count here).
 */
export async function duesDashboard(
  db: Db,
  scope: number | null,
  today: string,
): Promise<DuesDashboard> {
  const { from, to } = monthDays(today)
  const [rows, funds, settings] = await Promise.all([
    collectionRows(db, from, to, scope),
    listFundRows(db),
    duesSettings(db),
  ])
  const fund = funds.find((f) => f.kind === 'dues' && f.payer === 'member' && f.active === 1)
  // Counting builds every member's ledger (decision 0231): Home stays fast for a large scope,
  // whose count the arrears report gives.
  const small = (await scopedMemberIds(db, scope, DASHBOARD_ARREARS_LIMIT + 1)).length
  const inArrears =
    fund && small <= DASHBOARD_ARREARS_LIMIT
      ? (await standingsIn(db, fund, scope, monthOfDay(today)!)).standings.filter(
          (s) => s.line.months > 0,
        ).length
      : null
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

interface Standing {
  line: PayerLine
  good: boolean
}

/** Every scoped member's arrears and standing in a dues fund, from four reads. */
async function standings(
  db: Db,
  user: RequestUser,
  fundId: number | undefined,
  owner: string | undefined,
  now: Date,
) {
  const fund = await duesFund(db, fundId)
  return standingsIn(db, fund, reportScope(user, owner), currentMonthOf(now))
}

async function standingsIn(
  db: Db,
  fund: { id: number },
  scope: number | null,
  currentMonth: DuesMonth,
) {
  const [members, rates, paid, waived, settings] = await Promise.all([
    memberBases(db, scope),
    fundRates(db, fund.id),
    paidRows(db, fund.id, scope),
    waiverRows(db, fund.id, scope),
    duesSettings(db),
  ])
  const paidBy = new Map<number, Map<string, number>>()
  for (const row of paid) {
    const map = paidBy.get(row.member_id!) ?? new Map<string, number>()
    map.set(row.month, Number(row.paid))
    paidBy.set(row.member_id!, map)
  }
  const waivedBy = new Map<number, Set<string>>()
  for (const row of waived) {
    const set = waivedBy.get(row.member_id!) ?? new Set<string>()
    set.add(row.month)
    waivedBy.set(row.member_id!, set)
  }
  const firstRate = rates.map((r) => r.from_month).sort()[0] as DuesMonth | undefined
  const out: Standing[] = members.map((member: MemberBaseRow) => {
    const ledger: Ledger = {
      startMonth: startMonthOf(member),
      rates: ratesFor(rates, member.category),
      paid: paidBy.get(member.id) ?? new Map(),
      waived: waivedBy.get(member.id) ?? new Set(),
    }
    const arrears = arrearsFrom(ledger, firstRate, currentMonth)
    return {
      line: {
        member_id: member.id,
        first_name: member.first_name,
        last_name: member.last_name,
        owner_username: member.owner_username ?? null,
        phone: member.phone_primary ?? null,
        ...arrears,
      },
      // The same test as inGoodStanding's for this rule, without a second pass over the months.
      good:
        settings.rule.kind === 'max_unpaid'
          ? arrears.months <= settings.rule.months
          : inGoodStanding(ledger, currentMonth, settings.rule),
    }
  })
  return { fund, settings, currentMonth, standings: out }
}

/**
 * arrearsOf's months and amount and the oldest month owed, in one pass that starts at the
 * fund's first rate when the member started before it: nothing was owed before (a member who
 * joined in 1985 would otherwise cost 500 empty months).
 */
function arrearsFrom(
  ledger: Ledger,
  firstRate: DuesMonth | undefined,
  currentMonth: DuesMonth,
): { months: number; amount: number; oldest_month: string | null } {
  let months = 0
  let amount = 0
  let oldest: string | null = null
  if (firstRate === undefined) return { months, amount, oldest_month: oldest }
  const from = Math.max(monthIndex(ledger.startMonth), monthIndex(firstRate))
  for (let i = from; i < monthIndex(currentMonth); i++) {
    const month = monthFromIndex(i)
    const owed = outstandingFor(ledger, month)
    if (owed > 0) {
      months += 1
      amount += owed
      oldest ??= month
    }
  }
  return { months, amount, oldest_month: oldest }
}

const byName = (a: PayerLine, b: PayerLine) =>
  a.last_name.localeCompare(b.last_name) ||
  a.first_name.localeCompare(b.first_name) ||
  a.member_id - b.member_id

const SORTS = {
  months_desc: (a: PayerLine, b: PayerLine) => b.months - a.months || a.member_id - b.member_id,
  months_asc: (a: PayerLine, b: PayerLine) => a.months - b.months || a.member_id - b.member_id,
  amount_desc: (a: PayerLine, b: PayerLine) => b.amount - a.amount || a.member_id - b.member_id,
  name: byName,
}

/** A page of sorted lines; the cursor is the count of lines before it. */
function page(lines: PayerLine[], cursor: string | undefined, limit: number | undefined) {
  const start = cursor ? Number(cursor) : 0
  const size = limit ?? 100
  const items = lines.slice(start, start + size)
  return {
    items,
    next_cursor: start + size < lines.length ? String(start + size) : null,
  }
}

/** Who owes how many ended months and how much; `limit` Infinity: every line (a download). */
export async function arrears(
  db: Db,
  user: RequestUser,
  query: ArrearsQuery,
  now: Date,
  everything = false,
): Promise<ArrearsReport> {
  const {
    fund,
    settings,
    currentMonth,
    standings: all,
  } = await standings(db, user, query.fund_id, query.owner, now)
  const min = query.min_months ?? 1
  const lines = all
    .map((s) => s.line)
    .filter((line) => line.months >= min)
    .sort(SORTS[query.sort ?? 'months_desc'])
  return {
    fund_id: fund.id,
    currency: settings.currency,
    current_month: currentMonth,
    count: lines.length,
    amount: lines.reduce((n, line) => n + line.amount, 0),
    ...(everything ? { items: lines, next_cursor: null } : page(lines, query.cursor, query.limit)),
  }
}

/** The voters' roll: members in good standing by the church's rule, by name. */
export async function goodStanding(
  db: Db,
  user: RequestUser,
  query: GoodStandingQuery,
  now: Date,
  everything = false,
): Promise<GoodStandingReport> {
  const {
    fund,
    settings,
    currentMonth,
    standings: all,
  } = await standings(db, user, query.fund_id, query.owner, now)
  const lines = all
    .filter((s) => s.good)
    .map((s) => s.line)
    .sort(byName)
  return {
    fund_id: fund.id,
    currency: settings.currency,
    current_month: currentMonth,
    count: lines.length,
    rule: settings.rule,
    ...(everything ? { items: lines, next_cursor: null } : page(lines, query.cursor, query.limit)),
  }
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
