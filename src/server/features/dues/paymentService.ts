// Payments: record (with its receipt number and months), list, read, void. Each use case owns
// its transaction, its policy check and its history event.
import crypto from 'node:crypto'
import {
  allocatePayment,
  type AllocationError,
  ethiopianYearOf,
  hasControlCharacter,
  initialsOf,
  isValidIsoDate,
  monthOfDay,
  receiptNumber,
  todayIso,
} from '../../../domain'
import { may } from '../accounts'
import type { RequestUser } from '../auth'
import { ApiError } from '../../plugins/errors'
import { idCursor } from '../../plugins/inputGuard'
import type { Compilable } from 'kysely'
import { isPostgres } from '../../db/portable'
import type { Db } from '../../db/tables'
import { appendEventsQuery, recordEvent } from '../history'
import { duesSettingsOf } from '../churchProfile'
import {
  checkedPayer,
  forbidden,
  notFound,
  paymentOwnerScope,
  readableHousehold,
  readableMember,
} from './access'
import { findFundRow } from './fundRepository'
import { ledgerOfDues, rateSetFor } from './ledger'
import { lockPayerDues, lockPayerWrite, type PayerKey, readPayerDues } from './ledgerRepository'
import { addDayTotal, dayTotalUpsert, rebuildPayerRow, standingUpsert } from './standingsRepository'
import { findClosedDay, lockCashDays } from './cashUpRepository'
import { DAY_CLOSED } from './cashUpService'
import {
  allocationsOf,
  findPaymentByCode,
  findPaymentIdByKey,
  findPaymentRow,
  insertPayment,
  insertPaymentWith,
  listPaymentRows,
  markVoid,
  nextReceiptNumber,
  type PaymentListRow,
  payerOwnerOf,
  takeReceiptAndTail,
} from './paymentRepository'
import type {
  Payment,
  PaymentCreate,
  PaymentListQuery,
  PaymentPage,
  ReceiptCheck,
} from './paymentSchemas'

export const PER_MEMBER_FUND = 'This fund is paid per member: choose a member, not a household'
export const PER_HOUSEHOLD_FUND =
  'This fund is paid per household: choose a household, not a member'

const invalid = (message: string, errors: Record<string, string>) =>
  new ApiError(400, message, errors)

/** A household's name's initials: of its first three words (the receipt check shows no more). */
const householdInitials = (name: string | null): string =>
  initialsOf(...(name ?? '').trim().split(/\s+/).slice(0, 3))

function toPayment(row: PaymentListRow, allocations: { month: string; amount: number }[]): Payment {
  const name =
    row.household_id !== null
      ? (row.household_name ?? '')
      : [row.first_name, row.last_name].filter(Boolean).join(' ')
  return {
    id: row.id,
    receipt_number: row.receipt_number,
    fund_id: row.fund_id,
    member_id: row.member_id,
    household_id: row.household_id,
    payer_name: name || null,
    amount: Number(row.amount),
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    received_on: row.received_on,
    received_by: row.recorded_by_username,
    created_at: row.created_at,
    status: row.voided_at ? 'void' : 'valid',
    voided_at: row.voided_at,
    void_reason: row.void_reason,
    allocations,
    verify_path: `/verify/${row.verify_code}`,
  }
}

async function paymentById(db: Db, id: number): Promise<Payment | undefined> {
  const row = await findPaymentRow(db, id)
  if (!row) return undefined
  return toPayment(row, (await allocationsOf(db, [id])).get(id) ?? [])
}

/** Why allocation refused, in the API's error shape. */
function allocationRefusal(result: AllocationError): ApiError {
  switch (result.error) {
    case 'nothingOwed':
      return invalid('Nothing is owed to this fund: it has no monthly amount yet', {
        amount: 'nothingOwed',
      })
    case 'monthInvalid':
      return invalid(`Not a month: ${result.month}`, { months: 'invalidValue' })
    case 'monthNotOwed':
      return invalid(`${result.month} owes nothing: paid, waived, or before dues start`, {
        months: 'monthNotOwed',
      })
    case 'monthTooFarAhead':
      return invalid(`${result.month} is too far ahead`, { months: 'monthTooFarAhead' })
    case 'amountAboveMonths':
      return invalid('The amount is more than the months owe', { amount: 'amountAboveMonths' })
    case 'amountBelowMonths':
      return invalid(`The amount does not reach ${result.month}`, { amount: 'amountBelowMonths' })
    default:
      return invalid('The amount must be a whole number of minor units above 0', {
        amount: 'invalidValue',
      })
  }
}

/** The payer the input names (the fund, read later, says whether it takes that kind). */
function payerKeyOf(input: { member_id?: number; household_id?: number }): PayerKey | undefined {
  if (input.household_id !== undefined) return { column: 'household_id', id: input.household_id }
  if (input.member_id !== undefined) return { column: 'member_id', id: input.member_id }
  return undefined
}

/** Refuses a payer of the wrong kind for the fund, or none. */
function checkPayerKind(fundPayer: string, input: { member_id?: number; household_id?: number }) {
  if (fundPayer === 'household') {
    if (input.member_id !== undefined)
      throw invalid(PER_HOUSEHOLD_FUND, { member_id: 'fundPerHousehold' })
    if (input.household_id === undefined)
      throw invalid('Choose the household that pays', { household_id: 'fieldRequired' })
  } else {
    if (input.household_id !== undefined)
      throw invalid(PER_MEMBER_FUND, { household_id: 'fundPerMember' })
    if (input.member_id === undefined)
      throw invalid('Choose the member who pays', { member_id: 'fieldRequired' })
  }
}

function checkFund(fund: { active: number } | undefined): asserts fund {
  if (!fund) throw invalid('No such fund', { fund_id: 'invalidValue' })
  if (fund.active !== 1) throw invalid('This fund is closed', { fund_id: 'fundClosed' })
}

export interface RecordResult {
  payment: Payment
  replayed: boolean
}

export const KEY_OTHER_PAYMENT =
  'This Idempotency-Key already recorded a payment with other details: nothing recorded'

/**
 * Whether a repeat asks for the payment its key recorded: same payer, fund, amount, method,
 * reference and day, and the same months when it names them. A retry after the clerk changed
 * the form must not be answered with the old payment as if it were the new one.
 */
function asksFor(payment: Payment, input: PaymentCreate): boolean {
  const months = (list: string[]) => [...new Set(list)].sort().join()
  return (
    payment.fund_id === input.fund_id &&
    payment.member_id === (input.member_id ?? null) &&
    payment.household_id === (input.household_id ?? null) &&
    payment.amount === input.amount &&
    payment.method === input.method &&
    payment.reference === (input.reference?.trim() || null) &&
    payment.received_on === input.received_on &&
    // An empty list names no months, as when it is left out: the oldest were filled.
    (input.months === undefined ||
      input.months.length === 0 ||
      months(input.months) === months(payment.allocations.map((a) => a.month)))
  )
}

/**
 * Records a payment: checks the payer and fund, spreads a dues payment over months, takes the
 * year's next receipt number and writes the payment, its months and one history event in one
 * transaction. A repeated Idempotency-Key answers with the payment it made.
 */
export async function recordPayment(
  db: Db,
  user: RequestUser,
  input: PaymentCreate,
  key: string | undefined,
  now: Date,
): Promise<RecordResult> {
  const replay = async (): Promise<RecordResult | undefined> => {
    const earlier = key ? await findPaymentIdByKey(db, user.id, key) : undefined
    const payment = earlier === undefined ? undefined : await paymentById(db, earlier)
    if (payment && !asksFor(payment, input)) {
      throw new ApiError(422, KEY_OTHER_PAYMENT, { 'Idempotency-Key': 'keyUsedForOtherPayment' })
    }
    return payment ? { payment, replayed: true } : undefined
  }
  // The account's own earlier payment is answered before the role is asked: a retry whose
  // first answer was lost may come after a role change, and the payment is recorded.
  const earlier = await replay()
  if (earlier) return earlier
  if (!may(user, 'member.create')) throw forbidden()

  if (input.household_id !== undefined && input.member_id !== undefined) {
    throw invalid('A payment has one payer: a member or a household', {
      household_id: 'onePayerOnly',
    })
  }
  if (!isValidIsoDate(input.received_on) || input.received_on < '1900-01-01') {
    throw invalid('received_on must be a real date, yyyy-mm-dd', { received_on: 'invalidValue' })
  }
  // A day of slack: the office's day may be ahead of the server's clock.
  const tomorrow = todayIso(new Date(now.getTime() + 86_400_000))
  if (input.received_on > tomorrow) {
    throw invalid('A payment cannot be received in the future', { received_on: 'dateInFuture' })
  }
  // One line, as it prints on the receipt.
  if (typeof input.reference === 'string' && hasControlCharacter(input.reference, false)) {
    throw invalid('reference is one line: no tabs or line breaks', { reference: 'invalidValue' })
  }
  const reference = input.reference?.trim() || null

  try {
    const payment = await db.transaction().execute(async (trx) => {
      const payerKey = payerKeyOf(input)
      if (!payerKey) {
        const fund = await findFundRow(trx, input.fund_id)
        checkFund(fund)
        checkPayerKind(fund.payer, input)
        throw notFound()
      }
      // One statement for the locks (the history chain's too on PostgreSQL, so the tail can be
      // read with the receipt number), one for every row the payment is checked and spread by.
      await lockPayerWrite(trx, payerKey, input.fund_id, user.id, true)
      const dues = await readPayerDues(
        trx,
        payerKey,
        { id: input.fund_id },
        { recordedBy: user.id, day: input.received_on },
      )
      const fund = dues?.fund
      checkFund(fund)
      checkPayerKind(fund.payer, input)
      const basis = checkedPayer(user, payerKey.column, dues!.basis, true)
      if (dues!.closed) throw new ApiError(409, DAY_CLOSED, { received_on: 'dayClosed' })
      let allocations: { month: string; amount: number }[] = []
      const ledger = fund.kind === 'dues' ? ledgerOfDues(dues!, payerKey.column) : undefined
      if (ledger) {
        const currentMonth = monthOfDay(todayIso(now)) ?? monthOfDay(input.received_on)
        const result = allocatePayment(ledger, {
          amount: input.amount,
          currentMonth: currentMonth!,
          months: input.months,
        })
        if (!result.ok) throw allocationRefusal(result)
        allocations = result.allocations
      } else if (input.months && input.months.length > 0) {
        throw invalid('A gift has no months', { months: 'invalidValue' })
      }
      const { currency } = duesSettingsOf(dues!.profile)
      const year = ethiopianYearOf(input.received_on)!
      // PostgreSQL: the number, the payment's id and the chain's tail in one statement.
      const taken = isPostgres(trx) ? await takeReceiptAndTail(trx, year) : undefined
      const number = receiptNumber(year, taken?.number ?? (await nextReceiptNumber(trx, year)))
      const isMember = payerKey.column === 'member_id'
      const row = {
        fund_id: fund.id,
        member_id: isMember ? basis.id : null,
        household_id: isMember ? null : basis.id,
        amount: input.amount,
        currency,
        method: input.method,
        reference,
        received_on: input.received_on,
        receipt_year: year,
        receipt_number: number,
        verify_code: crypto.randomBytes(16).toString('base64url'),
        recorded_by: user.id,
        recorded_by_username: user.username,
        idempotency_key: key ?? null,
      }
      const names = isMember
        ? { first_name: basis.first_name, last_name: basis.last_name }
        : { household_id: basis.id, household_name: basis.name }
      const event = (paymentId: number) => ({
        actor: { id: user.id, username: user.username },
        action: 'payment_create' as const,
        memberId: isMember ? basis.id : undefined,
        details: {
          ...names,
          payment_id: paymentId,
          receipt_number: number,
          fund_id: fund.id,
          amount: input.amount,
          currency,
          method: input.method,
          reference,
          received_on: input.received_on,
          months: allocations,
        },
      })
      const standing = (db: Db) => {
        if (!ledger) return undefined
        const paid = new Map(ledger.paid)
        for (const a of allocations) paid.set(a.month, (paid.get(a.month) ?? 0) + a.amount)
        const rateSet = rateSetFor(dues!.rates, basis.category)
        return standingUpsert(db, fund.id, basis.id, { ...ledger, paid }, rateSet, now)
      }
      let inserted: { id: number; created_at: string }
      if (taken) {
        inserted = { id: taken.id, created_at: new Date().toISOString() }
        const others: Compilable[] = [dayTotalUpsert(trx, row, 1)]
        const summary = standing(trx)
        if (summary) others.push(summary)
        others.push(appendEventsQuery(trx, taken.tail, [event(inserted.id)]))
        await insertPaymentWith(trx, { ...row, ...inserted }, allocations, others)
      } else {
        inserted = await insertPayment(trx, row, allocations)
        await addDayTotal(trx, row, 1)
        await standing(trx)?.execute()
        await recordEvent(trx, event(inserted.id))
      }
      // The answer from what was written: nothing is read back.
      return toPayment(
        {
          ...row,
          ...inserted,
          voided_at: null,
          void_reason: null,
          first_name: basis.first_name,
          last_name: basis.last_name,
          owner_user_id: isMember ? basis.owner_user_id : null,
          household_name: isMember ? null : basis.name,
          household_owner_user_id: isMember ? null : basis.owner_user_id,
        },
        allocations,
      )
    })
    return { payment, replayed: false }
  } catch (error) {
    if (!key) throw error
    // Lost a race for the key (the unique index, or the check above): answer with the winner.
    const winner = await replay()
    if (winner) return winner
    throw error
  }
}

/** A payment the caller may read. */
export async function readPayment(db: Db, user: RequestUser, id: number): Promise<Payment> {
  const payment = await paymentById(db, id)
  if (!payment) throw notFound()
  const row = await findPaymentRow(db, id)
  if (paymentOwnerScope(user) !== null && (!row || payerOwnerOf(row) !== user.id)) throw notFound()
  return payment
}

export async function listPayments(
  db: Db,
  user: RequestUser,
  query: PaymentListQuery,
): Promise<PaymentPage> {
  for (const field of ['from', 'to'] as const) {
    const day = query[field]
    if (day !== undefined && !isValidIsoDate(day)) {
      throw invalid(`${field} must be a real date, yyyy-mm-dd`, { [field]: 'invalidValue' })
    }
  }
  if (query.member_id !== undefined) await readableMember(db, user, query.member_id)
  if (query.household_id !== undefined) await readableHousehold(db, user, query.household_id)
  const limit = query.limit ?? 50
  const rows = await listPaymentRows(db, {
    ownerId: paymentOwnerScope(user),
    memberId: query.member_id,
    householdId: query.household_id,
    fundId: query.fund_id,
    from: query.from,
    to: query.to,
    beforeId: idCursor(query.cursor),
    limit: limit + 1,
  })
  const page = rows.slice(0, limit)
  const allocations = await allocationsOf(
    db,
    page.map((row) => row.id),
  )
  return {
    items: page.map((row) => toPayment(row, allocations.get(row.id) ?? [])),
    next_cursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  }
}

/**
 * Voids a payment: its number stays, its months are owed again. The account that recorded it
 * may while its day is open; once the day's cash-up is closed only an admin (decision 0230).
 */
export async function voidPayment(
  db: Db,
  user: RequestUser,
  id: number,
  reason: string,
): Promise<Payment> {
  if (!may(user, 'payment.void')) throw forbidden()
  const trimmed = reason.trim()
  if (!trimmed) throw invalid('Give the reason for voiding', { reason: 'fieldRequired' })
  await db.transaction().execute(async (trx) => {
    const row = await findPaymentRow(trx, id)
    if (!row) throw notFound()
    if (paymentOwnerScope(user) !== null && payerOwnerOf(row) !== user.id) throw notFound()
    if (row.member_id !== null) await lockPayerDues(trx, { column: 'member_id', id: row.member_id })
    if (row.household_id !== null)
      await lockPayerDues(trx, { column: 'household_id', id: row.household_id })
    await lockCashDays(trx, row.recorded_by)
    // Another account's payment is refused for the role whatever its day: only its own
    // account, once the day is closed, hears that the day is why.
    if (!may(user, 'payment.void', { ownerId: row.recorded_by })) throw forbidden()
    if (!may(user, 'dues.manage') && (await findClosedDay(trx, row.recorded_by, row.received_on))) {
      // The code tells this refusal from a role's: the client says which it was.
      throw new ApiError(403, `${DAY_CLOSED}: an admin voids its payments`, {
        received_on: 'dayClosed',
      })
    }
    if (!(await markVoid(trx, id, user.id, trimmed))) {
      throw new ApiError(409, 'This payment is void already')
    }
    await addDayTotal(trx, { ...row, amount: Number(row.amount) }, -1)
    const fund = await findFundRow(trx, row.fund_id)
    const payerId = row.member_id ?? row.household_id
    if (fund?.kind === 'dues' && payerId !== null) {
      await rebuildPayerRow(trx, fund, payerId, new Date())
    }
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'payment_void',
      memberId: row.member_id,
      details: {
        payment_id: id,
        receipt_number: row.receipt_number,
        amount: Number(row.amount),
        reason: trimmed,
        ...(row.household_id !== null
          ? { household_id: row.household_id, household_name: row.household_name }
          : { first_name: row.first_name, last_name: row.last_name }),
      },
    })
  })
  return (await paymentById(db, id))!
}

/** The public check of a receipt's QR code: number, amount, date, status, initials. */
export async function checkReceipt(db: Db, code: string): Promise<ReceiptCheck> {
  const row = await findPaymentByCode(db, code)
  if (!row) throw notFound()
  return {
    receipt_number: row.receipt_number,
    amount: Number(row.amount),
    currency: row.currency,
    received_on: row.received_on,
    status: row.voided_at ? 'void' : 'valid',
    payer_initials:
      row.household_id !== null
        ? householdInitials(row.household_name)
        : initialsOf(row.first_name, row.last_name),
  }
}
