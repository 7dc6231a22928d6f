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
import { arrayOf, integer, nullableText, record, text } from '../../plugins/schemas'
import { countAndAmount, positiveId as id, sumsBy } from './schemaParts'

export type {
  ArrearsReport,
  ArrearsSort,
  Collections,
  GoodStandingReport,
  MonthSum,
} from '../../../domain'

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

const sum = record(countAndAmount)
const monthSums = sumsBy('month', text)
/** A fund's names in the three languages, as the reports and statements name it. */
const fundNames = { name_am: text, name_en: text, name_om: text }

export const collectionsResponse = {
  200: record({
    year: integer,
    currency: text,
    funds: arrayOf(
      record({ fund_id: integer, ...fundNames, kind: text, months: monthSums, total: sum }),
    ),
    months: monthSums,
    total: sum,
  }),
} as const

/** Which payers' lines a report lists, a page at a time. */
const payerPage = {
  fund_id: id,
  owner,
  payer,
  cursor: { type: 'string', pattern: '^[1-9]\\d{0,8}$' },
  limit: { type: 'integer', minimum: 1, maximum: 500 },
}

export const arrearsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...payerPage,
    min_months: { type: 'integer', minimum: 1, maximum: 1200 },
    sort: { type: 'string', enum: [...ARREARS_SORTS] },
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
const payerLine = record(
  {
    member_id: integer,
    first_name: text,
    last_name: text,
    household_id: integer,
    name: text,
    owner_username: nullableText,
    phone: nullableText,
    months: integer,
    amount: integer,
    oldest_month: nullableText,
  },
  { optional: ['member_id', 'first_name', 'last_name', 'household_id', 'name'] },
)

const reportHead = {
  fund_id: integer,
  payer,
  currency: text,
  current_month: text,
  count: integer,
  next_cursor: nullableText,
}

export const arrearsResponse = {
  200: record({ ...reportHead, amount: integer, items: arrayOf(payerLine) }),
} as const

export const goodStandingQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...payerPage, ...download },
} as const

export interface GoodStandingQuery extends DownloadQuery {
  fund_id?: number
  payer?: 'member' | 'household'
  owner?: string
  cursor?: string
  limit?: number
}

export const goodStandingResponse = {
  200: record({
    ...reportHead,
    rule: record({ kind: text, months: integer }),
    items: arrayOf(payerLine),
  }),
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

const statementPayment = record({
  id: integer,
  receipt_number: text,
  fund_id: integer,
  amount: integer,
  method: text,
  received_on: text,
  months: arrayOf(text),
})

/** A statement's year, whoever it is of: each fund (a dues fund's twelve months) and payments. */
const statementYear = {
  year: integer,
  currency: text,
  funds: arrayOf(
    record({
      fund_id: integer,
      kind: text,
      ...fundNames,
      paid: integer,
      arrears: { ...record({ months: integer, amount: integer }), type: ['object', 'null'] },
      good_standing: { type: ['boolean', 'null'] },
      months: arrayOf(record({ month: text, due: integer, paid: integer, state: text })),
    }),
  ),
  payments: arrayOf(statementPayment),
}

export const statementResponse = {
  200: record({ member_id: integer, first_name: text, last_name: text, ...statementYear }),
} as const

/** GET /api/households/:id/statement: the member statement's shape, keyed by the household. */
export const householdStatementResponse = {
  200: record({ household_id: integer, name: text, ...statementYear }),
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
