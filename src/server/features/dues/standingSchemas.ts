// Request and response shapes of a member's dues: strip, settings, waivers (issue 46).
import type { MemberDuesAnswer } from '../../../domain'
import { DUES_CATEGORIES } from '../../../domain'

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 }

export const memberDuesQuery = {
  type: 'object',
  properties: { fund_id: id, year: { type: 'integer', minimum: 1900, maximum: 2200 } },
} as const

export interface MemberDuesQuery {
  fund_id?: number
  year?: number
}

export type MemberDues = MemberDuesAnswer

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

export interface WaiverCreate {
  fund_id: number
  member_id?: number
  household_id?: number
  months: string[]
  reason: string
}

/** A member's dues standing: months, what is owed and paid (docs/api.md, Dues). */
export const memberDuesAnswer = {
  type: 'object',
  description: "The member's dues standing (docs/api.md, Dues)",
  additionalProperties: true,
} as const

export const memberDuesSettingsAnswer = {
  type: 'object',
  required: ['category', 'start_month'],
  properties: {
    category: { type: 'string' },
    start_month: { type: ['string', 'null'], description: 'yyyy-mm, or null' },
  },
} as const

export const waiverAnswer = {
  type: 'object',
  description: 'The waived months',
  required: ['fund_id', 'member_id', 'months'],
  properties: {
    fund_id: { type: 'integer' },
    member_id: { type: 'integer' },
    months: { type: 'array', items: { type: 'string' } },
  },
} as const
