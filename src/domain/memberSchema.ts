// The one member schema (HOUSE-STYLE 10): Formik uses it per wizard step and on the edit screen,
// the server uses it for POST and PUT. It checks already-normalised values (keys, arrays,
// booleans; see memberInput.ts for wire input). Messages are message ids, translated by the
// client, so a 400 from the server shows in the user's language.
import * as yup from 'yup'
import { hasControlCharacter } from './controlCharacters'
import { isDateInRange, isValidIsoDate } from './dates'
import { isEnumKey, type EnumField } from './enums'
import {
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  ENUM_FIELDS,
  LIST_FIELDS,
  TEXT_FIELDS,
  type MemberField,
  type MemberInput,
  type TextField,
} from './member'
import { STEP_FIELDS, STEP_REQUIRED_FIELDS } from './memberSteps'
import { isPlausiblePhone } from './phones'

/**
 * What the record holds now (an update): a value left as it was is not checked again by rules
 * newer than it (issue 42's phone rule), so an old record's edit of another field still saves.
 */
export interface MemberCheckContext {
  stored?: Readonly<Partial<MemberInput>>
}

export const MAX_LIST_ITEMS = 50
export const MAX_LIST_ITEM_LENGTH = 200

const NAME_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'spouse_name',
  'parent_guardian',
  'emergency_contact_name',
  'christian_name',
  'confession_father',
] as const
const SHORT_FIELDS = ['sub_city', 'woreda', 'kebele', 'house_number'] as const
const PHONE_FIELDS = ['phone_primary', 'phone_secondary', 'emergency_contact_phone'] as const
const LONG_TEXT_FIELDS = ['notes', 'current_prayer_requests', 'special_needs'] as const
/** Fields that hold one line: a tab or line break in them is refused like any control. */
const ONE_LINE_FIELDS: readonly string[] = [
  ...NAME_FIELDS,
  ...SHORT_FIELDS,
  ...PHONE_FIELDS,
  'email',
  'latin_name',
  'external_id',
]

/** Maximum length of each text field ('tooLong' beyond it). */
export const TEXT_MAX_LENGTH: Readonly<Record<TextField, number>> = Object.fromEntries(
  TEXT_FIELDS.map((field) => [field, maxLengthOf(field)]),
) as Record<TextField, number>

function maxLengthOf(field: TextField): number {
  if ((NAME_FIELDS as readonly string[]).includes(field)) return 100
  if ((PHONE_FIELDS as readonly string[]).includes(field)) return 40
  if ((SHORT_FIELDS as readonly string[]).includes(field)) return 100
  if (field === 'latin_name' || field === 'parish') return 200
  if (field === 'external_id') return 100
  if (field === 'email') return 254
  if ((LONG_TEXT_FIELDS as readonly string[]).includes(field)) return 5000
  return 500
}

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

function requiredIf<S extends yup.Schema>(schema: S, required: boolean): S {
  return required
    ? (schema.test('required', 'fieldRequired', (value: unknown) => !isBlank(value)) as S)
    : schema
}

function textRule(field: TextField, required: boolean): yup.Schema {
  let rule = yup
    .string()
    .strict()
    .nullable()
    .typeError('invalidValue')
    .max(TEXT_MAX_LENGTH[field], 'tooLong')
    .test(
      'control',
      'controlCharacter',
      (value) =>
        typeof value !== 'string' || !hasControlCharacter(value, !ONE_LINE_FIELDS.includes(field)),
    )
  if ((PHONE_FIELDS as readonly string[]).includes(field)) {
    rule = rule.test('phone', 'invalidPhone', function checkPhone(value) {
      if (isBlank(value) || isPlausiblePhone(value ?? '')) return true
      const stored = (this.options.context as MemberCheckContext | undefined)?.stored
      return stored !== undefined && stored[field as keyof MemberInput] === value
    })
  }
  if (field === 'email') {
    rule = rule.test(
      'email',
      'invalidEmail',
      (value) => isBlank(value) || looksLikeEmail(value ?? ''),
    )
  }
  return requiredIf(rule, required)
}

// local@domain.tld: no spaces, one @, a dot in the domain, no dot at either end of it.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim())
}

function dateRule(required: boolean): yup.Schema {
  const rule = yup
    .string()
    .strict()
    .nullable()
    .typeError('invalidDate')
    .test('date', 'invalidDate', function checkDate(value) {
      if (isBlank(value)) return true
      if (!isValidIsoDate(value)) return this.createError({ message: 'invalidDate' })
      return isDateInRange(value) || this.createError({ message: 'dateOutOfRange' })
    })
  return requiredIf(rule, required)
}

function enumRule(field: EnumField, required: boolean): yup.Schema {
  const rule = yup
    .mixed()
    .nullable()
    .test('enum', 'invalidValue', (value) => isBlank(value) || isEnumKey(field, value))
  return requiredIf(rule, required)
}

function listRule(required: boolean): yup.Schema {
  const rule = yup
    .mixed<string[]>()
    .nullable()
    .test('list', 'invalidValue', function checkList(value: unknown) {
      if (value === undefined || value === null) return true
      if (!Array.isArray(value)) return false
      if (value.length > MAX_LIST_ITEMS) return this.createError({ message: 'tooLong' })
      for (const item of value) {
        if (typeof item !== 'string') return false
        if (hasControlCharacter(item, false))
          return this.createError({ message: 'controlCharacter' })
        if (item.trim() !== item || item === '') return false
        if (item.length > MAX_LIST_ITEM_LENGTH) return this.createError({ message: 'tooLong' })
      }
      return true
    })
  return requiredIf(rule, required)
}

function booleanRule(): yup.Schema {
  return yup.boolean().strict().typeError('invalidValue')
}

function fieldRule(field: MemberField, required: boolean): yup.Schema {
  if ((TEXT_FIELDS as readonly string[]).includes(field)) {
    return textRule(field as TextField, required)
  }
  if ((DATE_FIELDS as readonly string[]).includes(field)) return dateRule(required)
  if ((LIST_FIELDS as readonly string[]).includes(field)) return listRule(required)
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) return booleanRule()
  if ((ENUM_FIELDS as readonly string[]).includes(field)) {
    return enumRule(field as EnumField, required)
  }
  throw new Error(`No rule for member field ${field}`)
}

export type MemberSchema = yup.ObjectSchema<yup.AnyObject>

function memberSchema(fields: readonly MemberField[], required: readonly MemberField[]) {
  const shape: Record<string, yup.Schema> = {}
  for (const field of fields) shape[field] = fieldRule(field, required.includes(field))
  return yup.object(shape) as MemberSchema
}

const ALL_FIELDS: readonly MemberField[] = [
  ...TEXT_FIELDS,
  ...DATE_FIELDS,
  ...LIST_FIELDS,
  ...BOOLEAN_FIELDS,
  ...ENUM_FIELDS,
]

/**
 * Each schema is built the first time it is asked for, then kept: building all nine when the
 * module loads would delay the registration screen's first render after sign-in.
 */
function once(build: () => MemberSchema): () => MemberSchema {
  let schema: MemberSchema | undefined
  return () => (schema ??= build())
}

const stepSchemas: readonly (() => MemberSchema)[] = STEP_FIELDS.map((fields, step) =>
  once(() => {
    const withNationality: readonly MemberField[] = step === 0 ? [...fields, 'nationality'] : fields
    return memberSchema(withNationality, STEP_REQUIRED_FIELDS[step])
  }),
)

/** The schema of one wizard step (0–6): that step's required fields and format rules. */
export function stepSchema(step: number): MemberSchema {
  const schema = stepSchemas[step]
  if (!schema) throw new RangeError(`Wizard step ${step} does not exist`)
  return schema()
}

/** Every step's requirements plus format rules on every field: POST /api/members. */
export const memberCreateSchema: () => MemberSchema = once(() =>
  memberSchema(ALL_FIELDS, STEP_REQUIRED_FIELDS.flat()),
)

/**
 * The names every saved member has: given name and father's name. An imported register may
 * lack the grandfather's name (the import warns), so the server stores a member without it.
 */
export const REQUIRED_NAME_FIELDS = ['first_name', 'middle_name'] as const

/**
 * PUT /api/members/:id and imports: given name and father's name required, every other field
 * optional but format-checked; null or '' clears a field.
 */
export const memberUpdateSchema: () => MemberSchema = once(() =>
  memberSchema(ALL_FIELDS, REQUIRED_NAME_FIELDS),
)

/** The names the edit screen requires: spec 5.8's first and last name, and the server's two. */
export const EDIT_REQUIRED_NAME_FIELDS = ['first_name', 'middle_name', 'last_name'] as const

/** The edit screen (spec 5.8): memberUpdateSchema with the grandfather's name required too. */
export const memberEditSchema: () => MemberSchema = once(() =>
  memberSchema(ALL_FIELDS, EDIT_REQUIRED_NAME_FIELDS),
)

export type MemberValidation =
  { ok: true; value: Partial<MemberInput> } | { ok: false; errors: Record<string, string> }

/** Field name of a yup error path: "spiritual_gifts[2]" → "spiritual_gifts". */
function fieldOfPath(path: string | undefined): string {
  return (path ?? '').replace(/[[.].*$/, '') || '_'
}

/**
 * Validates against a schema, collecting every failing field (first message per field), so the
 * server can answer 400 { errors: { field: messageId } }. The value holds only schema fields.
 */
export function validateMember(
  input: unknown,
  schema: MemberSchema,
  context: MemberCheckContext = {},
): MemberValidation {
  try {
    const checked: Record<string, unknown> = schema.validateSync(input ?? {}, {
      abortEarly: false,
      context,
    })
    const value: Record<string, unknown> = {}
    for (const field of Object.keys(schema.fields)) {
      if (checked[field] !== undefined) value[field] = checked[field]
    }
    return { ok: true, value: value as Partial<MemberInput> }
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error
    const errors: Record<string, string> = {}
    const failures = error.inner.length > 0 ? error.inner : [error]
    for (const failure of failures) {
      const field = fieldOfPath(failure.path)
      errors[field] ??= String(failure.message)
    }
    return { ok: false, errors }
  }
}
