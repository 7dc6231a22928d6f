// Pieces the dues schemas share (reports, cash-up): request ids and the count-and-amount sums.
import { MAX_ID } from '../../plugins/inputGuard'
import { arrayOf, integer, record } from '../../plugins/schemas'

/** A row id in a request's query or body. */
export const positiveId = { type: 'integer', minimum: 1, maximum: MAX_ID } as const

/** How many payments, and their amount in minor units. */
export const countAndAmount = { count: integer, amount: integer }

/** A sum a row per `key` (a month, a method, a fund). */
export const sumsBy = <K extends string, S extends object>(key: K, schema: S) =>
  arrayOf(record({ [key]: schema, ...countAndAmount } as Record<K, S> & typeof countAndAmount))
