// The day's cash-up: each account's payments of a day with totals per method and fund, and
// closing the day, which locks its payments (decision 0230).
import { isValidIsoDate, todayIso } from '../../../domain'
import { may } from '../accounts'
import type { RequestUser } from '../auth'
import { ApiError } from '../../plugins/errors'
import type { Db } from '../../db/tables'
import { recordEvent } from '../history'
import { duesSettings } from '../churchProfile'
import { forbidden, notFound } from './access'
import {
  closedDayRows,
  type DayPaymentRow,
  dayPaymentRows,
  findClosedDay,
  insertClosedDay,
  lockCashDays,
  usernamesOf,
} from './cashUpRepository'
import type { CashUp, CashUpClerk, CashUpClose, CashUpQuery, CashUpTotal } from './cashUpSchemas'

export const DAY_CLOSED = 'The cash-up of that day is closed'

function checkDay(day: string, now: Date): void {
  // A day of slack like recording: the office's day may be ahead of the server's clock.
  const tomorrow = todayIso(new Date(now.getTime() + 86_400_000))
  if (!isValidIsoDate(day) || day < '1900-01-01' || day > tomorrow) {
    throw new ApiError(400, 'day must be a real date, yyyy-mm-dd, not in the future', {
      day: 'invalidValue',
    })
  }
}

function add(map: Map<string | number, CashUpTotal>, key: string | number, amount: number) {
  const total = map.get(key) ?? { count: 0, amount: 0 }
  total.count += 1
  total.amount += amount
  map.set(key, total)
}

/** One account's block: every payment listed, void ones left out of the totals. */
function clerkBlock(
  userId: number,
  username: string,
  rows: DayPaymentRow[],
  closed: CashUpClerk['closed'],
): CashUpClerk {
  const byMethod = new Map<string | number, CashUpTotal>()
  const byFund = new Map<string | number, CashUpTotal>()
  const total: CashUpTotal = { count: 0, amount: 0 }
  for (const row of rows) {
    if (row.voided_at) continue
    const amount = Number(row.amount)
    total.count += 1
    total.amount += amount
    add(byMethod, row.method, amount)
    add(byFund, row.fund_id, amount)
  }
  return {
    user_id: userId,
    username,
    closed,
    payments: rows.map((row) => ({
      id: row.id,
      receipt_number: row.receipt_number,
      fund_id: row.fund_id,
      member_id: row.member_id,
      household_id: row.household_id,
      payer_name:
        (row.household_id !== null
          ? row.household_name
          : [row.first_name, row.last_name].filter(Boolean).join(' ')) || null,
      amount: Number(row.amount),
      method: row.method,
      reference: row.reference,
      status: row.voided_at ? 'void' : 'valid',
    })),
    total,
    by_method: [...byMethod]
      .map(([method, t]) => ({ method: String(method), ...t }))
      .sort((a, b) => a.method.localeCompare(b.method)),
    by_fund: [...byFund]
      .map(([fundId, t]) => ({ fund_id: Number(fundId), ...t }))
      .sort((a, b) => a.fund_id - b.fund_id),
  }
}

const closedOf = (row: {
  closed_at: string
  closed_by_username: string
  payment_count: number
  total: number
}): CashUpClerk['closed'] => ({
  at: row.closed_at,
  by: row.closed_by_username,
  payment_count: Number(row.payment_count),
  total: Number(row.total),
})

/**
 * A day's cash-up: a clerk sees its own; auditors and admins every account's, or one's
 * (user_id). An account asked for by id is answered even with nothing recorded that day.
 */
export async function cashUp(
  db: Db,
  user: RequestUser,
  query: CashUpQuery,
  now: Date,
): Promise<CashUp> {
  checkDay(query.day, now)
  let target: number | null = query.user_id ?? null
  if (!may(user, 'cashDay.read', { ownerId: target ?? undefined })) {
    if (target !== null && target !== user.id) throw notFound()
    target = user.id
  }
  const [rows, closed, settings] = await Promise.all([
    dayPaymentRows(db, query.day, target),
    closedDayRows(db, query.day, target),
    duesSettings(db),
  ])
  const ids = new Set<number>([
    ...rows.map((r) => r.recorded_by),
    ...closed.map((c) => c.recorded_by),
  ])
  if (target !== null) ids.add(target)
  const names = new Map((await usernamesOf(db, [...ids])).map((u) => [u.id, u.username]))
  if (target !== null && !names.has(target) && rows.length === 0) throw notFound()
  const clerks = [...ids]
    .sort((a, b) => a - b)
    .map((id) => {
      const own = rows.filter((r) => r.recorded_by === id)
      const day = closed.find((c) => c.recorded_by === id)
      const username = names.get(id) ?? own[0]?.recorded_by_username ?? String(id)
      return clerkBlock(id, username, own, day ? closedOf(day) : null)
    })
  return { day: query.day, currency: settings.currency, clerks }
}

/** Closes an account's day: its own for a clerk, any account's for an admin; once only. */
export async function closeDay(
  db: Db,
  user: RequestUser,
  input: CashUpClose,
  now: Date,
): Promise<CashUpClerk> {
  const target = input.user_id ?? user.id
  if (!may(user, 'cashDay.close', { ownerId: target })) throw forbidden()
  checkDay(input.day, now)
  return db.transaction().execute(async (trx) => {
    const [account] = await usernamesOf(trx, [target])
    if (!account) throw notFound()
    await lockCashDays(trx, target)
    if (await findClosedDay(trx, target, input.day)) {
      throw new ApiError(409, 'This day is closed already')
    }
    const rows = await dayPaymentRows(trx, input.day, target)
    const open = clerkBlock(target, account.username, rows, null)
    // A payment recorded or voided between the closer's look and the press (another device, a
    // late retry) would be closed unseen: the closer looks again instead.
    if (
      (input.expected_count !== undefined && input.expected_count !== open.total.count) ||
      (input.expected_total !== undefined && input.expected_total !== open.total.amount)
    ) {
      throw new ApiError(409, 'The day changed since its cash-up was shown', {
        day: 'changedSinceShown',
      })
    }
    const closedAt = await insertClosedDay(trx, {
      recorded_by: target,
      day: input.day,
      payment_count: open.total.count,
      total: open.total.amount,
      closed_by: user.id,
      closed_by_username: user.username,
    })
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'cash_day_close',
      subjectUserId: target,
      details: {
        day: input.day,
        username: account.username,
        payment_count: open.total.count,
        total: open.total.amount,
        by_method: open.by_method,
        by_fund: open.by_fund,
        receipts: rows.map((r) => r.receipt_number),
      },
    })
    return {
      ...open,
      closed: {
        at: closedAt,
        by: user.username,
        payment_count: open.total.count,
        total: open.total.amount,
      },
    }
  })
}
