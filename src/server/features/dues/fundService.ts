// Funds and rates: anyone signed in reads them (the payment form needs them); admins change
// them, each change one history event.
import { hasControlCharacter, isDuesMonth } from '../../../domain'
import { ApiError } from '../../plugins/errors'
import { createOnce } from '../../plugins/idempotency'
import type { Db } from '../../db/tables'
import { type Actor, recordEvent } from '../history'
import {
  findFundIdByKey,
  findFundRow,
  findRateStep,
  insertFund,
  listFundRows,
  listRateRows,
  saveRateStep,
  updateFund,
} from './fundRepository'
import { redoFund, refreshStandings } from './standingsRepository'
import type { Fund, FundCreate, FundUpdate, RateCreate } from './fundSchemas'

type FundRow = NonNullable<Awaited<ReturnType<typeof findFundRow>>>
type RateRow = Awaited<ReturnType<typeof listRateRows>>[number]

function toFund(row: FundRow, rates: RateRow[]): Fund {
  return {
    id: row.id,
    kind: row.kind === 'gift' ? 'gift' : 'dues',
    payer: row.payer === 'household' ? 'household' : 'member',
    name_am: row.name_am,
    name_en: row.name_en,
    name_om: row.name_om,
    active: row.active === 1,
    rates: rates
      .filter((rate) => rate.fund_id === row.id)
      .map((rate) => ({
        category: rate.category,
        from_month: rate.from_month,
        amount: Number(rate.amount),
      })),
  }
}

export const fundNotFound = () => new ApiError(404, 'Not found')

export async function listFunds(db: Db): Promise<Fund[]> {
  const [rows, rates] = await Promise.all([listFundRows(db), listRateRows(db)])
  return rows.map((row) => toFund(row, rates))
}

export async function getFund(db: Db, id: number): Promise<Fund | undefined> {
  const row = await findFundRow(db, id)
  return row ? toFund(row, await listRateRows(db, [id])) : undefined
}

/** The names given, trimmed; a name is one line, as it prints on receipts and reports. */
function trimmedNames(input: FundUpdate) {
  const names: Partial<Record<'name_am' | 'name_en' | 'name_om', string>> = {}
  for (const field of ['name_am', 'name_en', 'name_om'] as const) {
    if (input[field] === undefined) continue
    if (hasControlCharacter(input[field], false)) {
      throw new ApiError(400, 'A fund name is one line: no tabs or line breaks', {
        [field]: 'invalidValue',
      })
    }
    names[field] = input[field].trim()
  }
  return names
}

/**
 * A new fund. A repeated Idempotency-Key (the device never saw the first answer) answers with the
 * fund it made, `replayed`, whatever the body, as a household's create does.
 */
export async function createFund(
  db: Db,
  actor: Actor,
  input: FundCreate,
  key?: string,
): Promise<{ fund: Fund; replayed: boolean }> {
  const { made: fund, replayed } = await createOnce(
    key,
    async (k) => {
      const earlier = await findFundIdByKey(db, k)
      return earlier === undefined ? undefined : getFund(db, earlier)
    },
    async () => {
      const names = { name_am: '', name_en: '', name_om: '', ...trimmedNames(input) }
      if (!names.name_am && !names.name_en && !names.name_om) {
        throw new ApiError(400, 'A fund needs a name in at least one language', {
          name_am: 'fieldRequired',
        })
      }
      const row = {
        kind: input.kind,
        payer: input.kind === 'dues' ? (input.payer ?? 'member') : 'member',
        ...names,
        active: input.active === false ? 0 : 1,
      }
      return db.transaction().execute(async (trx) => {
        const id = await insertFund(trx, row, key)
        if (row.kind === 'dues') await redoFund(trx, { id, payer: row.payer }, true)
        await recordEvent(trx, { actor, action: 'fund_create', details: { fund_id: id, ...row } })
        return (await getFund(trx, id)) as Fund
      })
    },
  )
  return { fund, replayed }
}

export async function changeFund(
  db: Db,
  actor: Actor,
  id: number,
  input: FundUpdate,
): Promise<Fund> {
  return db.transaction().execute(async (trx) => {
    const before = await findFundRow(trx, id)
    if (!before) throw fundNotFound()
    const changes = {
      ...trimmedNames(input),
      ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
    }
    const after = { ...before, ...changes }
    if (!after.name_am && !after.name_en && !after.name_om) {
      throw new ApiError(400, 'A fund needs a name in at least one language', {
        name_am: 'fieldRequired',
      })
    }
    const changed = Object.fromEntries(
      Object.entries(changes)
        .filter(([field, value]) => before[field as keyof typeof before] !== value)
        .map(([field, value]) => [field, [before[field as keyof typeof before], value]]),
    )
    if (Object.keys(changed).length > 0) {
      await updateFund(trx, id, changes)
      await recordEvent(trx, {
        actor,
        action: 'fund_update',
        details: { fund_id: id, changes: changed },
      })
    }
    return (await getFund(trx, id)) as Fund
  })
}

/**
 * A dues fund's marked rows worked out after a new fund or a rate change (decision 0295), so the
 * first report after it need not wait for them; `stopped` ends the work between batches.
 */
export const workOutFund = (db: Db, fundId: number, now: Date, stopped: () => boolean) =>
  refreshStandings(db, now, fundId, stopped)

/**
 * A dues fund's monthly amount from a month on. Months before it keep their rate; a step for
 * the same month and category is replaced, the history keeping the amount it had.
 */
export async function setRate(db: Db, actor: Actor, id: number, input: RateCreate): Promise<Fund> {
  if (!isDuesMonth(input.from_month)) {
    throw new ApiError(400, 'from_month must be an Ethiopian year and month, YYYY-MM (01–12)', {
      from_month: 'invalidValue',
    })
  }
  const category = input.category ?? ''
  return db.transaction().execute(async (trx) => {
    const fund = await findFundRow(trx, id)
    if (!fund) throw fundNotFound()
    if (fund.kind !== 'dues') {
      throw new ApiError(400, 'Only a dues fund has monthly rates', { fund_id: 'invalidValue' })
    }
    const earlier = await findRateStep(trx, id, category, input.from_month)
    // A repeat of a stored rate (a retry whose answer was lost) changes nothing and records nothing.
    if (earlier && Number(earlier.amount) === input.amount) return (await getFund(trx, id)) as Fund
    const step = { fund_id: id, category, from_month: input.from_month, amount: input.amount }
    await saveRateStep(trx, step)
    // Every payer's months may ask another amount now: their rows are worked out again.
    await redoFund(trx, fund)
    await recordEvent(trx, {
      actor,
      action: 'fund_rate',
      details: { ...step, ...(earlier ? { replaced_amount: Number(earlier.amount) } : {}) },
    })
    return (await getFund(trx, id)) as Fund
  })
}
