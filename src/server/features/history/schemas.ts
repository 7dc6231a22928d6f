// Request and response shapes of the history calls (docs/roles-and-history.md).
import { AUDIT_ACTIONS } from '../../../domain'
import {
  answers,
  arrayOf,
  fileAnswer,
  idParams,
  integer,
  nullableInteger,
  nullableText,
  record,
  SPREADSHEET_TYPES,
  text,
  timestamp,
} from '../../plugins/schemas'
import { DOWNLOAD_QUERY_PROPERTIES } from '../imports'

const DATE = '^\\d{4}-\\d{2}-\\d{2}$'
const FILTERS = {
  actor: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'An account id' },
  action: { type: 'string', enum: [...AUDIT_ACTIONS] },
  member_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  from: { type: 'string', pattern: DATE, description: 'yyyy-mm-dd, whole UTC days, inclusive' },
  to: { type: 'string', pattern: DATE, description: 'yyyy-mm-dd, whole UTC days, inclusive' },
  member_name: {
    type: 'string',
    maxLength: 100,
    description: "Words that must all be in the member's current name",
  },
  hide_sign_ins: { type: 'boolean', description: 'Leave out signing in and out' },
} as const

/** The details the history screen reads (src/domain/audit.ts), by what each is. */
const DETAILS_READ = {
  changes: 'An update: field → [before, after]',
  fields: 'A creation: field → value',
  from_username: 'A transfer: the earlier owner',
  to_username: 'A transfer: the new owner',
  first_name: 'A deleted or restored member',
  last_name: 'A deleted or restored member',
  username: 'An account event: the account',
  name: 'A household event: the household',
}

const event = record(
  {
    seq: integer,
    at: timestamp,
    actor_id: nullableInteger,
    actor_username: nullableText,
    action: text,
    member_id: nullableInteger,
    member_name: {
      ...nullableText,
      description: "The member's name, where the reader may see them",
    },
    subject_user_id: nullableInteger,
    details: {
      type: 'object',
      description: "What changed (the action's own fields; member updates: before and after)",
      // The fields the history screen reads, untyped so that none is coerced. Open: each action
      // records its own fields, hash-chained as recorded, and the answer must not drop one.
      properties: Object.fromEntries(
        Object.entries(DETAILS_READ).map(([field, description]) => [field, { description }]),
      ),
      additionalProperties: true,
    },
  },
  { optional: ['member_name'] },
)

export const memberHistorySchema = {
  summary: "One member's history, newest first",
  params: idParams('id'),
  response: answers({ 200: record({ items: arrayOf(event) }) }),
} as const

export const auditSchema = {
  summary: 'A page of the whole history, newest first, with filters',
  querystring: {
    type: 'object',
    properties: {
      ...FILTERS,
      cursor: { type: 'string', pattern: '^\\d{1,10}$' },
      limit: { type: 'integer', minimum: 1, description: 'At most 200; 50 if absent' },
    },
  },
  response: answers({ 200: record({ items: arrayOf(event), next_cursor: nullableText }) }),
} as const

export const auditHeadSchema = {
  summary: "The chain's head: how many events and the last one's hash (an anchor for paper)",
  response: answers({ 200: record({ count: integer, hash: text }) }),
} as const

// A function: the imports feature's part is read once every feature module has loaded.
export const auditExportSchema = () =>
  ({
    summary: 'The history with the same filters, as CSV or XLSX',
    querystring: {
      type: 'object',
      properties: {
        ...FILTERS,
        ...DOWNLOAD_QUERY_PROPERTIES,
        tz: {
          type: 'string',
          maxLength: 64,
          description: 'A time zone such as Africa/Addis_Ababa',
        },
      },
    },
    response: answers({ 200: fileAnswer('The history as a spreadsheet', SPREADSHEET_TYPES) }),
  }) as const
