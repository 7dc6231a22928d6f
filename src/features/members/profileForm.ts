// The profile's Formik values and their way back to the PUT of spec 7.4. Lists without a picker
// are edited as comma-separated text (spec 5.7); the job is edited through its helpers (3.2).
import {
  BOOLEAN_DEFAULTS,
  BOOLEAN_FIELDS,
  buildJobValue,
  DATE_FIELDS,
  ENUM_FIELDS,
  LIST_OPTIONS,
  memberEditSchema,
  readBooleanValue,
  readListValue,
  splitCommaList,
  TEXT_FIELDS,
  validateMember,
  type ListField,
  type Member,
  type MemberInput,
} from '../../domain'
import { jobFieldsFromValue } from '../memberForm'

export type ProfileValues = Record<string, unknown>

/** List fields chosen as chips (predefined keys or own entries). */
const CHIP_LIST_FIELDS = Object.keys(LIST_OPTIONS) as ListField[]
/** List fields typed as comma-separated text. */
export const COMMA_LIST_FIELDS = [
  'children_info',
  'service_interests',
  'events_attended',
  'medical_conditions',
  'allergies',
  'professional_skills',
] as const satisfies readonly ListField[]

/** A member as the edit form holds it: text as '' rather than null, lists per their input. */
export function toProfileValues(member: Member): ProfileValues {
  const values: ProfileValues = {}
  for (const field of TEXT_FIELDS) values[field] = member[field] ?? ''
  for (const field of DATE_FIELDS) values[field] = member[field]?.slice(0, 10) || null
  for (const field of ENUM_FIELDS) values[field] = member[field] || null
  for (const field of CHIP_LIST_FIELDS) values[field] = readListValue(member[field])
  for (const field of COMMA_LIST_FIELDS) values[field] = readListValue(member[field]).join(', ')
  for (const field of BOOLEAN_FIELDS) {
    values[field] = readBooleanValue(member[field], BOOLEAN_DEFAULTS[field])
  }
  return { ...values, ...jobFieldsFromValue(member.job) }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** The member fields to send: blank text and dates become null, which the PUT clears. */
export function fromProfileValues(values: ProfileValues): Partial<MemberInput> {
  const member: Record<string, unknown> = {}
  for (const field of TEXT_FIELDS) member[field] = text(values[field]) || null
  for (const field of DATE_FIELDS) member[field] = text(values[field]) || null
  for (const field of ENUM_FIELDS) member[field] = text(values[field]) || null
  for (const field of CHIP_LIST_FIELDS) member[field] = strings(values[field])
  for (const field of COMMA_LIST_FIELDS) member[field] = splitCommaList(text(values[field]))
  for (const field of BOOLEAN_FIELDS) member[field] = values[field] === true
  member.first_name = text(values.first_name)
  member.last_name = text(values.last_name)
  member.job = buildJobValue(strings(values.selectedJobs), text(values.customJob)) || null
  return member as Partial<MemberInput>
}

/**
 * Formik's validate: the domain's edit schema (spec 5.8), errors as message ids. `stored` is
 * the member as loaded: a value left as it is passes rules newer than it (an old phone number).
 */
export function validateProfile(
  values: ProfileValues,
  stored?: ProfileValues,
): Record<string, string> {
  const context = stored ? { stored: fromProfileValues(stored) } : {}
  const result = validateMember(fromProfileValues(values), memberEditSchema(), context)
  return result.ok ? {} : result.errors
}
