// All SQL of the dues reports: payments summed per fund and day, and the payers' standing rows
// (decision 0265) counted, summed and paged in the order a report asks for.
import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../../db/tables'
import type { PayerKey } from './ledgerRepository'
import type { PayerKind } from './standingsRepository'

/** Valid payments received from..to (days, inclusive) per fund and day; ownerId: clerks'. */
export function collectionRows(db: Db, from: string, to: string, ownerId: number | null) {
  // Everyone's: the totals kept with each payment and void.
  if (ownerId === null) {
    return db
      .selectFrom('dues_day_totals')
      .select(['fund_id', 'received_on', 'count', 'amount'])
      .where('received_on', '>=', from)
      .where('received_on', '<=', to)
      .where('count', '>', 0)
      .execute()
  }
  let query = db
    .selectFrom('payments')
    .select([
      'payments.fund_id',
      'payments.received_on',
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(payments.amount)`.as('amount'),
    ])
    .where('payments.received_on', '>=', from)
    .where('payments.received_on', '<=', to)
    .where('payments.voided_at', 'is', null)
    .groupBy(['payments.fund_id', 'payments.received_on'])
  if (ownerId !== null) {
    // A payment's payer is a member or a household: either owned by the clerk counts.
    query = query
      .leftJoin('members', 'members.id', 'payments.member_id')
      .leftJoin('households', 'households.id', 'payments.household_id')
      .where((eb) =>
        eb.or([
          eb('members.owner_user_id', '=', ownerId),
          eb('households.owner_user_id', '=', ownerId),
        ]),
      )
  }
  return query.execute()
}

/** A payer's valid payments received from..to, with the months each paid. */
export async function payerYearPayments(db: Db, payer: PayerKey, from: string, to: string) {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'receipt_number', 'fund_id', 'amount', 'method', 'received_on'])
    .where(payer.column, '=', payer.id)
    .where('received_on', '>=', from)
    .where('received_on', '<=', to)
    .where('voided_at', 'is', null)
    .orderBy('received_on')
    .orderBy('id')
    .execute()
  return rows
}

/** Which payers' rows: a fund's, at a current month, of one account's payers or everyone's. */
export interface StandingScope {
  fundId: number
  kind: PayerKind
  current: number
  ownerId: number | null
}

/** A report's filter on the rows: owing at least N months, or in good standing by a rule. */
export type StandingFilter =
  { owing: number } | { good: { kind: 'max_unpaid' | 'last_paid'; months: number } }

/** What a report reads of a member (names, phone_primary) or a household (name, home_phone). */
interface PayerColumns {
  id: number
  owner_user_id: number
  first_name: string
  last_name: string
  name: string
  phone_primary: string | null
  home_phone: string | null
}

/**
 * The rows of a scope and filter, joined to their payers when a clerk's scope or the caller
 * needs them (`payers`). Everyone's totals need no join: a payer gone has lost its row in the
 * refresh every report runs first, and the join read every payer's key at 100,000 members.
 */
function standingRows(db: Db, scope: StandingScope, filter: StandingFilter, payers: boolean) {
  // Members or households by the fund's payer, typed as one table of the columns read.
  const table = (scope.kind === 'member' ? 'members as p' : 'households as p') as 'payers as p'
  const typed = db as unknown as Kysely<Database & { payers: PayerColumns }>
  const joined = () =>
    typed.selectFrom('dues_standings as s').innerJoin(table, 'p.id', 's.payer_id')
  let query =
    payers || scope.ownerId !== null
      ? joined()
      : (typed.selectFrom('dues_standings as s') as unknown as ReturnType<typeof joined>)
  query = query.where('s.fund_id', '=', scope.fundId)
  if (scope.ownerId !== null) query = query.where('p.owner_user_id', '=', scope.ownerId)
  const { current } = scope
  if ('owing' in filter) return query.where('s.owed_key', '<=', current - filter.owing)
  const rule = filter.good
  if (rule.kind === 'max_unpaid') return query.where('s.owed_key', '>=', current - rule.months)
  return query
    .where('s.settled_from', '<=', current - rule.months)
    .where('s.settled_to', '>=', current)
}

/** How many rows match, and per rate set their count and summed base (for amounts owed). */
export function standingTotals(db: Db, scope: StandingScope, filter: StandingFilter) {
  return standingRows(db, scope, filter, false)
    .select([
      's.rate_set',
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(s.base), 0)`.as('base'),
    ])
    .groupBy('s.rate_set')
    .execute() as Promise<{ rate_set: string; n: number; base: number }[]>
}

export interface StandingLineRow {
  payer_id: number
  owed_key: number
  oldest: number
  base: number
  rate_set: string
  owner_username: string | null
  /** A household's name for a per-household fund. */
  first_name: string
  last_name: string
  phone: string | null
}

export type StandingOrder = 'months_desc' | 'months_asc' | 'amount_desc' | 'name'

/**
 * A page of rows with the payer's name, phone and account. amountDue: what each rate set has
 * asked up to the current month (a row's amount owed is that less its base).
 */
export function standingPage(
  db: Db,
  scope: StandingScope,
  filter: StandingFilter,
  order: StandingOrder,
  amountDue: Map<string, number>,
  page: { offset: number; limit: number | null },
) {
  const member = scope.kind === 'member'
  let query = standingRows(db, scope, filter, true)
    .leftJoin('users as u', 'u.id', 'p.owner_user_id')
    .select([
      's.payer_id',
      's.owed_key',
      's.oldest',
      's.base',
      's.rate_set',
      'u.username as owner_username',
      member ? sql<string>`p.first_name`.as('first_name') : sql<string>`p.name`.as('first_name'),
      member ? sql<string>`p.last_name`.as('last_name') : sql<string>`''`.as('last_name'),
      member
        ? sql<string | null>`p.phone_primary`.as('phone')
        : sql<string | null>`p.home_phone`.as('phone'),
    ])
  if (order === 'months_desc') query = query.orderBy('s.owed_key').orderBy('s.payer_id')
  else if (order === 'months_asc') query = query.orderBy('s.owed_key', 'desc').orderBy('s.payer_id')
  else if (order === 'amount_desc') {
    const due = sql<number>`case ${sql.join(
      [...amountDue].map(([set, amount]) => sql`when s.rate_set = ${set} then ${amount}`),
      sql` `,
    )} else 0 end - s.base`
    query = query.orderBy(due, 'desc').orderBy('s.payer_id')
  } else if (member) {
    query = query
      .orderBy(sql`p.last_name`)
      .orderBy(sql`p.first_name`)
      .orderBy('s.payer_id')
  } else query = query.orderBy(sql`p.name`).orderBy('s.payer_id')
  if (page.limit !== null) query = query.limit(page.limit).offset(page.offset)
  return query.execute() as Promise<StandingLineRow[]>
}
