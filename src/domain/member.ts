// The member record (spec 3.1) with snake_case contract names, and its fields grouped by kind so
// that the schema, the wire normaliser, the server's storage and the forms share one list.
import type {
  ContactMethod,
  EducationLevel,
  Gender,
  MaritalStatus,
  MembershipStatus,
  Nationality,
  VolunteerAvailability,
} from './enums'
import type { HouseholdRole } from './household'

/** What a create or update carries (spec 7.3, 7.4), after normalisation. */
export interface MemberInput {
  /** Given name (required). */
  first_name: string
  /** Father's name: required on create and edit (Ethiopian naming; migration 2026_11_26_0501). */
  middle_name: string | null
  /** Grandfather's name: optional; stored and returned as '' when absent (never null). */
  last_name: string
  /** The name in Latin script as on a passport, optional (prefilled by transliteration). */
  latin_name: string | null
  gender: Gender | null
  date_of_birth: string | null
  marital_status: MaritalStatus | null
  nationality: Nationality | null
  /** Comma-separated English job labels and custom text (spec 3.2; see jobs.ts). */
  job: string | null
  phone_primary: string | null
  phone_secondary: string | null
  email: string | null
  street_address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  /** Ethiopian address parts (optional): sub-city (ክፍለ ከተማ), woreda, kebele, house number. */
  sub_city: string | null
  woreda: string | null
  kebele: string | null
  house_number: string | null
  emergency_contact_name: string | null
  emergency_contact_relationship: string | null
  emergency_contact_phone: string | null
  spouse_name: string | null
  children_info: string[]
  parent_guardian: string | null
  membership_status: MembershipStatus | null
  date_joined: string | null
  baptism_date: string | null
  baptism_location: string | null
  confirmation_date: string | null
  previous_church: string | null
  /**
   * The member's id in the system the church moved from (ChurchCRM's per_ID), optional; unique
   * per account when given, so a second import of that source updates instead of doubling.
   */
  external_id: string | null
  /** Church fields (optional): Christian (baptismal) name, confession father, parish. */
  christian_name: string | null
  confession_father: string | null
  parish: string | null
  /** Predefined keys (enums.ts SPIRITUAL_GIFTS) or custom text, shown verbatim. */
  spiritual_gifts: string[]
  service_interests: string[]
  /** Predefined keys (enums.ts MINISTRIES) or custom text, shown verbatim. */
  current_ministries: string[]
  volunteer_availability: VolunteerAvailability | null
  last_attendance_date: string | null
  regular_attendance_pattern: string | null
  bible_study_participation: boolean
  events_attended: string[]
  medical_conditions: string[]
  allergies: string[]
  professional_skills: string[]
  special_needs: string | null
  current_prayer_requests: string | null
  highest_education: EducationLevel | null
  preferred_contact_method: ContactMethod | null
  receive_email_notifications: boolean
  receive_sms_notifications: boolean
  notes: string | null
}

/** A member as the server returns it. The owning account is not part of it. */
export interface Member extends MemberInput {
  id: number
  /** "uploads/<name>", served at /uploads/<name>; null without a photo. */
  photo_path: string | null
  /** A small version of the photo for lists, same form as photo_path. */
  thumbnail_path: string | null
  /** The registering user's username, set by the server (spelled exactly so, spec 3.1). */
  registerd_by: string | null
  /** yyyy-mm-dd, set by the server on transfer; orders the list (spec 4.9). */
  transfer_date: string | null
  /** ISO 8601 timestamps. */
  created_at: string
  updated_at: string
  /** The member's household and role in it (issue 44); changed only by the household calls. */
  household_id: number | null
  household_role: HouseholdRole | null
  /** Only on another account's member, read by an admin or auditor (issue 25). */
  owner_user_id?: number
  owner_username?: string
}

export type MemberField = keyof MemberInput

type FieldsOfType<T> = { [K in MemberField]: MemberInput[K] extends T ? K : never }[MemberField]

export type ListField = FieldsOfType<string[]>
export type BooleanField = FieldsOfType<boolean>

/** How to reach a member: the wizard's contact step (spec 2.5), all of them text. */
export const CONTACT_FIELDS = [
  'phone_primary',
  'phone_secondary',
  'email',
  'street_address',
  'city',
  'state',
  'zip_code',
  'sub_city',
  'woreda',
  'kebele',
  'house_number',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
] as const satisfies readonly MemberField[]

export const TEXT_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'latin_name',
  'job',
  ...CONTACT_FIELDS,
  'spouse_name',
  'parent_guardian',
  'baptism_location',
  'previous_church',
  'christian_name',
  'confession_father',
  'parish',
  'external_id',
  'regular_attendance_pattern',
  'special_needs',
  'current_prayer_requests',
  'notes',
] as const satisfies readonly MemberField[]
export type TextField = (typeof TEXT_FIELDS)[number]

/** yyyy-mm-dd dates a client may set (transfer_date is set by the server). */
export const DATE_FIELDS = [
  'date_of_birth',
  'date_joined',
  'baptism_date',
  'confirmation_date',
  'last_attendance_date',
] as const satisfies readonly MemberField[]
export type DateField = (typeof DATE_FIELDS)[number]

export const LIST_FIELDS = [
  'children_info',
  'spiritual_gifts',
  'service_interests',
  'current_ministries',
  'events_attended',
  'medical_conditions',
  'allergies',
  'professional_skills',
] as const satisfies readonly ListField[]

export const BOOLEAN_DEFAULTS = {
  bible_study_participation: false,
  receive_email_notifications: true,
  receive_sms_notifications: true,
} as const satisfies Record<BooleanField, boolean>
export const BOOLEAN_FIELDS = Object.keys(BOOLEAN_DEFAULTS) as BooleanField[]

export const ENUM_FIELDS = [
  'gender',
  'marital_status',
  'nationality',
  'membership_status',
  'volunteer_availability',
  'highest_education',
  'preferred_contact_method',
] as const satisfies readonly MemberField[]

/** Every field a client may send, in form order. */
export const MEMBER_INPUT_FIELDS: readonly MemberField[] = [
  ...TEXT_FIELDS,
  ...DATE_FIELDS,
  ...LIST_FIELDS,
  ...BOOLEAN_FIELDS,
  ...ENUM_FIELDS,
]

// Compile-time proof that the lists above cover every input field exactly once per kind.
type Covered = TextField | DateField | ListField | BooleanField | (typeof ENUM_FIELDS)[number]
type Missing = Exclude<MemberField, Covered>
const everyFieldHasAKind: [Missing] extends [never] ? true : Missing = true
void everyFieldHasAKind

/** A blank member: text, dates and enums null, lists empty, booleans at their defaults. */
export function emptyMemberInput(): MemberInput {
  return {
    first_name: '',
    middle_name: null,
    last_name: '',
    latin_name: null,
    gender: null,
    date_of_birth: null,
    marital_status: null,
    nationality: null,
    job: null,
    phone_primary: null,
    phone_secondary: null,
    email: null,
    street_address: null,
    city: null,
    state: null,
    zip_code: null,
    sub_city: null,
    woreda: null,
    kebele: null,
    house_number: null,
    emergency_contact_name: null,
    emergency_contact_relationship: null,
    emergency_contact_phone: null,
    spouse_name: null,
    children_info: [],
    parent_guardian: null,
    membership_status: null,
    date_joined: null,
    baptism_date: null,
    baptism_location: null,
    confirmation_date: null,
    previous_church: null,
    external_id: null,
    christian_name: null,
    confession_father: null,
    parish: null,
    spiritual_gifts: [],
    service_interests: [],
    current_ministries: [],
    volunteer_availability: null,
    last_attendance_date: null,
    regular_attendance_pattern: null,
    events_attended: [],
    medical_conditions: [],
    allergies: [],
    professional_skills: [],
    special_needs: null,
    current_prayer_requests: null,
    highest_education: null,
    preferred_contact_method: null,
    notes: null,
    ...BOOLEAN_DEFAULTS,
  }
}

/** "first middle last", skipping empty parts. */
export function fullName(member: {
  first_name?: string | null
  middle_name?: string | null
  last_name?: string | null
}): string {
  return [member.first_name, member.middle_name, member.last_name]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ')
}
