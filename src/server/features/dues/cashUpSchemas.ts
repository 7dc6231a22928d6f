// Request and response shapes of the day's cash-up: GET /api/cash-up, POST /api/cash-up/close.
import { PAYMENT_METHODS } from '../../../domain'
import {
  arrayOf,
  integer,
  nullableInteger,
  nullableText,
  record,
  text,
} from '../../plugins/schemas'
import { countAndAmount, positiveId as id, sumsBy } from './schemaParts'

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }

/** Whose day: a clerk's own, or with user_id another's (for those who may see it). */
export const cashUpQuery = {
  type: 'object',
  required: ['day'],
  additionalProperties: false,
  properties: { day, user_id: id },
} as const

export interface CashUpQuery {
  day: string
  user_id?: number
}

const count = { type: 'integer', minimum: 0, maximum: 2147483647 }

/**
 * The same fields, in the body: the day to close and, for an admin, whose; with the count and
 * total of valid payments the closer was shown, the close is refused when the day has changed.
 */
export const cashUpCloseBody = {
  ...cashUpQuery,
  properties: {
    ...cashUpQuery.properties,
    expected_count: count,
    expected_total: { ...count, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const

export interface CashUpClose extends CashUpQuery {
  expected_count?: number
  expected_total?: number
}

const cashUpPayment = record({
  id: integer,
  receipt_number: text,
  fund_id: integer,
  member_id: nullableInteger,
  household_id: nullableInteger,
  payer_name: nullableText,
  amount: integer,
  method: text,
  reference: nullableText,
  status: { type: 'string', enum: ['valid', 'void'] },
})

const cashUpClerk = record({
  user_id: integer,
  username: text,
  closed: {
    ...record({ at: text, by: text, payment_count: integer, total: integer }),
    type: ['object', 'null'],
  },
  payments: arrayOf(cashUpPayment),
  total: record(countAndAmount),
  by_method: sumsBy('method', { type: 'string', enum: [...PAYMENT_METHODS] }),
  by_fund: sumsBy('fund_id', integer),
})

export const cashUpResponse = {
  200: record({ day: text, currency: text, clerks: arrayOf(cashUpClerk) }),
} as const

export const cashUpCloseResponse = { 200: cashUpClerk } as const

export type { CashUp, CashUpClerk, CashUpTotal } from '../../../domain'
