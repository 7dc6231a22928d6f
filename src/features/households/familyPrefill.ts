import {
  childNamesFromHead,
  HOUSEHOLD_ADDRESS_FIELDS,
  type Household,
  type HouseholdRole,
  isHouseholdRole,
  type MemberInput,
} from '../../domain'
import { errorStatus } from '../../app/api'
import { type NewMember, type NotAddedKeeper, usePlaceNewMember } from './familyPlacement'
import { useGetHouseholdQuery } from './householdsApi'

/**
 * What the registration of a new member of `household` starts with: the household's address
 * and home phone and, for a child, the father's name and grandfather's name from the father
 * (Ethiopian naming; childNamesFromHead). All editable in the wizard.
 */
export function familyPrefill(household: Household, role: HouseholdRole): Partial<MemberInput> {
  const names = role === 'child' ? childNamesFromHead(household.members) : undefined
  const address: Partial<MemberInput> = {}
  for (const field of HOUSEHOLD_ADDRESS_FIELDS) {
    if (household[field]) address[field] = household[field]
  }
  return {
    ...address,
    ...(household.home_phone ? { phone_primary: household.home_phone } : {}),
    ...(names ?? {}),
  }
}

export type FamilyRegistration =
  | { status: 'loading' }
  /** `missing`: the household does not exist (deleted meanwhile) or is not the account's. */
  | { status: 'error'; missing: boolean }
  | {
      status: 'ready'
      household: Household
      role: HouseholdRole
      values: Partial<MemberInput>
      /**
       * Puts the newly registered member into the household in its role and opens it; if that
       * fails, a notice stays up until the clerk acts, and `onNoticeClosed` says when it closes.
       */
      place: (member: NewMember, onNoticeClosed: () => void) => void
    }

/** The wizard's household mode (/registration?household=…&role=…). */
export function useFamilyRegistration(
  householdId: number,
  rawRole: string | null,
  keeper?: NotAddedKeeper,
): FamilyRegistration {
  const household = useGetHouseholdQuery(householdId)
  const placeNewMember = usePlaceNewMember(keeper)
  const role: HouseholdRole = isHouseholdRole(rawRole) ? rawRole : 'other'
  // Once read, the household stays: a placement refetches it, refused or unanswered, and that
  // read failing too must not take the registration and its notice off the screen.
  if (!household.data) {
    if (!household.isError) return { status: 'loading' }
    return { status: 'error', missing: errorStatus(household.error) === 404 }
  }
  const data = household.data
  return {
    status: 'ready',
    household: data,
    role,
    values: familyPrefill(data, role),
    place: (member, onNoticeClosed) =>
      placeNewMember({ household: data, role, member }, onNoticeClosed),
  }
}
