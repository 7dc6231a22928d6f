// The folded text member search matches against (members.search_text, spec 5.11).
import { ENUM_OPTIONS, enumLabel, LIST_OPTIONS, type OptionListField } from './enums'
import { fullName, type MemberInput } from './member'
import { foldForSearch } from './searchFolding'

const TEXT_PARTS = [
  'email',
  'phone_primary',
  'phone_secondary',
  'street_address',
  'city',
  'state',
  'zip_code',
  'spouse_name',
  'parent_guardian',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'baptism_location',
  'previous_church',
  'special_needs',
  'current_prayer_requests',
  'notes',
] as const satisfies readonly (keyof MemberInput)[]

const LIST_PARTS = [
  'spiritual_gifts',
  'service_interests',
  'current_ministries',
  'children_info',
  'medical_conditions',
  'allergies',
  'professional_skills',
] as const satisfies readonly (keyof MemberInput)[]

function withLabel(
  options: readonly { key: string; label: string }[],
  key: string | null,
): string[] {
  if (!key) return []
  const label = enumLabel(options, key)
  return label && label !== key ? [key, label] : [key]
}

/**
 * The folded text search matches against: every field group of spec 5.11, enum and list keys
 * with their English labels (so "regular attendee" and "sunday school" match), parts separated
 * by a newline so that no match spans two fields.
 */
export function buildSearchText(member: MemberInput): string {
  const parts: string[] = [
    fullName(member),
    `${member.first_name} ${member.last_name}`,
    ...TEXT_PARTS.map((field) => member[field] ?? ''),
    ...withLabel(ENUM_OPTIONS.membership_status, member.membership_status),
    ...withLabel(ENUM_OPTIONS.highest_education, member.highest_education),
  ]
  for (const field of LIST_PARTS) {
    for (const item of member[field]) {
      parts.push(item)
      if (field in LIST_OPTIONS) {
        parts.push(...withLabel(LIST_OPTIONS[field as OptionListField], item).slice(1))
      }
    }
  }
  return foldForSearch(parts.filter((part) => part.trim() !== '').join('\n'))
}
