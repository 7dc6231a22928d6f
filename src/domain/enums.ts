// Enumerations of the member record (spec 3.1, 3.2, 4.1, 9.4; ARCHITECTURE.md §3).
// Values are stored as keys; labels are the English wording, used as the fallback text and
// accepted on input (the server takes a key or its label, case-insensitively).

export interface EnumOption<K extends string> {
  readonly key: K
  readonly label: string
}

export const GENDERS = [
  { key: 'male', label: 'Male' },
  { key: 'female', label: 'Female' },
] as const satisfies readonly EnumOption<string>[]
export type Gender = (typeof GENDERS)[number]['key']

export const MARITAL_STATUSES = [
  { key: 'single', label: 'Single' },
  { key: 'married', label: 'Married' },
  { key: 'divorced', label: 'Divorced' },
  { key: 'widowed', label: 'Widowed' },
] as const satisfies readonly EnumOption<string>[]
export type MaritalStatus = (typeof MARITAL_STATUSES)[number]['key']

export const EDUCATION_LEVELS = [
  { key: 'illiterate', label: 'Illiterate' },
  // Ethiopian school levels (issue 26): new keys only, the spec's keys keep their meaning.
  { key: 'none', label: 'No formal schooling' },
  { key: 'primary', label: 'Primary school' },
  { key: 'secondary', label: 'Secondary school' },
  { key: 'tvet', label: 'TVET certificate' },
  { key: 'diploma', label: 'Diploma' },
  { key: 'degree', label: 'Degree' },
  { key: 'masters', label: 'Masters' },
  { key: 'phd', label: 'PhD' },
] as const satisfies readonly EnumOption<string>[]
export type EducationLevel = (typeof EDUCATION_LEVELS)[number]['key']

export const CONTACT_METHODS = [
  { key: 'call', label: 'Call' },
  { key: 'email', label: 'Email' },
  { key: 'sms', label: 'SMS' },
] as const satisfies readonly EnumOption<string>[]
export type ContactMethod = (typeof CONTACT_METHODS)[number]['key']

export const VOLUNTEER_AVAILABILITIES = [
  { key: 'flexible', label: 'Flexible' },
  { key: 'weekends', label: 'Weekends' },
  { key: 'evenings', label: 'Evenings' },
  { key: 'mornings', label: 'Mornings' },
  { key: 'limited', label: 'Limited' },
] as const satisfies readonly EnumOption<string>[]
export type VolunteerAvailability = (typeof VOLUNTEER_AVAILABILITIES)[number]['key']

/** The only nationality offered; the stored value is the text "Ethiopia" (also the ID card default). */
export const NATIONALITIES = [
  { key: 'Ethiopia', label: 'Ethiopia' },
] as const satisfies readonly EnumOption<string>[]
export type Nationality = (typeof NATIONALITIES)[number]['key']
export const DEFAULT_NATIONALITY: Nationality = 'Ethiopia'

export const MEMBERSHIP_STATUSES = [
  { key: 'member', label: 'Member' },
  { key: 'regularAttendee', label: 'Regular Attendee' },
  { key: 'visitor', label: 'Visitor' },
  { key: 'pending', label: 'Pending' },
  { key: 'inactive', label: 'Inactive' },
  { key: 'transferred', label: 'Transferred' },
] as const satisfies readonly EnumOption<string>[]
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]['key']

/** Offered by the registration wizard (spec 4.1). */
export const REGISTRATION_STATUSES: readonly MembershipStatus[] = [
  'member',
  'regularAttendee',
  'visitor',
]
/** Offered by the edit screen: every canonical status. */
export const EDIT_STATUSES: readonly MembershipStatus[] = MEMBERSHIP_STATUSES.map((o) => o.key)
export type StatusFilter = 'all' | MembershipStatus
/** Offered by the list filter: "all" plus every stored value, so each member can be found. */
export const FILTER_STATUSES: readonly StatusFilter[] = ['all', ...EDIT_STATUSES]

export const JOBS = [
  { key: 'engineer', label: 'Engineer' },
  { key: 'doctor', label: 'Doctor' },
  { key: 'lawyer', label: 'Lawyer' },
  { key: 'governmentWorker', label: 'Government Worker' },
  { key: 'merchant', label: 'Merchant' },
  { key: 'student', label: 'Student' },
  { key: 'jobless', label: 'Jobless' },
  { key: 'teacher', label: 'Teacher' },
  { key: 'farmer', label: 'Farmer' },
  { key: 'housewife', label: 'Housewife' },
  { key: 'retired', label: 'Retired' },
  { key: 'dailyLabourer', label: 'Daily Labourer' },
  { key: 'other', label: 'Other' },
] as const satisfies readonly EnumOption<string>[]
export type JobKey = (typeof JOBS)[number]['key']

/** Predefined spiritual gifts. Stored gift lists may also hold custom text typed by users. */
export const SPIRITUAL_GIFTS = [
  { key: 'pastor', label: 'Pastor' },
  { key: 'evangelist', label: 'Evangelist' },
  { key: 'deacon', label: 'Deacon' },
  { key: 'prophet', label: 'Prophet' },
  { key: 'teacher', label: 'Teacher' },
  { key: 'choir', label: 'Choir' },
  { key: 'apostle', label: 'Apostle' },
  { key: 'worshipLeader', label: 'Worship Leader' },
  { key: 'administration', label: 'Administration' },
  { key: 'hospitality', label: 'Hospitality' },
  { key: 'healing', label: 'Healing' },
  { key: 'wisdom', label: 'Wisdom' },
  { key: 'knowledge', label: 'Knowledge' },
  { key: 'faith', label: 'Faith' },
  { key: 'discernment', label: 'Discernment' },
  { key: 'helps', label: 'Helps' },
  { key: 'mercy', label: 'Mercy' },
  { key: 'giving', label: 'Giving' },
  { key: 'leadership', label: 'Leadership' },
  { key: 'exhortation', label: 'Exhortation' },
  { key: 'tongues', label: 'Speaking in Tongues' },
  { key: 'interpretation', label: 'Interpretation of Tongues' },
  { key: 'miracles', label: 'Miracles' },
  { key: 'preaching', label: 'Preaching' },
  { key: 'other', label: 'Other' },
] as const satisfies readonly EnumOption<string>[]

/** Predefined ministries. Stored ministry lists may also hold custom text typed by users. */
export const MINISTRIES = [
  { key: 'pastor', label: 'Pastor' },
  { key: 'evangelist', label: 'Evangelist' },
  { key: 'deacon', label: 'Deacon' },
  { key: 'apostle', label: 'Apostle' },
  { key: 'teacher', label: 'Teacher' },
  { key: 'prophet', label: 'Prophet' },
  { key: 'sundaySchool', label: 'Sunday School' },
  { key: 'choir', label: 'Choir' },
  { key: 'youthMinistry', label: 'Youth Ministry' },
  { key: 'childrensMinistry', label: "Children's Ministry" },
  { key: 'womensMinistry', label: "Women's Ministry" },
  { key: 'mensMinistry', label: "Men's Ministry" },
  { key: 'worshipTeam', label: 'Worship Team' },
  { key: 'prayerTeam', label: 'Prayer Team' },
  { key: 'outreach', label: 'Outreach' },
  { key: 'missions', label: 'Missions' },
  { key: 'hospitality', label: 'Hospitality' },
  { key: 'media', label: 'Media' },
  { key: 'administration', label: 'Administration' },
  { key: 'counseling', label: 'Counseling' },
  { key: 'visitation', label: 'Visitation' },
  { key: 'evangelism', label: 'Evangelism' },
  { key: 'elder', label: 'Elder' },
  { key: 'cellGroup', label: 'Cell Group' },
  { key: 'other', label: 'Other' },
] as const satisfies readonly EnumOption<string>[]

/** The member fields whose value must be one of a fixed set of keys. */
export const ENUM_OPTIONS = {
  gender: GENDERS,
  marital_status: MARITAL_STATUSES,
  nationality: NATIONALITIES,
  membership_status: MEMBERSHIP_STATUSES,
  volunteer_availability: VOLUNTEER_AVAILABILITIES,
  highest_education: EDUCATION_LEVELS,
  preferred_contact_method: CONTACT_METHODS,
} as const
export type EnumField = keyof typeof ENUM_OPTIONS
export type EnumKey<F extends EnumField> = (typeof ENUM_OPTIONS)[F][number]['key']

/** Lists whose items are predefined keys or free text (not validated against the keys). */
export const LIST_OPTIONS = {
  spiritual_gifts: SPIRITUAL_GIFTS,
  current_ministries: MINISTRIES,
} as const
export type OptionListField = keyof typeof LIST_OPTIONS

/** Extra spellings accepted on input, beyond each key and its English label. */
const ALIASES: Partial<Record<EnumField, Readonly<Record<string, string>>>> = {
  preferred_contact_method: { text: 'sms', phone: 'call' },
  membership_status: { active: 'member' },
}

// Ignores case, spaces, '_', '-' and apostrophes: "Regular Attendee" matches regularAttendee.
function comparable(text: string): string {
  return text.toLowerCase().replace(/[\s_'’-]+/g, '')
}

function lookup<K extends string>(
  options: readonly EnumOption<K>[],
  raw: unknown,
  aliases: Readonly<Record<string, string>> = {},
): K | undefined {
  if (typeof raw !== 'string') return undefined
  const wanted = comparable(raw.trim())
  if (wanted === '') return undefined
  // Own keys only: typed text such as "constructor" must not find Object.prototype's members.
  const aliased = Object.prototype.hasOwnProperty.call(aliases, wanted)
    ? aliases[wanted]
    : undefined
  const target = aliased === undefined ? wanted : comparable(aliased)
  const found = options.find((o) => comparable(o.key) === target || comparable(o.label) === target)
  return found?.key
}

/** A key or English label (any case) of an enum field → its key; undefined if not recognised. */
export function normalizeEnum<F extends EnumField>(field: F, raw: unknown): EnumKey<F> | undefined {
  const options: readonly EnumOption<EnumKey<F>>[] = ENUM_OPTIONS[field]
  return lookup(options, raw, ALIASES[field])
}

/** True when `value` is exactly one of the field's keys (the stored form). */
export function isEnumKey<F extends EnumField>(field: F, value: unknown): value is EnumKey<F> {
  const options: readonly EnumOption<string>[] = ENUM_OPTIONS[field]
  return typeof value === 'string' && options.some((o) => o.key === value)
}

/**
 * An item of spiritual_gifts / current_ministries: a predefined key or English label becomes the
 * key (so the client can translate it); any other text is custom and kept as typed (trimmed).
 */
export function normalizeListOption(field: OptionListField, raw: string): string {
  const options: readonly EnumOption<string>[] = LIST_OPTIONS[field]
  return lookup(options, raw) ?? raw.trim()
}

/** The English label of a key, or undefined when the key is not one of the options. */
export function enumLabel(options: readonly EnumOption<string>[], key: string): string | undefined {
  return options.find((o) => o.key === key)?.label
}
