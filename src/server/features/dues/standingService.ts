// A member's dues for a year (the Dues tab), its settings, and waivers.
import {
  addMonths,
  arrearsOf,
  compareMonths,
  type DuesMonth,
  inGoodStanding,
  isDuesMonth,
  isDuesCategory,
  MAX_MONTHS_AHEAD,
  monthOfDay,
  monthParts,
  outstandingFor,
  todayIso,
  yearStrip,
} from '../../../domain'
import { may } from '../accounts'
import type { RequestUser } from '../auth'
import { ApiError, isForeignKeyViolation } from '../../plugins/errors'
import type { Db } from '../../db/tables'
import { recordEvent } from '../history'
import { duesSettingsOf } from '../churchProfile'
import { checkedPayer, forbidden, notFound, payableHousehold, payableMember } from './access'
import { findFundRow, listFundRows } from './fundRepository'
import { ledgerOfDues, rateSetFor } from './ledger'
import {
  insertWaivers,
  lockPayerDues,
  lockPayerWrite,
  type PayerKey,
  readPayerDues,
  savePayerDues,
  waiversOf,
} from './ledgerRepository'
import { PER_HOUSEHOLD_FUND, PER_MEMBER_FUND } from './paymentService'
import { saveStandingRow } from './standingsRepository'
import type {
  HouseholdDues,
  MemberDues,
  MemberDuesQuery,
  MemberDuesSettings,
  WaiverCreate,
} from './standingSchemas'

const invalid = (message: string, errors: Record<string, string>) =>
  new ApiError(400, message, errors)

/** The fund asked for, else the first active dues fund paid by this kind of payer. */
export async function duesFund(
  db: Db,
  fundId: number | undefined,
  payer: 'member' | 'household' = 'member',
) {
  if (fundId !== undefined) {
    const fund = await findFundRow(db, fundId)
    if (!fund || fund.kind !== 'dues') throw notFound()
    // A fund paid by the other kind of payer has no ledger for this one.
    if ((fund.payer === 'household' ? 'household' : 'member') !== payer) throw notFound()
    return fund
  }
  const funds = await listFundRows(db)
  const fund = funds.find((f) => f.kind === 'dues' && f.payer === payer && f.active === 1)
  if (!fund) throw notFound()
  return fund
}

/** A payer's strip for a year and its standing: one statement reads all of it. */
async function stripOf(
  db: Db,
  user: RequestUser,
  key: PayerKey,
  query: MemberDuesQuery,
  now: Date,
) {
  const kind = key.column === 'member_id' ? 'member' : 'household'
  const dues = await readPayerDues(
    db,
    key,
    query.fund_id !== undefined ? { id: query.fund_id } : { firstActiveFor: kind },
  )
  if (!dues) throw notFound()
  const basis = checkedPayer(user, key.column, dues.basis)
  // A fund paid by the other kind of payer has no ledger for this one.
  const { fund } = dues
  if (fund.kind !== 'dues' || (fund.payer === 'household' ? 'household' : 'member') !== kind)
    throw notFound()
  const ledger = ledgerOfDues(dues, key.column)
  const settings = duesSettingsOf(dues.profile)
  const currentMonth = monthOfDay(todayIso(now)) as DuesMonth
  const year = query.year ?? monthParts(currentMonth).year
  return {
    fund_id: fund.id,
    year,
    currency: settings.currency,
    start_month: ledger.startMonth,
    start_month_set: Boolean(basis.start_month),
    category: basis.category ?? '',
    current_month: currentMonth,
    months: yearStrip(ledger, year, currentMonth),
    arrears: arrearsOf(ledger, currentMonth),
    good_standing: inGoodStanding(ledger, currentMonth, settings.rule),
    rule: settings.rule,
  }
}

export async function memberDues(
  db: Db,
  user: RequestUser,
  memberId: number,
  query: MemberDuesQuery,
  now: Date,
): Promise<MemberDues> {
  const strip = await stripOf(db, user, { column: 'member_id', id: memberId }, query, now)
  return { member_id: memberId, ...strip }
}

/** GET /api/households/:id/dues: a household's strip for a per-household fund. */
export async function householdDues(
  db: Db,
  user: RequestUser,
  householdId: number,
  query: MemberDuesQuery,
  now: Date,
): Promise<HouseholdDues> {
  const strip = await stripOf(db, user, { column: 'household_id', id: householdId }, query, now)
  return { household_id: householdId, ...strip }
}

/** The settings once `input` is applied, and each changed field as [before, after] (null if none). */
function settingsChange(
  stored: { category: string | null; start_month: string | null },
  input: MemberDuesSettings,
) {
  const before = { category: stored.category ?? '', start_month: stored.start_month ?? null }
  const after = {
    category: input.category ?? before.category,
    start_month: input.start_month === undefined ? before.start_month : input.start_month,
  }
  const changed = (['category', 'start_month'] as const).filter((f) => after[f] !== before[f])
  const changes =
    changed.length > 0 ? Object.fromEntries(changed.map((f) => [f, [before[f], after[f]]])) : null
  return { after, changes }
}

function checkSettings(input: MemberDuesSettings): void {
  if (input.category !== undefined && input.category !== '' && !isDuesCategory(input.category)) {
    throw invalid('Unknown category', { category: 'invalidValue' })
  }
  if (input.start_month != null && !isDuesMonth(input.start_month)) {
    throw invalid('start_month must be YYYY-MM', { start_month: 'invalidValue' })
  }
}

/** A member's or a household's reduced-rate category and start month: its owner or an admin. */
export async function changeDuesSettings(
  db: Db,
  user: RequestUser,
  column: PayerKey['column'],
  id: number,
  input: MemberDuesSettings,
): Promise<{ category: string; start_month: string | null }> {
  checkSettings(input)
  const payer = { column, id }
  return db.transaction().execute(async (trx) => {
    await lockPayerDues(trx, payer)
    const basis =
      payer.column === 'member_id'
        ? await payableMember(trx, user, payer.id)
        : await payableHousehold(trx, user, payer.id)
    const { after, changes } = settingsChange(basis, input)
    if (changes) {
      // The payer deleted at the same moment (PostgreSQL's foreign key): as if gone before.
      await savePayerDues(trx, payer, after).catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? notFound() : error
      })
      await recordEvent(trx, {
        actor: { id: user.id, username: user.username },
        ...('name' in basis
          ? {
              action: 'household_dues_update',
              details: { household_id: payer.id, household_name: basis.name, changes },
            }
          : { action: 'member_dues_update', memberId: payer.id, details: { changes } }),
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
): Promise<{
  fund_id: number
  member_id: number | null
  household_id: number | null
  months: string[]
}> {
  if (!may(user, 'dues.manage')) throw forbidden()
  if (input.household_id !== undefined && input.member_id !== undefined) {
    throw invalid('A waiver has one payer: a member or a household', {
      household_id: 'onePayerOnly',
    })
  }
  const reason = input.reason.trim()
  if (!reason) throw invalid('Give the reason', { reason: 'fieldRequired' })
  const months = [...new Set(input.months)]
  const bad = months.find((m) => !isDuesMonth(m))
  if (bad !== undefined) throw invalid(`Not a month: ${bad}`, { months: 'invalidValue' })
  // As far ahead as a payment may go: a waiver of 2200-12 is a typing slip, not a decision.
  const last = addMonths(monthOfDay(todayIso(new Date()))!, MAX_MONTHS_AHEAD)
  const ahead = months.find((m) => compareMonths(m as DuesMonth, last) > 0)
  if (ahead !== undefined) {
    throw invalid(`${ahead} is too far ahead`, { months: 'monthTooFarAhead' })
  }
  return db.transaction().execute(async (trx) => {
    const fund = await findFundRow(trx, input.fund_id)
    if (!fund || fund.kind !== 'dues')
      throw invalid('No such dues fund', { fund_id: 'invalidValue' })
    let key: PayerKey
    if (fund.payer === 'household') {
      if (input.member_id !== undefined)
        throw invalid(PER_HOUSEHOLD_FUND, { member_id: 'fundPerHousehold' })
      if (input.household_id === undefined)
        throw invalid('Choose the household', { household_id: 'fieldRequired' })
      key = { column: 'household_id', id: input.household_id }
    } else {
      if (input.household_id !== undefined)
        throw invalid(PER_MEMBER_FUND, { household_id: 'fundPerMember' })
      if (input.member_id === undefined)
        throw invalid('Choose the member', { member_id: 'fieldRequired' })
      key = { column: 'member_id', id: input.member_id }
    }
    await lockPayerWrite(trx, key, fund.id)
    const dues = (await readPayerDues(trx, key, { id: fund.id }))!
    const basis = checkedPayer(user, key.column, dues.basis)
    const ledger = ledgerOfDues(dues, key.column)
    const payer: Record<string, string | number | null> =
      key.column === 'household_id'
        ? { household_id: basis.id, household_name: basis.name, start_month: ledger.startMonth }
        : {
            start_month: ledger.startMonth,
            first_name: basis.first_name,
            last_name: basis.last_name,
          }
    const sorted = (months as DuesMonth[]).sort(compareMonths)
    const answer = {
      fund_id: fund.id,
      member_id: key.column === 'member_id' ? key.id : null,
      household_id: key.column === 'household_id' ? key.id : null,
      months: sorted,
    }
    const notOwed = sorted.find((m) => outstandingFor(ledger, m) === 0)
    if (notOwed) {
      // A retry whose first answer was lost: that waiver is stored, so answer as then.
      const stored = await waiversOf(trx, key, fund.id)
      if (isSameWaiver(stored, { months: sorted, reason, createdBy: user.id })) return answer
      throw invalid(`${notOwed} owes nothing: paid, waived, or before dues start`, {
        months: 'monthNotOwed',
      })
    }
    await insertWaivers(
      trx,
      key,
      sorted.map((month) => ({ fund_id: fund.id, month, reason, created_by: user.id })),
    )
    const after = { ...ledger, waived: new Set([...ledger.waived, ...sorted]) }
    const rateSet = rateSetFor(dues.rates, basis.category)
    await saveStandingRow(trx, fund.id, key.id, after, rateSet, new Date())
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'dues_waiver',
      memberId: key.column === 'member_id' ? key.id : undefined,
      details: { fund_id: fund.id, months: sorted, reason, ...payer },
    })
    return answer
  })
}

/**
 * Whether a payer's stored waivers hold this very waiver: its months, all of one request (one
 * time) and none besides, recorded by this account for this reason. Nothing else is a repeat.
 */
function isSameWaiver(
  stored: { month: string; reason: string; created_by: number; created_at: string }[],
  asked: { months: string[]; reason: string; createdBy: number },
): boolean {
  const first = stored.find((row) => row.month === asked.months[0])
  if (!first || first.created_by !== asked.createdBy || first.reason !== asked.reason) return false
  const batch = stored.filter(
    (row) => row.created_by === first.created_by && row.created_at === first.created_at,
  )
  return (
    batch.length === asked.months.length &&
    batch.every((row) => row.reason === asked.reason && asked.months.includes(row.month))
  )
}
