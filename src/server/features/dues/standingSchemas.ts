// Request and response shapes of a member's and a household's dues: strip, settings, waivers
// (issue 46).
import type { HouseholdDuesAnswer, MemberDuesAnswer } from '../../../domain'
import { DUES_CATEGORIES } from '../../../domain'
import { positiveId as id } from './schemaParts'

export const memberDuesQuery = {
  type: 'object',
  properties: { fund_id: id, year: { type: 'integer', minimum: 1900, maximum: 2200 } },
} as const

export interface MemberDuesQuery {
  fund_id?: number
  year?: number
}

export type MemberDues = MemberDuesAnswer

export type HouseholdDues = HouseholdDuesAnswer

const month = { type: 'string', pattern: '^\\d{4}-\\d{2}$' }
const minor = { type: 'integer', minimum: 0 }

/** A payer's year of dues (MemberDuesAnswer, HouseholdDuesAnswer): every field, none dropped. */
const duesYearAnswer = (payer: 'member_id' | 'household_id') =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [
      payer,
      'fund_id',
      'year',
      'currency',
      'start_month',
      'start_month_set',
      'category',
      'current_month',
      'months',
      'arrears',
      'good_standing',
      'rule',
    ],
    properties: {
      [payer]: id,
      fund_id: id,
      year: { type: 'integer' },
      currency: { type: 'string' },
      start_month: month,
      start_month_set: { type: 'boolean' },
      category: { type: 'string' },
      current_month: month,
      months: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['month', 'due', 'paid', 'state'],
          properties: {
            month,
            due: minor,
            paid: minor,
            state: {
              type: 'string',
              enum: ['paid', 'partial', 'unpaid', 'waived', 'not_due', 'none'],
            },
          },
        },
      },
      arrears: {
        type: 'object',
        additionalProperties: false,
        required: ['months', 'amount'],
        properties: { months: minor, amount: minor },
      },
      good_standing: { type: 'boolean' },
      rule: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'months'],
        properties: {
          kind: { type: 'string', enum: ['max_unpaid', 'last_paid'] },
          months: { type: 'integer', minimum: 0 },
        },
      },
    },
  }) as const

export const householdDuesResponse = { 200: duesYearAnswer('household_id') } as const

export const duesSettingsResponse = {
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['category', 'start_month'],
    properties: {
      category: { type: 'string' },
      start_month: { type: ['string', 'null'] },
    },
  },
} as const

export const memberDuesSettingsBody = {
  type: 'object',
  properties: {
    category: { type: 'string', enum: ['', ...DUES_CATEGORIES] },
    start_month: { type: ['string', 'null'], maxLength: 7 },
  },
} as const

export interface MemberDuesSettings {
  category?: string
  start_month?: string | null
}

export const waiverBody = {
  type: 'object',
  required: ['fund_id', 'months', 'reason'],
  properties: {
    fund_id: id,
    member_id: id,
    household_id: id,
    months: { type: 'array', minItems: 1, maxItems: 120, items: { type: 'string', maxLength: 7 } },
    reason: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const

export const waiverResponse = {
  201: {
    type: 'object',
    additionalProperties: false,
    required: ['fund_id', 'member_id', 'household_id', 'months'],
    properties: {
      fund_id: id,
      member_id: { type: ['integer', 'null'] },
      household_id: { type: ['integer', 'null'] },
      months: { type: 'array', items: month },
    },
  },
} as const

export interface WaiverCreate {
  fund_id: number
  member_id?: number
  household_id?: number
  months: string[]
  reason: string
}

/** A member's dues standing: months, what is owed and paid (docs/api.md, Dues). */
export const memberDuesAnswer = {
  ...duesYearAnswer('member_id'),
  description: "The member's dues standing (docs/api.md, Dues)",
} as const

export const memberDuesSettingsAnswer = {
  type: 'object',
  required: ['category', 'start_month'],
  properties: {
    category: { type: 'string' },
    start_month: { type: ['string', 'null'], description: 'yyyy-mm, or null' },
  },
} as const
