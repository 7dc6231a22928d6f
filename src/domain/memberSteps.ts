// The wizard's steps and their fields (spec 2.5, 5.2), apart from the yup schema so that code
// needing only the step layout (the wizard slice, in the entry chunk) does not pull yup along.
import { CONTACT_FIELDS, type MemberField } from './member'

/**
 * Required fields per wizard step 0–6 (spec 5.2). The three names are given name (first_name),
 * father's name (middle_name) and grandfather's name (last_name), as the labels say.
 */
export const STEP_REQUIRED_FIELDS: readonly (readonly MemberField[])[] = [
  ['first_name', 'middle_name', 'last_name', 'gender', 'date_of_birth', 'marital_status'],
  ['phone_primary', 'street_address', 'city', 'state'],
  [],
  ['membership_status'],
  ['current_ministries'],
  ['highest_education'],
  ['preferred_contact_method'],
]

/** The fields each wizard step shows or holds (spec 2.5), whose format that step checks. */
export const STEP_FIELDS: readonly (readonly MemberField[])[] = [
  [
    'first_name',
    'middle_name',
    'last_name',
    'latin_name',
    'gender',
    'date_of_birth',
    'marital_status',
    'job',
  ],
  CONTACT_FIELDS,
  ['spouse_name', 'parent_guardian', 'children_info'],
  [
    'membership_status',
    'date_joined',
    'baptism_date',
    'baptism_location',
    'confirmation_date',
    'previous_church',
    'christian_name',
    'confession_father',
    'parish',
    'external_id',
  ],
  ['spiritual_gifts', 'current_ministries', 'service_interests', 'volunteer_availability'],
  ['medical_conditions', 'allergies', 'special_needs', 'highest_education', 'professional_skills'],
  ['preferred_contact_method', 'notes', 'receive_email_notifications', 'receive_sms_notifications'],
]
// nationality (step 0) is a select with one option; it is checked with the rest in step 0.
export const WIZARD_STEP_COUNT = STEP_REQUIRED_FIELDS.length
