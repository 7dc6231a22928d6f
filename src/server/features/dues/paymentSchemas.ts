// Request and response shapes of /api/payments and /api/receipts (issue 46).
import { MAX_PAYMENT_MINOR, PAYMENT_METHODS, type PaymentInput } from '../../../domain'
import { positiveId as id } from './schemaParts'

export const paymentCreateBody = {
  type: 'object',
  required: ['fund_id', 'amount', 'method', 'received_on'],
  properties: {
    fund_id: id,
    member_id: id,
    household_id: id,
    amount: { type: 'integer', minimum: 1, maximum: MAX_PAYMENT_MINOR },
    method: { type: 'string', enum: [...PAYMENT_METHODS] },
    reference: { type: 'string', maxLength: 100 },
    received_on: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    months: { type: 'array', maxItems: 60, items: { type: 'string', maxLength: 7 } },
  },
} as const

export type PaymentCreate = PaymentInput

export const paymentListQuery = {
  type: 'object',
  properties: {
    member_id: id,
    household_id: id,
    fund_id: id,
    from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    to: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    cursor: { type: 'string', pattern: '^[1-9]\\d{0,9}$' },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
  },
} as const

export interface PaymentListQuery {
  member_id?: number
  household_id?: number
  fund_id?: number
  from?: string
  to?: string
  cursor?: string
  limit?: number
}

export const voidBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } },
} as const

export const verifyParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,40}$' } },
} as const

export type { Payment, PaymentPage, ReceiptCheck } from '../../../domain'

const nullableId = { type: ['integer', 'null'] } as const
const nullableText = { type: ['string', 'null'] } as const

const paymentProperties = {
  id: { type: 'integer' },
  receipt_number: { type: 'string' },
  fund_id: { type: 'integer' },
  member_id: nullableId,
  household_id: nullableId,
  payer_name: { ...nullableText, description: "The payer's name now; null once deleted" },
  amount: { type: 'integer', description: 'Minor units' },
  currency: { type: 'string' },
  method: { type: 'string', enum: [...PAYMENT_METHODS] },
  reference: nullableText,
  received_on: { type: 'string', description: 'yyyy-mm-dd' },
  received_by: { type: 'string' },
  created_at: { type: 'string' },
  status: { type: 'string', enum: ['valid', 'void'] },
  voided_at: nullableText,
  void_reason: nullableText,
  allocations: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['month', 'amount'],
      properties: { month: { type: 'string' }, amount: { type: 'integer' } },
    },
  },
  verify_path: { type: 'string', description: "The receipt check's address (the QR code)" },
} as const

/** A payment as the API answers it (Payment above): every field, so none is dropped. */
export const paymentAnswer = {
  type: 'object',
  additionalProperties: false,
  // Every field is always sent: null where it has no value.
  required: Object.keys(paymentProperties),
  properties: paymentProperties,
} as const

export const paymentPageAnswer = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: { items: { type: 'array', items: paymentAnswer }, next_cursor: nullableText },
} as const

export const receiptCheckAnswer = {
  type: 'object',
  description: 'The receipt, and of the payer only initials',
  additionalProperties: false,
  required: ['receipt_number', 'amount', 'currency', 'received_on', 'status', 'payer_initials'],
  properties: {
    receipt_number: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    received_on: { type: 'string' },
    status: { type: 'string', enum: ['valid', 'void'] },
    payer_initials: { type: 'string' },
  },
} as const
