// Request and response shapes of the dues reports: collections, arrears, good standing and a
// member's yearly statement (issue 46). Each answers JSON, or .xlsx with format=xlsx.
import {
  ARREARS_SORTS,
  type ArrearsSort,
  type HouseholdStatementAnswer,
  MAX_DUES_YEAR,
  MIN_DUES_YEAR,
  type StatementAnswer,
} from '../../../domain'

export type {
  ArrearsReport,
  ArrearsSort,
  Collections,
  GoodStandingReport,
  MonthSum,
} from '../../../domain'

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 }
const year = { type: 'integer', minimum: MIN_DUES_YEAR, maximum: MAX_DUES_YEAR }
/** Who asks for a spreadsheet, in which language and calendar (as the other downloads). */
const download = {
  format: { type: 'string', enum: ['json', 'xlsx'] },
  lang: { type: 'string', enum: ['en', 'am', 'om'] },
  calendar: { type: 'string', enum: ['gregorian', 'ethiopian'] },
}
/** `all`, `mine` or an account id; clerks always get their own (policy ownerScope). */
const owner = { type: 'string', pattern: '^(all|mine|[1-9]\\d{0,8})$' }
const payer = { type: 'string', enum: ['member', 'household'] }

export interface DownloadQuery {
  format?: 'json' | 'xlsx'
  lang?: 'en' | 'am' | 'om'
  calendar?: 'gregorian' | 'ethiopian'
}

export const collectionsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { year, fund_id: id, owner, ...download },
} as const

export interface CollectionsQuery extends DownloadQuery {
  year?: number
  fund_id?: number
  owner?: string
}

const sum = {
  type: 'object',
  required: ['count', 'amount'],
  properties: { count: { type: 'integer' }, amount: { type: 'integer' } },
} as const

const monthSums = {
  type: 'array',
  items: {
    type: 'object',
    required: ['month', 'count', 'amount'],
    properties: {
      month: { type: 'string' },
      count: { type: 'integer' },
      amount: { type: 'integer' },
    },
  },
} as const

export const collectionsResponse = {
  200: {
    type: 'object',
    required: ['year', 'currency', 'funds', 'months', 'total'],
    properties: {
      year: { type: 'integer' },
      currency: { type: 'string' },
      funds: {
        type: 'array',
        items: {
          type: 'object',
          required: ['fund_id', 'name_am', 'name_en', 'name_om', 'kind', 'months', 'total'],
          properties: {
            fund_id: { type: 'integer' },
            name_am: { type: 'string' },
            name_en: { type: 'string' },
            name_om: { type: 'string' },
            kind: { type: 'string' },
            months: monthSums,
            total: sum,
          },
        },
      },
      months: monthSums,
      total: sum,
    },
  },
} as const

export const arrearsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fund_id: id,
    owner,
    min_months: { type: 'integer', minimum: 1, maximum: 1200 },
    sort: { type: 'string', enum: [...ARREARS_SORTS] },
    payer,
    cursor: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    ...download,
  },
} as const

export interface ArrearsQuery extends DownloadQuery {
  fund_id?: number
  /** Whose report without fund_id: the first active fund paid per member or per household. */
  payer?: 'member' | 'household'
  owner?: string
  min_months?: number
  sort?: ArrearsSort
  cursor?: string
  limit?: number
}

/** A member's line (member_id, names) or, for a per-household fund, a household's (name). */
const payerLine = {
  type: 'object',
  required: ['owner_username', 'phone', 'months', 'amount', 'oldest_month'],
  properties: {
    member_id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    household_id: { type: 'integer' },
    name: { type: 'string' },
    owner_username: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    months: { type: 'integer' },
    amount: { type: 'integer' },
    oldest_month: { type: ['string', 'null'] },
  },
} as const

const reportHead = {
  fund_id: { type: 'integer' },
  payer,
  currency: { type: 'string' },
  current_month: { type: 'string' },
  count: { type: 'integer' },
  next_cursor: { type: ['string', 'null'] },
}

export const arrearsResponse = {
  200: {
    type: 'object',
    required: [
      'fund_id',
      'payer',
      'currency',
      'current_month',
      'count',
      'amount',
      'items',
      'next_cursor',
    ],
    properties: {
      ...reportHead,
      amount: { type: 'integer' },
      items: { type: 'array', items: payerLine },
    },
  },
} as const

export const goodStandingQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fund_id: id,
    owner,
    payer,
    cursor: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    ...download,
  },
} as const

export interface GoodStandingQuery extends DownloadQuery {
  fund_id?: number
  payer?: 'member' | 'household'
  owner?: string
  cursor?: string
  limit?: number
}

export const goodStandingResponse = {
  200: {
    type: 'object',
    required: [
      'fund_id',
      'payer',
      'currency',
      'current_month',
      'count',
      'rule',
      'items',
      'next_cursor',
    ],
    properties: {
      ...reportHead,
      rule: {
        type: 'object',
        required: ['kind', 'months'],
        properties: { kind: { type: 'string' }, months: { type: 'integer' } },
      },
      items: { type: 'array', items: payerLine },
    },
  },
} as const

export const statementParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id },
} as const

export const statementQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { year, ...download },
} as const

export interface StatementQuery extends DownloadQuery {
  year?: number
}

const statementPayment = {
  type: 'object',
  required: ['id', 'receipt_number', 'fund_id', 'amount', 'method', 'received_on', 'months'],
  properties: {
    id: { type: 'integer' },
    receipt_number: { type: 'string' },
    fund_id: { type: 'integer' },
    amount: { type: 'integer' },
    method: { type: 'string' },
    received_on: { type: 'string' },
    months: { type: 'array', items: { type: 'string' } },
  },
} as const

/** A statement's funds: what was paid into each, and a dues fund's twelve months. */
const statementFunds = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'fund_id',
      'kind',
      'name_am',
      'name_en',
      'name_om',
      'paid',
      'months',
      'arrears',
      'good_standing',
    ],
    properties: {
      fund_id: { type: 'integer' },
      kind: { type: 'string' },
      name_am: { type: 'string' },
      name_en: { type: 'string' },
      name_om: { type: 'string' },
      paid: { type: 'integer' },
      arrears: {
        type: ['object', 'null'],
        required: ['months', 'amount'],
        properties: { months: { type: 'integer' }, amount: { type: 'integer' } },
      },
      good_standing: { type: ['boolean', 'null'] },
      months: {
        type: 'array',
        items: {
          type: 'object',
          required: ['month', 'due', 'paid', 'state'],
          properties: {
            month: { type: 'string' },
            due: { type: 'integer' },
            paid: { type: 'integer' },
            state: { type: 'string' },
          },
        },
      },
    },
  },
} as const

export const statementResponse = {
  200: {
    type: 'object',
    required: ['member_id', 'first_name', 'last_name', 'year', 'currency', 'funds', 'payments'],
    properties: {
      member_id: { type: 'integer' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      year: { type: 'integer' },
      currency: { type: 'string' },
      funds: statementFunds,
      payments: { type: 'array', items: statementPayment },
    },
  },
} as const

/** GET /api/households/:id/statement: the member statement's shape, keyed by the household. */
export const householdStatementResponse = {
  200: {
    type: 'object',
    required: ['household_id', 'name', 'year', 'currency', 'funds', 'payments'],
    properties: {
      household_id: { type: 'integer' },
      name: { type: 'string' },
      year: { type: 'integer' },
      currency: { type: 'string' },
      funds: statementFunds,
      payments: { type: 'array', items: statementPayment },
    },
  },
} as const

/** A member's year (the shape is the client's too: src/domain). */
export type Statement = StatementAnswer

/** A household's year, as Statement is a member's: per-household dues funds and its gifts. */
export type HouseholdStatement = HouseholdStatementAnswer

/** GET /api/stats's `dues`: this Ethiopian month's collections and members in arrears. */
export interface DuesDashboard {
  currency: string
  /** Ethiopian `YYYY-MM` (`YYYY-13` in Pagume). */
  month: string
  collected: number
  payments: number
  /** Members with an ended month unpaid; null when no per-member dues fund is active. */
  members_in_arrears: number | null
}
