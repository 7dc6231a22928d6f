// Normalisation of member fields as they arrive on the wire (multipart parts or JSON; spec 7.3,
// 7.4, ARCHITECTURE.md §3) into the shapes the member schema checks.
import { normalizeDateInput } from './dates'
import { normalizeEnum, normalizeListOption, type EnumField, type OptionListField } from './enums'
import { normalizeJobText } from './jobs'
import { parseBooleanInput, parseListInput, uniqueEntries } from './listFields'
import {
  BOOLEAN_DEFAULTS,
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  ENUM_FIELDS,
  LIST_FIELDS,
  TEXT_FIELDS,
  type MemberInput,
} from './member'
import { validateMember, type MemberSchema, type MemberValidation } from './memberSchema'

export interface NormalizedMemberInput {
  /** Only the member fields present in the input (undefined parts are left out). */
  value: Partial<MemberInput>
  /** Field → message id, for parts that could not be read at all. */
  errors: Record<string, string>
}

const OPTION_LIST_FIELDS: readonly string[] = ['spiritual_gifts', 'current_ministries']

function readText(raw: unknown): string | null | undefined {
  if (raw === null) return null
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  if (typeof raw !== 'string') return undefined
  const text = raw.trim()
  return text === '' ? null : text
}

/**
 * Reads wire input into member values. Unknown keys are ignored: the wizard helpers
 * (selectedJobs, customJob, showCustomJobField) and the server-set fields (id, owner,
 * registerd_by, photo_path, transfer_date, created_at, updated_at). Strings are trimmed and an
 * empty string becomes null (lists: [], booleans: their default), so on update it clears the
 * field. Enum labels become keys; list fields accept arrays, JSON array strings or comma text;
 * booleans accept "true"/"false"/"1"/"0"/"on"/"off". Values that cannot be read are reported
 * as errors ('invalidValue') and left out of value.
 */
export function normalizeMemberInput(raw: Record<string, unknown>): NormalizedMemberInput {
  const value: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  const present = (field: string): boolean =>
    Object.prototype.hasOwnProperty.call(raw, field) && raw[field] !== undefined

  for (const field of TEXT_FIELDS) {
    if (!present(field)) continue
    const text = readText(raw[field])
    if (text === undefined) errors[field] = 'invalidValue'
    else value[field] = field === 'job' && text !== null ? normalizeJobText(text) || null : text
  }

  for (const field of DATE_FIELDS) {
    if (!present(field)) continue
    const input = raw[field]
    if (input !== null && typeof input !== 'string' && !(input instanceof Date)) {
      errors[field] = 'invalidDate'
    } else {
      value[field] = normalizeDateInput(input)
    }
  }

  for (const field of LIST_FIELDS) {
    if (!present(field)) continue
    const parsed = parseListInput(raw[field])
    if (!parsed.ok) errors[field] = 'invalidValue'
    else if (OPTION_LIST_FIELDS.includes(field)) {
      const optionField = field as OptionListField
      value[field] = uniqueEntries(
        parsed.value.map((item) => normalizeListOption(optionField, item)),
      )
    } else value[field] = parsed.value
  }

  for (const field of BOOLEAN_FIELDS) {
    if (!present(field)) continue
    const input = raw[field]
    if (input === null || (typeof input === 'string' && input.trim() === '')) {
      value[field] = BOOLEAN_DEFAULTS[field]
      continue
    }
    const flag = parseBooleanInput(input)
    if (flag === undefined) errors[field] = 'invalidValue'
    else value[field] = flag
  }

  for (const field of ENUM_FIELDS) {
    if (!present(field)) continue
    const text = readText(raw[field])
    if (text === null) {
      value[field] = null
      continue
    }
    const key = text === undefined ? undefined : normalizeEnum(field as EnumField, text)
    if (key === undefined) errors[field] = 'invalidValue'
    else value[field] = key
  }

  return { value: value as Partial<MemberInput>, errors }
}

/**
 * normalizeMemberInput then validateMember: the server's whole check of a create/update body.
 * Errors from both stages are merged (a field unreadable on the wire keeps that error).
 */
export function parseMemberInput(
  raw: Record<string, unknown>,
  schema: MemberSchema,
): MemberValidation {
  const normalized = normalizeMemberInput(raw)
  const validated = validateMember(normalized.value, schema)
  const errors = { ...(validated.ok ? {} : validated.errors), ...normalized.errors }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return validated
}
