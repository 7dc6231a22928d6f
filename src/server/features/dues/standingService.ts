// A member's dues for a year (the Dues tab), its settings, and waivers.
import {
  arrearsOf,
  compareMonths,
  type DuesMonth,
  inGoodStanding,
  isDuesMonth,
  isDuesCategory,
  monthOfDay,
  monthParts,
  outstandingFor,
  todayIso,
  yearStrip,
} from '../../../domain'
import { may } from '../accounts'
import type { RequestUser } from '../auth'
import { ApiError } from '../../plugins/errors'
import type { Db } from '../../db/tables'
import { recordEvent } from '../history'
import { duesSettings } from '../churchProfile'
import { forbidden, notFound, payableMember, readableMember } from './access'
import { findFundRow, listFundRows } from './fundRepository'
import { loadLedger, startMonthOf } from './ledger'
import { insertWaivers, lockMemberDues, saveMemberDues } from './ledgerRepository'
import { HOUSEHOLDS_NOT_YET } from './paymentService'
import type {
  MemberDues,
  MemberDuesQuery,
  MemberDuesSettings,
  WaiverCreate,
} from './standingSchemas'

const invalid = (message: string, errors: Record<string, string>) =>
  new ApiError(400, message, errors)

/** The fund asked for, else the first active per-member dues fund. */
export async function duesFund(db: Db, fundId: number | undefined) {
  if (fundId !== undefined) {
    const fund = await findFundRow(db, fundId)
    if (!fund || fund.kind !== 'dues') throw notFound()
    return fund
  }
  const funds = await listFundRows(db)
  const fund = funds.find((f) => f.kind === 'dues' && f.payer === 'member' && f.active === 1)
  if (!fund) throw notFound()
  return fund
}

export async function memberDues(
  db: Db,
  user: RequestUser,
  memberId: number,
  query: MemberDuesQuery,
  now: Date,
): Promise<MemberDues> {
  const member = await readableMember(db, user, memberId)
  const fund = await duesFund(db, query.fund_id)
  const [ledger, settings] = await Promise.all([loadLedger(db, member, fund.id), duesSettings(db)])
  const currentMonth = monthOfDay(todayIso(now)) as DuesMonth
  const year = query.year ?? monthParts(currentMonth).year
  return {
    member_id: member.id,
    fund_id: fund.id,
    year,
    currency: settings.currency,
    start_month: ledger.startMonth,
    start_month_set: Boolean(member.start_month),
    category: member.category ?? '',
    current_month: currentMonth,
    months: yearStrip(ledger, year, currentMonth),
    arrears: arrearsOf(ledger, currentMonth),
    good_standing: inGoodStanding(ledger, currentMonth, settings.rule),
    rule: settings.rule,
  }
}

/** The member's reduced-rate category and start month: its owner (clerk) or an admin. */
export async function changeMemberDuesSettings(
  db: Db,
  user: RequestUser,
  memberId: number,
  input: MemberDuesSettings,
): Promise<{ category: string; start_month: string | null }> {
  if (input.category !== undefined && input.category !== '' && !isDuesCategory(input.category)) {
    throw invalid('Unknown category', { category: 'invalidValue' })
  }
  if (input.start_month != null && !isDuesMonth(input.start_month)) {
    throw invalid('start_month must be YYYY-MM', { start_month: 'invalidValue' })
  }
  return db.transaction().execute(async (trx) => {
    await lockMemberDues(trx, memberId)
    const member = await payableMember(trx, user, memberId)
    const before = { category: member.category ?? '', start_month: member.start_month ?? null }
    const after = {
      category: input.category ?? before.category,
      start_month: input.start_month === undefined ? before.start_month : input.start_month,
    }
    if (after.category !== before.category || after.start_month !== before.start_month) {
      await saveMemberDues(trx, memberId, after)
      await recordEvent(trx, {
        actor: { id: user.id, username: user.username },
        action: 'member_dues_update',
        memberId,
        details: {
          changes: Object.fromEntries(
            (['category', 'start_month'] as const)
              .filter((f) => after[f] !== before[f])
              .map((f) => [f, [before[f], after[f]]]),
          ),
        },
      })
    }
    return after
  })
}

/** Admins waive months (a council's decision): each must still owe something. */
export async function waiveMonths(
  db: Db,
  user: RequestUser,
  input: WaiverCreate,
): Promise<{ fund_id: number; member_id: number; months: string[] }> {
  if (!may(user, 'dues.manage')) throw forbidden()
  if (input.household_id !== undefined)
    throw invalid(HOUSEHOLDS_NOT_YET, { household_id: 'notAvailable' })
  if (input.member_id === undefined)
    throw invalid('Choose the member', { member_id: 'fieldRequired' })
  const reason = input.reason.trim()
  if (!reason) throw invalid('Give the reason', { reason: 'fieldRequired' })
  const months = [...new Set(input.months)]
  const bad = months.find((m) => !isDuesMonth(m))
  if (bad !== undefined) throw invalid(`Not a month: ${bad}`, { months: 'invalidValue' })
  const memberId = input.member_id
  return db.transaction().execute(async (trx) => {
    const fund = await findFundRow(trx, input.fund_id)
    if (!fund || fund.kind !== 'dues')
      throw invalid('No such dues fund', { fund_id: 'invalidValue' })
    await lockMemberDues(trx, memberId)
    const member = await readableMember(trx, user, memberId)
    const ledger = await loadLedger(trx, member, fund.id)
    const sorted = (months as DuesMonth[]).sort(compareMonths)
    const notOwed = sorted.find((m) => outstandingFor(ledger, m) === 0)
    if (notOwed) {
      throw invalid(`${notOwed} owes nothing: paid, waived, or before dues start`, {
        months: 'monthNotOwed',
      })
    }
    await insertWaivers(
      trx,
      sorted.map((month) => ({
        fund_id: fund.id,
        member_id: memberId,
        month,
        reason,
        created_by: user.id,
      })),
    )
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'dues_waiver',
      memberId,
      details: {
        fund_id: fund.id,
        months: sorted,
        reason,
        start_month: startMonthOf(member),
        first_name: member.first_name,
        last_name: member.last_name,
      },
    })
    return { fund_id: fund.id, member_id: memberId, months: sorted }
  })
}
