// The folded text member search matches against (members.search_text, spec 5.11), built from
// labels given by the caller: the server's every catalogue (searchText.ts), the offline list the
// interface's own, without bundling the catalogues of the other languages.
import { ENUM_OPTIONS, enumLabel, LIST_OPTIONS, type OptionListField } from './enums'
import { fullName, type MemberInput } from './member'
import { nameSkeleton, phoneKey } from './nameSkeleton'
import { foldForSearch } from './searchFolding'

/** Labels by message id ("option.ministries.choir"): a catalogue, or the part of one it has. */
export type OptionLabels = Readonly<Record<string, unknown>>

const translated = (translations: readonly OptionLabels[], field: string, key: string) =>
  translations
    .map((messages) => messages[`option.${field}.${key}`])
    .filter((label): label is string => typeof label === 'string' && label !== '')

/** Names matched across scripts and spellings through their skeleton (nameSkeleton.ts). */
const NAME_PARTS = [
  'latin_name',
  'christian_name',
  'confession_father',
  'spouse_name',
  'parent_guardian',
  'emergency_contact_name',
] as const satisfies readonly (keyof MemberInput)[]

const PHONE_PARTS = [
  'phone_primary',
  'phone_secondary',
  'emergency_contact_phone',
] as const satisfies readonly (keyof MemberInput)[]

const TEXT_PARTS = [
  'external_id',
  'latin_name',
  'christian_name',
  'confession_father',
  'parish',
  'sub_city',
  'woreda',
  'kebele',
  'house_number',
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
  translations: readonly OptionLabels[],
  field: string,
  options: readonly { key: string; label: string }[],
  key: string | null,
): string[] {
  if (!key) return []
  const label = enumLabel(options, key)
  if (!label) return [key]
  return [...new Set([key, label, ...translated(translations, field, key)])]
}

/**
 * The folded text search matches against: every field group of spec 5.11, enum and list keys
 * with their English, Amharic and Oromo labels (so "regular attendee", "sunday school" and
 * "መዘምራን" match), then the names' phonetic skeletons and the phones' national numbers
 * (searchKeys looks a query up as all three). Parts are separated by a newline so that no
 * match spans two fields.
 */
export function searchTextOf(member: MemberInput, translations: readonly OptionLabels[]): string {
  const labelled = (
    field: string,
    options: readonly { key: string; label: string }[],
    key: string | null,
  ) => withLabel(translations, field, options, key)
  const parts: string[] = [
    fullName(member),
    // Given name with either of the other two: "Abebe Tesfaye" finds Abebe Kebede Tesfaye.
    `${member.first_name} ${member.last_name}`,
    ...TEXT_PARTS.map((field) => member[field] ?? ''),
    ...labelled('membership_status', ENUM_OPTIONS.membership_status, member.membership_status),
    ...labelled('highest_education', ENUM_OPTIONS.highest_education, member.highest_education),
  ]
  for (const field of LIST_PARTS) {
    for (const item of member[field]) {
      parts.push(item)
      if (field in LIST_OPTIONS) {
        parts.push(...labelled(field, LIST_OPTIONS[field as OptionListField], item).slice(1))
      }
    }
  }
  // Matching keys: already folded, and never shown.
  const keys = [
    nameSkeleton(fullName(member)),
    ...NAME_PARTS.map((field) => nameSkeleton(member[field] ?? '')),
    ...PHONE_PARTS.map((field) => phoneKey(member[field] ?? '') ?? ''),
  ]
  return [foldForSearch(parts.filter((part) => part.trim() !== '').join('\n')), ...keys]
    .filter((part) => part !== '')
    .join('\n')
}
