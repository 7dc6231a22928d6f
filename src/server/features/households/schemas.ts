// The JSON schemas of the household routes. Bodies are checked field by field in the domain's
// parseHouseholdInput (clear per-field errors); these bound the query and the body's shape.
const text = { type: ['string', 'null'] } as const

export const listQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    cursor: { type: 'string', maxLength: 20 },
    limit: { type: 'integer', minimum: 1 },
    owner: { type: 'string', maxLength: 20 },
  },
} as const

export const householdBody = {
  type: 'object',
  properties: {
    name: text,
    number: text,
    state: text,
    city: text,
    sub_city: text,
    woreda: text,
    kebele: text,
    house_number: text,
    street_address: text,
    zip_code: text,
    home_phone: text,
    wedding_date: text,
    status: text,
    notes: text,
  },
} as const

export const memberRoleBody = {
  type: 'object',
  required: ['role'],
  properties: { role: { type: 'string', maxLength: 20 } },
} as const

export const transferBody = {
  type: 'object',
  // A number or numeric text, as the member transfer takes it (checked by the route).
  required: ['targetUserId'],
} as const

/** A household: its fields (householdBody), who saved it, and its members. Open, as a member is. */
export const householdAnswer = {
  type: 'object',
  required: ['id', 'members'],
  properties: {
    id: { type: 'integer' },
    ...householdBody.properties,
    created_at: { type: 'string' },
    created_by: text,
    updated_at: { type: 'string' },
    updated_by: text,
    members: {
      type: 'array',
      description: 'Its members with their role (head, spouse, child, relative, other)',
      items: { type: 'object', additionalProperties: true },
    },
    owner_user_id: { type: 'integer' },
    owner_username: { type: 'string' },
  },
  additionalProperties: true,
} as const

export const householdPageAnswer = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: { type: 'array', items: { type: 'object', additionalProperties: true } },
    next_cursor: text,
  },
} as const

/** Path ids as text: the route answers 404 for an id that names nothing. */
export const householdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const

export const householdMemberParams = {
  type: 'object',
  required: ['id', 'memberId'],
  properties: { id: { type: 'string' }, memberId: { type: 'string' } },
} as const
