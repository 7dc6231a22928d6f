// Request and response shapes of sign-in, sign-out and the account's own calls (docs/api.md).
import { ROLES } from '../../../domain'
import {
  answers,
  boolean,
  integer,
  NO_BODY,
  noContent,
  PUBLIC,
  record,
  text,
} from '../../plugins/schemas'

const me = record({
  id: integer,
  username: text,
  role: { type: 'string', enum: [...ROLES] },
  must_change_password: boolean,
})

export const loginSchema = {
  ...PUBLIC,
  summary: 'Sign in: a bearer token for the other calls',
  body: {
    type: 'object',
    required: ['username', 'password'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 100 },
      password: { type: 'string', minLength: 1, maxLength: 1000 },
    },
  },
  response: answers({
    200: record({ success: { type: 'boolean', enum: [true] }, token: text, user: me }),
  }),
} as const

export const meSchema = {
  summary: 'The signed-in account',
  response: answers({ 200: me }),
} as const

export const logoutSchema = {
  ...NO_BODY,
  summary: "Sign out: this token's session ends on the server",
  response: answers({ 204: noContent }),
} as const

export const passwordSchema = {
  summary: 'Change the own password (also the forced change after a reset)',
  body: {
    type: 'object',
    required: ['current_password', 'new_password'],
    properties: {
      current_password: { type: 'string', maxLength: 1000 },
      new_password: { type: 'string', maxLength: 10_000 },
    },
  },
  response: answers({ 204: noContent }),
} as const
