// Pieces every route's schema is made of (docs/architecture.md, "A route's schemas"). Plain
// JSON Schema, as Fastify compiles it: ajv checks requests, fast-json-stringify writes answers.

/** The one error shape of the API (plugins/errors.ts); open, so nothing an error says is lost. */
export const errorBody = {
  type: 'object',
  description: 'An error: what went wrong, and per field a message key (docs/api.md)',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  additionalProperties: true,
} as const

/** A route's answers: its own by status code, and the error shape for any 4xx or 5xx. */
export function answers<T extends Record<number, object>>(ok: T) {
  return { ...ok, '4xx': errorBody, '5xx': errorBody } as T & {
    '4xx': typeof errorBody
    '5xx': typeof errorBody
  }
}

export const noContent = { type: 'null', description: 'Done; no body' } as const

/** A file the route streams or sends as it is (CSV, XLSX, images): not serialised as JSON. */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  }
}

export const SPREADSHEET_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const

/** A route that needs no sign-in: no bearer token in its OpenAPI entry. */
export const PUBLIC = { security: [] as never[] }

/**
 * Path ids as the routes take them: text, checked by the route itself so an id that names
 * nothing is a 404 (not a schema 400), as it was before the schemas.
 */
export function idParams<K extends string>(...names: K[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(
      names.map((name) => [name, { type: 'string', description: 'A positive integer id' }]),
    ) as Record<K, { type: 'string'; description: string }>,
  } as const
}

export const text = { type: 'string' } as const
export const nullableText = { type: ['string', 'null'] } as const
export const integer = { type: 'integer' } as const
export const nullableInteger = { type: ['integer', 'null'] } as const
export const boolean = { type: 'boolean' } as const
/** A member's id and name parts: how a list or a report names a member. */
export const memberNames = {
  id: integer,
  first_name: text,
  middle_name: nullableText,
  last_name: text,
} as const
/** An ISO 8601 time, as the server writes it. */
export const timestamp = { type: 'string', description: 'ISO 8601 date and time' } as const
export const day = { type: 'string', description: 'yyyy-mm-dd' } as const

/** An object whose listed properties are all in the answer, but those named `optional`. */
export function record<P extends Record<string, object>>(
  properties: P,
  options: { description?: string; open?: boolean; optional?: readonly (keyof P)[] } = {},
) {
  const optional = new Set<keyof P>(options.optional ?? [])
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    required: Object.keys(properties).filter((key) => !optional.has(key)),
    properties,
    // Open: the record also carries fields this schema does not list (they are written as is).
    additionalProperties: options.open ?? false,
  } as const
}

export const arrayOf = <T extends object>(items: T) => ({ type: 'array', items }) as const

/**
 * A POST, PUT or PATCH that reads no body says so (an OpenAPI extension): the test that every
 * route has schemas then knows the missing body schema is meant.
 */
export const NO_BODY = { 'x-body': 'none' } as const

/** A removal of one record by its :id: it reads no body and answers 204. */
export function removalSchema(summary: string) {
  return {
    ...NO_BODY,
    summary,
    params: idParams('id'),
    response: answers({ 204: noContent }),
  } as const
}

/** The Idempotency-Key header of the creating calls (checked by the route, docs/api.md). */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: '8 to 100 letters, digits, - or _: a repeat answers the first result',
    },
  },
} as const

/** A create that takes an Idempotency-Key: 201 with what it made, 200 with it on a repeat. */
export const idempotentCreate = <B extends object, A extends object>(body: B, answer: A) =>
  ({
    headers: idempotencyHeaders,
    body,
    response: answers({ 200: answer, 201: answer }),
  }) as const
