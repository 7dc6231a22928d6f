// Households (issue 44): a family as the unit of the register, shared by server and client.
import { hasControlCharacter } from './controlCharacters'
import { isDateInRange, isValidIsoDate, normalizeDateInput } from './dates'
import type { MemberInput } from './member'

/** A member's place in its household: ChurchCRM's five family roles. */
export const HOUSEHOLD_ROLES = ['head', 'spouse', 'child', 'relative', 'other'] as const
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number]

export const HOUSEHOLD_STATUSES = ['active', 'moved_away', 'archived'] as const
export type HouseholdStatus = (typeof HOUSEHOLD_STATUSES)[number]

export const isHouseholdRole = (value: unknown): value is HouseholdRole =>
  typeof value === 'string' && (HOUSEHOLD_ROLES as readonly string[]).includes(value)

/** The household fields a client sends (POST and PUT); the address is a member's address. */
export interface HouseholdInput {
  name: string
  /** The parish's family card number; unique when given. */
  number: string | null
  state: string | null
  city: string | null
  sub_city: string | null
  woreda: string | null
  kebele: string | null
  house_number: string | null
  street_address: string | null
  zip_code: string | null
  home_phone: string | null
  /** yyyy-mm-dd (Gregorian), like every stored date. */
  wedding_date: string | null
  status: HouseholdStatus
  notes: string | null
}

/** A household's own fields beyond its name, number and address: an export carries them. */
export const HOUSEHOLD_DETAIL_FIELDS = [
  'home_phone',
  'wedding_date',
  'status',
  'notes',
] as const satisfies readonly (keyof HouseholdInput)[]
export type HouseholdDetailField = (typeof HOUSEHOLD_DETAIL_FIELDS)[number]
export type HouseholdDetails = Pick<HouseholdInput, HouseholdDetailField>

/** The address a household shares with its members: named alike on both. */
export const HOUSEHOLD_ADDRESS_FIELDS = [
  'state',
  'city',
  'sub_city',
  'woreda',
  'kebele',
  'house_number',
  'street_address',
  'zip_code',
] as const satisfies readonly (keyof HouseholdInput & keyof MemberInput)[]
export type HouseholdAddress = Pick<HouseholdInput, (typeof HOUSEHOLD_ADDRESS_FIELDS)[number]>

/** A household's address fields taken from a member's (or another household's). */
export const householdAddressOf = (source: HouseholdAddress): HouseholdAddress =>
  Object.fromEntries(
    HOUSEHOLD_ADDRESS_FIELDS.map((field) => [field, source[field]]),
  ) as HouseholdAddress

/** A household with nothing given but its name: what a new one starts from. */
export const emptyHousehold = (name: string): HouseholdInput => ({
  name,
  number: null,
  state: null,
  city: null,
  sub_city: null,
  woreda: null,
  kebele: null,
  house_number: null,
  street_address: null,
  zip_code: null,
  home_phone: null,
  wedding_date: null,
  status: 'active',
  notes: null,
})

export const HOUSEHOLD_TEXT_FIELDS = [
  'number',
  ...HOUSEHOLD_ADDRESS_FIELDS,
  'home_phone',
  'notes',
] as const satisfies readonly (keyof HouseholdInput)[]

export const HOUSEHOLD_FIELDS = [
  'name',
  ...HOUSEHOLD_TEXT_FIELDS,
  'wedding_date',
  'status',
] as const satisfies readonly (keyof HouseholdInput)[]

const MAX_LENGTH: Readonly<Record<string, number>> = {
  name: 200,
  number: 40,
  home_phone: 40,
  notes: 5000,
}
export const householdMaxLength = (field: string) => MAX_LENGTH[field] ?? 500

/** One member of a household as GET /api/households/:id lists it. */
export interface HouseholdMember {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  household_role: HouseholdRole
  gender: string | null
  date_of_birth: string | null
  photo_path: string | null
  thumbnail_path: string | null
}

export interface Household extends HouseholdInput {
  id: number
  created_at: string
  created_by: string | null
  updated_at: string
  updated_by: string | null
  members: HouseholdMember[]
  /** Only on another account's household, read by an admin or auditor. */
  owner_user_id?: number
  owner_username?: string
}

export interface HouseholdHead {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
}

export interface HouseholdListItem {
  id: number
  name: string
  number: string | null
  member_count: number
  head: HouseholdHead | null
  city: string | null
  sub_city: string | null
}

export interface HouseholdPage {
  items: HouseholdListItem[]
  next_cursor: string | null
}

export type HouseholdErrors = Partial<Record<keyof HouseholdInput, string>>

const blankToNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value

/**
 * Checks a household body. `partial` (PUT) keeps absent fields out of the result; a create
 * needs a name. Errors are message ids: fieldRequired, tooLong, invalidValue, invalidDate.
 */
export function parseHouseholdInput(
  body: unknown,
  partial: boolean,
): { ok: true; value: Partial<HouseholdInput> } | { ok: false; errors: HouseholdErrors } {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const errors: HouseholdErrors = {}
  const value: Partial<HouseholdInput> = {}
  for (const field of HOUSEHOLD_FIELDS) {
    // A form's untouched field reads as undefined: absent, as JSON would send it.
    if (source[field] === undefined) {
      if (!partial && field === 'name') errors.name = 'fieldRequired'
      continue
    }
    const raw = blankToNull(source[field])
    if (field === 'wedding_date') {
      if (raw === null) value.wedding_date = null
      else {
        const date = normalizeDateInput(raw)
        if (typeof raw !== 'string' || !isValidIsoDate(date) || !isDateInRange(date)) {
          errors.wedding_date = 'invalidDate'
        } else value.wedding_date = date
      }
      continue
    }
    if (field === 'status') {
      if (raw === null) continue
      if (typeof raw !== 'string' || !(HOUSEHOLD_STATUSES as readonly string[]).includes(raw)) {
        errors.status = 'invalidValue'
      } else value.status = raw as HouseholdStatus
      continue
    }
    if (raw !== null && typeof raw !== 'string') {
      errors[field] = 'invalidValue'
      continue
    }
    const text = raw === null ? null : raw.trim().normalize('NFC')
    if (text !== null && text.length > householdMaxLength(field)) errors[field] = 'tooLong'
    // Control characters are never part of the register's text; notes may span lines.
    else if (text !== null && hasControlCharacter(text, field === 'notes')) {
      errors[field] = 'invalidValue'
    } else if (field === 'name') {
      if (text === null) errors.name = 'fieldRequired'
      else value.name = text
    } else value[field] = text
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value }
}

/**
 * The language a household named after `firstName` is proposed in: Amharic for a name in Ge'ez
 * script, else `asked` (English for Amharic), so the name never mixes scripts.
 */
export function householdNameLanguage(
  firstName: string,
  asked: 'am' | 'en' | 'om',
): 'am' | 'en' | 'om' {
  if (/[\u1200-\u137f]/.test(firstName)) return 'am'
  return asked === 'am' ? 'en' : asked
}

/**
 * The name a household is proposed under, from its head: "የአቶ አበበ ከበደ ቤተሰብ" in Amharic,
 * "Abebe Kebede family" in English (the clerk may change it).
 */
export function proposedHouseholdName(
  head: { first_name: string; middle_name: string | null; gender?: string | null },
  language: 'am' | 'en' | 'om',
): string {
  const name = [head.first_name, head.middle_name].filter(Boolean).join(' ').trim()
  if (language === 'am') {
    const title = head.gender === 'female' ? 'የወ/ሮ' : 'የአቶ'
    return `${title} ${name} ቤተሰብ`
  }
  if (language === 'om') return `Maatii ${name}`
  return `${name} family`
}

interface NamedMember {
  first_name: string
  middle_name: string | null
  gender: string | null
  household_role: HouseholdRole | null
}

/**
 * Ethiopian naming for a child of the head: the child's father's name is the father's given
 * name, the grandfather's name the father's father's name. The father is the head, or the
 * spouse when the head is a woman (እማወራ) with a husband in the household; none otherwise.
 */
export function childNamesFromHead(
  members: readonly NamedMember[],
): { middle_name: string; last_name: string } | undefined {
  const head = members.find((member) => member.household_role === 'head')
  if (!head) return undefined
  const father =
    head.gender === 'female'
      ? members.find((member) => member.household_role === 'spouse' && member.gender === 'male')
      : head
  if (!father) return undefined
  return { middle_name: father.first_name, last_name: father.middle_name ?? '' }
}
