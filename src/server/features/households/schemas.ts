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

const owner = {
  owner_user_id: { type: 'integer', description: "Only on another account's household" },
  owner_username: { type: 'string', description: "Only on another account's household" },
} as const

const householdMemberProperties = {
  id: { type: 'integer' },
  first_name: { type: 'string' },
  middle_name: text,
  last_name: { type: 'string' },
  household_role: { type: 'string', description: 'head, spouse, child, relative or other' },
  gender: text,
  date_of_birth: text,
  photo_path: text,
  thumbnail_path: text,
} as const

/** One member of a household (domain HouseholdMember): every field always sent. */
const householdMember = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(householdMemberProperties),
  properties: householdMemberProperties,
} as const

/** A household (domain Household): its fields, who saved it, its members, and another's owner. */
export const householdAnswer = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    ...Object.keys(householdBody.properties),
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    'members',
  ],
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
      items: householdMember,
    },
    ...owner,
  },
} as const

/** A page of households (domain HouseholdPage): counts and heads, and another's owner. */
export const householdPageAnswer = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'number', 'member_count', 'head', 'city', 'sub_city'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          number: text,
          member_count: { type: 'integer' },
          head: {
            type: ['object', 'null'],
            additionalProperties: false,
            required: ['id', 'first_name', 'middle_name', 'last_name'],
            properties: {
              id: { type: 'integer' },
              first_name: { type: 'string' },
              middle_name: text,
              last_name: { type: 'string' },
            },
          },
          city: text,
          sub_city: text,
          ...owner,
        },
      },
    },
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
