// Request and response shapes of the member calls (docs/api.md, ARCHITECTURE.md §3).
import {
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  ENUM_FIELDS,
  HOUSEHOLD_ROLES,
  LIST_FIELDS,
  TEXT_FIELDS,
} from '../../../domain'
import {
  answers,
  boolean,
  fileAnswer,
  idempotencyHeaders,
  idParams,
  integer,
  memberNames,
  nullableInteger,
  nullableText,
  PUBLIC,
  record,
  removalSchema,
  text,
  timestamp,
} from '../../plugins/schemas'

const fieldsOf = (names: readonly string[], schema: object) =>
  Object.fromEntries(names.map((name) => [name, schema]))

/** Who owns another account's member: only on answers to an admin or auditor (issue 25). */
const ownerFields = { owner_user_id: integer, owner_username: nullableText }

/**
 * A member as every call answers it: the form's fields (from the domain's lists, so a field
 * the form gains is listed with it) and the server's own. Closed: members.test.ts checks that
 * it answers every column of the member's row but the search index's own.
 */
export const memberRecord = {
  type: 'object',
  description: 'A member (spec 3.1): every field of the form, and those the server sets',
  required: ['id', 'first_name', 'last_name'],
  properties: {
    id: integer,
    ...fieldsOf(TEXT_FIELDS, nullableText),
    ...fieldsOf(DATE_FIELDS, { type: ['string', 'null'], description: 'yyyy-mm-dd' }),
    ...fieldsOf(LIST_FIELDS, { type: 'array', items: text }),
    ...fieldsOf(BOOLEAN_FIELDS, boolean),
    ...fieldsOf(ENUM_FIELDS, { type: ['string', 'null'], description: 'An enumeration key' }),
    photo_path: { type: ['string', 'null'], description: 'uploads/<name>, served at /uploads/' },
    thumbnail_path: nullableText,
    registerd_by: nullableText,
    transfer_date: { type: ['string', 'null'], description: 'yyyy-mm-dd' },
    created_at: timestamp,
    updated_at: timestamp,
    household_id: nullableInteger,
    household_role: { type: ['string', 'null'], enum: [...HOUSEHOLD_ROLES, null] },
    ...ownerFields,
  },
  additionalProperties: false,
} as const

/** A row of the list and of a search (spec 2.6): the fields the list shows and matches on. */
const listItem = {
  type: 'object',
  required: ['id'],
  properties: {
    ...memberNames,
    gender: nullableText,
    phone_primary: nullableText,
    email: nullableText,
    membership_status: nullableText,
    transfer_date: nullableText,
    photo_path: nullableText,
    thumbnail_path: nullableText,
    // Text searches only: other people's names on the profile (issue 28).
    christian_name: nullableText,
    spouse_name: nullableText,
    parent_guardian: nullableText,
    emergency_contact_name: nullableText,
    ...ownerFields,
  },
  additionalProperties: false,
} as const

const SEARCH_FILTERS = {
  q: { type: 'string', maxLength: 200, description: 'Text to find in names and other fields' },
  status: { type: 'string', maxLength: 40, description: 'A membership status key, or all' },
  owner: { type: 'string', maxLength: 20, description: 'mine (default), all, or an account id' },
} as const

/**
 * A member's form: JSON or multipart (with a `photo` file part). It documents; the route checks
 * each field itself (per-field message keys), so its routes set attachValidation and the
 * schema's verdict is not what answers.
 */
const memberForm = {
  type: 'object',
  description:
    "The member's fields (spec 3.1; list fields as JSON text in a form). The server checks " +
    'each field itself and answers a 400 with per-field message keys.',
  properties: fieldsOf(
    [...TEXT_FIELDS, ...DATE_FIELDS, ...LIST_FIELDS, ...BOOLEAN_FIELDS, ...ENUM_FIELDS],
    {},
  ),
} as const
const memberBody = {
  content: {
    'application/json': { schema: memberForm },
    'multipart/form-data': {
      schema: {
        ...memberForm,
        properties: {
          ...memberForm.properties,
          photo: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP' },
        },
      },
    },
  },
} as const

export const memberListSchema = {
  summary: "The caller's members, all of them (streamed JSON array)",
  querystring: { type: 'object', properties: { owner: SEARCH_FILTERS.owner } },
  // Streamed as it is read, so never serialised by this schema: it documents the array.
  response: answers({ 200: { type: 'array', items: memberRecord } }),
} as const

export const memberSearchSchema = {
  summary: 'A page of a member search',
  querystring: {
    type: 'object',
    properties: {
      ...SEARCH_FILTERS,
      limit: { type: 'integer', minimum: 1, description: 'At most 200; 50 if absent' },
      cursor: { type: 'string', maxLength: 200 },
      count: { type: 'boolean', description: 'false: total is null (decision 0142)' },
    },
  },
  response: answers({
    200: record({
      items: { type: 'array', items: listItem },
      total: nullableInteger,
      total_capped: boolean,
      next_cursor: nullableText,
    }),
  }),
} as const

export const memberCountSchema = {
  summary: 'The total of a search asked for uncounted',
  querystring: { type: 'object', properties: SEARCH_FILTERS },
  response: answers({ 200: record({ total: integer, total_capped: boolean }) }),
} as const

export const memberReadSchema = {
  summary: 'One member',
  params: idParams('id'),
  response: answers({ 200: memberRecord }),
} as const

export const memberRegisterSchema = {
  summary: 'Register a member',
  headers: idempotencyHeaders,
  body: memberBody,
  response: answers({
    200: { ...memberRecord, description: 'A repeat of an answered Idempotency-Key' },
    201: memberRecord,
  }),
} as const

export const memberUpdateSchema = {
  summary: 'Save a member (the fields sent; a photo part replaces the photo)',
  params: idParams('id'),
  body: memberBody,
  response: answers({ 200: memberRecord }),
} as const

export const memberDeleteSchema = removalSchema('Delete a member (kept 30 days in the restore bin)')

export const memberTransferSchema = {
  summary: 'Give a member to another account',
  params: idParams('id'),
  body: {
    type: 'object',
    description: 'Checked by the route: a clear 400 for a missing or unknown account',
    properties: {
      targetUserId: { description: 'The account id, as a number or numeric text' },
      with_household: { description: 'true: the head takes the household along' },
    },
  },
  response: answers({
    200: record({ success: { type: 'boolean', enum: [true] }, member: memberRecord }),
  }),
} as const

const uploadName = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', description: 'The file name of photo_path' } },
} as const

export const uploadSchema = {
  ...PUBLIC,
  summary: "A member's photo or thumbnail (the name's random bits are the capability)",
  params: uploadName,
  headers: { type: 'object', properties: { 'if-none-match': { type: 'string' } } },
  response: answers({
    200: fileAnswer('The JPEG', ['image/jpeg']),
    304: { type: 'null', description: 'Not modified: the cached copy stands' },
  }),
} as const
