// Request and response shapes of the dues reports: collections, arrears, good standing and a
// member's yearly statement (issue 46). Each answers JSON, or .xlsx with format=xlsx.
import {
  type HouseholdStatementAnswer,
  MAX_DUES_YEAR,
  MIN_DUES_YEAR,
  type StatementAnswer,
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

export interface MonthSum {
  /** Ethiopian `YYYY-MM`; `YYYY-13` is Pagume. */
  month: string
  count: number
  amount: number
}

/** Valid payments received in an Ethiopian year, per fund and month of the day received. */
export interface Collections {
  year: number
  currency: string
  funds: {
    fund_id: number
    name_am: string
    name_en: string
    name_om: string
    kind: string
    months: MonthSum[]
    total: { count: number; amount: number }
  }[]
  /** Every fund together, month by month (thirteen: Pagume last). */
  months: MonthSum[]
  total: { count: number; amount: number }
}

export const ARREARS_SORTS = ['months_desc', 'months_asc', 'amount_desc', 'name'] as const
export type ArrearsSort = (typeof ARREARS_SORTS)[number]

export const arrearsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fund_id: id,
    owner,
    min_months: { type: 'integer', minimum: 1, maximum: 1200 },
    sort: { type: 'string', enum: [...ARREARS_SORTS] },
    cursor: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    ...download,
  },
} as const

export interface ArrearsQuery extends DownloadQuery {
  fund_id?: number
  owner?: string
  min_months?: number
  sort?: ArrearsSort
  cursor?: string
  limit?: number
}

const payerLine = {
  type: 'object',
  required: [
    'member_id',
    'first_name',
    'last_name',
    'owner_username',
    'phone',
    'months',
    'amount',
    'oldest_month',
  ],
  properties: {
    member_id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    owner_username: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    months: { type: 'integer' },
    amount: { type: 'integer' },
    oldest_month: { type: ['string', 'null'] },
  },
} as const

const reportHead = {
  fund_id: { type: 'integer' },
  currency: { type: 'string' },
  current_month: { type: 'string' },
  count: { type: 'integer' },
  next_cursor: { type: ['string', 'null'] },
}

export const arrearsResponse = {
  200: {
    type: 'object',
    required: ['fund_id', 'currency', 'current_month', 'count', 'amount', 'items', 'next_cursor'],
    properties: {
      ...reportHead,
      amount: { type: 'integer' },
      items: { type: 'array', items: payerLine },
    },
  },
} as const

/** One member's standing in a report: months and amount in arrears (ended months). */
export interface PayerLine {
  member_id: number
  first_name: string
  last_name: string
  owner_username: string | null
  phone: string | null
  months: number
  amount: number
  /** The oldest month still owed, or null. */
  oldest_month: string | null
}

interface ReportPage {
  fund_id: number
  currency: string
  current_month: string
  /** Lines matching the filter, all pages together. */
  count: number
  items: PayerLine[]
  next_cursor: string | null
}

export interface ArrearsReport extends ReportPage {
  /** What the matching lines owe together. */
  amount: number
}

export const goodStandingQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fund_id: id,
    owner,
    cursor: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    ...download,
  },
} as const

export interface GoodStandingQuery extends DownloadQuery {
  fund_id?: number
  owner?: string
  cursor?: string
  limit?: number
}

export const goodStandingResponse = {
  200: {
    type: 'object',
    required: ['fund_id', 'currency', 'current_month', 'count', 'rule', 'items', 'next_cursor'],
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

/** The voters' roll: members in good standing by the church's rule, by name. */
export interface GoodStandingReport extends ReportPage {
  rule: { kind: string; months: number }
}

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
