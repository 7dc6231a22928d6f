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
