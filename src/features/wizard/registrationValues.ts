// The wizard's Formik values and their conversion to the member it submits (spec 3.2, 5.2,
// 5.7, 7.3). Comma-separated fields are text while typed and lists once submitted.
import {
  DEFAULT_NATIONALITY,
  emptyMemberInput,
  mergeCustomEntries,
  splitCommaList,
  stepSchema,
  validateMember,
  WIZARD_STEP_COUNT,
  type MemberInput,
} from '../../domain'
import type { MemberSubmission } from '../members'

/** Lists typed as comma-separated text (spec 2.5 steps 4 and 5). */
export const COMMA_FIELDS = [
  'service_interests',
  'medical_conditions',
  'allergies',
  'professional_skills',
] as const
type CommaField = (typeof COMMA_FIELDS)[number]

export type RegistrationValues = Omit<MemberInput, CommaField | 'job'> &
  Record<CommaField, string> & {
    job: string
    selectedJobs: string[]
    customJob: string
    showCustomJobField: boolean
    customSpiritualGifts: string
    customCurrentMinistries: string
    /** fileRegistry id of the photo; the File stays out of Formik and the store. */
    photoId: string | null
  }

export function emptyRegistration(): RegistrationValues {
  return {
    ...emptyMemberInput(),
    nationality: DEFAULT_NATIONALITY,
    service_interests: '',
    medical_conditions: '',
    allergies: '',
    professional_skills: '',
    job: '',
    selectedJobs: [],
    customJob: '',
    showCustomJobField: false,
    customSpiritualGifts: '',
    customCurrentMinistries: '',
    photoId: null,
  }
}

const HELPERS = new Set(['photoId', 'customSpiritualGifts', 'customCurrentMinistries'])

/**
 * The member the wizard sends: blank text as null (so it is omitted, 7.3), comma text as lists,
 * custom gifts and ministries appended to the chosen ones (5.7), the job helpers and
 * registerd_by included as the spec's form sends them.
 */
export function toSubmission(values: RegistrationValues, registeredBy?: string): MemberSubmission {
  const out: MemberSubmission = {}
  for (const [key, value] of Object.entries(values)) {
    if (HELPERS.has(key)) continue
    out[key] = typeof value === 'string' ? value.trim() || null : value
  }
  for (const field of COMMA_FIELDS) out[field] = splitCommaList(values[field])
  out.spiritual_gifts = mergeCustomEntries(values.spiritual_gifts, values.customSpiritualGifts)
  out.current_ministries = mergeCustomEntries(
    values.current_ministries,
    values.customCurrentMinistries,
  )
  out.job = values.job
  out.customJob = values.customJob
  if (registeredBy) out.registerd_by = registeredBy
  return out
}

/** Field → message id of one step's failures (spec 5.2 with the domain schema). */
export function validateStep(step: number, values: RegistrationValues): Record<string, string> {
  const result = validateMember(toSubmission(values), stepSchema(step))
  return result.ok ? {} : result.errors
}

/** Spec 4.5: the first of steps 0..upTo that fails, with its errors; null when all pass. */
export function firstFailingStep(
  values: RegistrationValues,
  upTo: number = WIZARD_STEP_COUNT - 1,
): { step: number; errors: Record<string, string> } | null {
  for (let step = 0; step <= upTo; step += 1) {
    const errors = validateStep(step, values)
    if (Object.keys(errors).length > 0) return { step, errors }
  }
  return null
}

/**
 * The wizard's values back from a member it would submit (a registration queued on the device,
 * opened again to edit): lists as comma text, absent fields as the empty form has them.
 * `toSubmission` of the result gives the same member back.
 */
export function fromSubmission(submission: MemberSubmission): RegistrationValues {
  const values = emptyRegistration() as Record<string, unknown>
  const bare: Record<string, unknown> = { ...emptyMemberInput() }
  for (const [key, value] of Object.entries(submission)) {
    if (key === 'registerd_by' || !(key in values) || value === undefined) continue
    const blank = values[key]
    if (value === null) {
      // Cleared on purpose: blank, not the empty form's default (a nationality, say).
      values[key] =
        bare[key] === null
          ? null
          : typeof blank === 'string'
            ? ''
            : Array.isArray(blank)
              ? []
              : null
      continue
    }
    values[key] = (COMMA_FIELDS as readonly string[]).includes(key)
      ? Array.isArray(value)
        ? value.join(', ')
        : String(value)
      : value
  }
  return values as RegistrationValues
}
