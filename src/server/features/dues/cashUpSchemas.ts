// Request and response shapes of the day's cash-up: GET /api/cash-up, POST /api/cash-up/close.
import { PAYMENT_METHODS } from '../../../domain'

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 }
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }
const nullableString = { type: ['string', 'null'] }
const nullableId = { type: ['integer', 'null'] }

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

export const cashUpCloseBody = {
  type: 'object',
  required: ['day'],
  additionalProperties: false,
  properties: { day, user_id: id },
} as const

export type CashUpClose = CashUpQuery

const total = {
  type: 'object',
  required: ['count', 'amount'],
  properties: { count: { type: 'integer' }, amount: { type: 'integer' } },
} as const

const cashUpPayment = {
  type: 'object',
  required: [
    'id',
    'receipt_number',
    'fund_id',
    'member_id',
    'household_id',
    'payer_name',
    'amount',
    'method',
    'reference',
    'status',
  ],
  properties: {
    id: { type: 'integer' },
    receipt_number: { type: 'string' },
    fund_id: { type: 'integer' },
    member_id: nullableId,
    household_id: nullableId,
    payer_name: nullableString,
    amount: { type: 'integer' },
    method: { type: 'string' },
    reference: nullableString,
    status: { type: 'string', enum: ['valid', 'void'] },
  },
} as const

const cashUpClerk = {
  type: 'object',
  required: ['user_id', 'username', 'closed', 'payments', 'total', 'by_method', 'by_fund'],
  properties: {
    user_id: { type: 'integer' },
    username: { type: 'string' },
    closed: {
      type: ['object', 'null'],
      required: ['at', 'by', 'payment_count', 'total'],
      properties: {
        at: { type: 'string' },
        by: { type: 'string' },
        payment_count: { type: 'integer' },
        total: { type: 'integer' },
      },
    },
    payments: { type: 'array', items: cashUpPayment },
    total,
    by_method: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'count', 'amount'],
        properties: {
          method: { type: 'string', enum: [...PAYMENT_METHODS] },
          count: { type: 'integer' },
          amount: { type: 'integer' },
        },
      },
    },
    by_fund: {
      type: 'array',
      items: {
        type: 'object',
        required: ['fund_id', 'count', 'amount'],
        properties: {
          fund_id: { type: 'integer' },
          count: { type: 'integer' },
          amount: { type: 'integer' },
        },
      },
    },
  },
} as const

export const cashUpResponse = {
  200: {
    type: 'object',
    required: ['day', 'currency', 'clerks'],
    properties: {
      day: { type: 'string' },
      currency: { type: 'string' },
      clerks: { type: 'array', items: cashUpClerk },
    },
  },
} as const

export const cashUpCloseResponse = { 200: cashUpClerk } as const

export type { CashUp, CashUpClerk, CashUpTotal } from '../../../domain'
