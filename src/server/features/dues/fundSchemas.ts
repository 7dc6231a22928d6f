// Request and response shapes of /api/funds (issue 46).
import { DUES_CATEGORIES, FUND_KINDS, FUND_PAYERS, MAX_PAYMENT_MINOR } from '../../../domain'
import { positiveId } from './schemaParts'

export type { Fund } from '../../../domain'

const name = { type: 'string', maxLength: 200 }

export const fundCreateBody = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: [...FUND_KINDS] },
    payer: { type: 'string', enum: [...FUND_PAYERS] },
    name_am: name,
    name_en: name,
    name_om: name,
    active: { type: 'boolean' },
  },
} as const

export const fundUpdateBody = {
  type: 'object',
  properties: { name_am: name, name_en: name, name_om: name, active: { type: 'boolean' } },
} as const

export const rateBody = {
  type: 'object',
  required: ['amount', 'from_month'],
  properties: {
    amount: { type: 'integer', minimum: 0, maximum: MAX_PAYMENT_MINOR },
    from_month: { type: 'string', maxLength: 7 },
    category: { type: 'string', enum: ['', ...DUES_CATEGORIES] },
  },
} as const

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: positiveId },
} as const

export interface FundCreate {
  kind: 'dues' | 'gift'
  payer?: 'member' | 'household'
  name_am?: string
  name_en?: string
  name_om?: string
  active?: boolean
}
export type FundUpdate = Partial<Pick<FundCreate, 'name_am' | 'name_en' | 'name_om' | 'active'>>
export interface RateCreate {
  amount: number
  from_month: string
  category?: string
}

/** A fund as the API answers it (Fund above): every field, so none is dropped. */
export const fundAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'payer', 'name_am', 'name_en', 'name_om', 'active', 'rates'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: [...FUND_KINDS] },
    payer: { type: 'string', enum: [...FUND_PAYERS] },
    name_am: { type: 'string' },
    name_en: { type: 'string' },
    name_om: { type: 'string' },
    active: { type: 'boolean' },
    rates: {
      type: 'array',
      description: "Every rate step, oldest first per category ('' the standard rate)",
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'from_month', 'amount'],
        properties: {
          category: { type: 'string' },
          from_month: { type: 'string' },
          amount: { type: 'integer', description: 'Minor units' },
        },
      },
    },
  },
} as const
