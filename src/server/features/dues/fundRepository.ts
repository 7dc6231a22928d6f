// All SQL of funds and their rate steps.
import type { Db } from '../../db/tables'
import { idMadeByKey } from '../../db/keyedRows'

const FUND_COLUMNS = ['id', 'kind', 'payer', 'name_am', 'name_en', 'name_om', 'active'] as const

export function listFundRows(db: Db) {
  return db.selectFrom('funds').select(FUND_COLUMNS).orderBy('id').execute()
}

export function findFundRow(db: Db, id: number) {
  return db.selectFrom('funds').select(FUND_COLUMNS).where('id', '=', id).executeTakeFirst()
}

export function listRateRows(db: Db, fundIds?: number[]) {
  let query = db
    .selectFrom('fund_rates')
    .select(['fund_id', 'category', 'from_month', 'amount'])
    .orderBy('fund_id')
    .orderBy('category')
    .orderBy('from_month')
  if (fundIds) {
    if (fundIds.length === 0) return Promise.resolve([])
    query = query.where('fund_id', 'in', fundIds)
  }
  return query.execute()
}

/** The fund an earlier request with this Idempotency-Key created, if any. */
export const findFundIdByKey = (db: Db, key: string) => idMadeByKey(db, 'funds', null, key)

export async function insertFund(
  db: Db,
  row: {
    kind: string
    payer: string
    name_am: string
    name_en: string
    name_om: string
    active: number
  },
  /** The creating request's Idempotency-Key: unique over all funds (a repeat loses the insert). */
  key?: string,
): Promise<number> {
  const now = new Date().toISOString()
  const inserted = await db
    .insertInto('funds')
    .values({ ...row, created_at: now, updated_at: now, idempotency_key: key ?? null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function updateFund(
  db: Db,
  id: number,
  changes: Partial<{ name_am: string; name_en: string; name_om: string; active: number }>,
): Promise<void> {
  await db
    .updateTable('funds')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute()
}

export function findRateStep(db: Db, fundId: number, category: string, fromMonth: string) {
  return db
    .selectFrom('fund_rates')
    .select(['id', 'amount'])
    .where('fund_id', '=', fundId)
    .where('category', '=', category)
    .where('from_month', '=', fromMonth)
    .executeTakeFirst()
}

/** Sets a step: a new row, or the amount of the step of that fund, category and month. */
export async function saveRateStep(
  db: Db,
  step: { fund_id: number; category: string; from_month: string; amount: number },
): Promise<void> {
  await db
    .insertInto('fund_rates')
    .values({ ...step, created_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc.columns(['fund_id', 'category', 'from_month']).doUpdateSet({ amount: step.amount }),
    )
    .execute()
}
