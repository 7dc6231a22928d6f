// Request and response shapes of the account calls: the transfer picker and the Accounts screen.
import { ROLES } from '../../../domain'
import {
  answers,
  arrayOf,
  boolean,
  idempotencyHeaders,
  idParams,
  integer,
  NO_BODY,
  record,
  removalSchema,
  text,
  timestamp,
} from '../../plugins/schemas'

const role = { type: 'string', enum: [...ROLES] } as const

const account = record({
  id: integer,
  username: text,
  disabled: boolean,
  created_at: timestamp,
  role,
  must_change_password: boolean,
  last_login_at: { type: ['string', 'null'], description: 'ISO 8601; null: never signed in' },
  member_count: integer,
})

export const usersSchema = {
  summary: 'Enabled accounts by name (purpose=transfer: those who may own members, not me)',
  querystring: {
    type: 'object',
    properties: {
      purpose: { type: 'string', maxLength: 40, description: 'transfer' },
      search: { type: 'string', maxLength: 100 },
    },
  },
  response: answers({ 200: arrayOf(record({ id: integer, username: text })) }),
} as const

export const accountListSchema = {
  summary: 'Every account, with how many members each owns',
  response: answers({ 200: arrayOf(account) }),
} as const

export const accountCreateSchema = {
  summary: 'Create an account; its temporary password is shown once',
  // A repeat answers 201 too: a new one-time password, not the first answer (kept only hashed).
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['username'],
    properties: { username: { type: 'string', maxLength: 200 }, role },
  },
  response: answers({ 201: record({ user: account, temporary_password: text }) }),
} as const

export const accountUpdateSchema = {
  summary: "Change an account's role, or disable or enable it",
  params: idParams('id'),
  body: {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: { role, disabled: { type: 'boolean' } },
  },
  response: answers({ 200: account }),
} as const

export const resetPasswordSchema = {
  ...NO_BODY,
  summary: 'A new temporary password, to be changed at the next sign-in',
  params: idParams('id'),
  response: answers({ 200: record({ temporary_password: text }) }),
} as const

export const transferAllSchema = {
  summary: 'Hand every member of this account to another account',
  params: idParams('id'),
  body: {
    type: 'object',
    required: ['target_user_id'],
    properties: { target_user_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
  response: answers({ 200: record({ moved: integer }) }),
} as const

export const accountRemoveSchema = removalSchema('Remove an account that owns no members')
