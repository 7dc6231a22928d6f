import type { HouseholdHead, HouseholdRole } from '../../domain'
import { fullName } from '../../domain'
import { errorStatus, translatedErrorId } from '../../app/api'

/** The message id of a household role: head → option.household_role.head (the history too). */
export const roleMessageId = (role: HouseholdRole) => `option.household_role.${role}`

/** The message id of a household status. */
export const statusMessageId = (status: string) => `option.household_status.${status}`

export const headName = (head: HouseholdHead | null) => (head ? fullName(head) : '—')

/** "Bole, Addis Ababa": the parts of an address that are filled in. */
export const placeOf = (household: { sub_city: string | null; city: string | null }) =>
  [household.sub_city, household.city].filter(Boolean).join(', ') || '—'

/**
 * The message id of a refused membership change (link, move, role): the server's words are
 * English, so its status picks the message; a 404 is the member or the household gone or not ours.
 */
export function membershipRefusalId(error: unknown): string {
  const status = errorStatus(error)
  if (status === 409) return 'secondHead'
  if (status === 403) return 'notAllowed'
  if (status === 404) return 'memberOrHouseholdNotFound'
  return translatedErrorId(error) ?? 'householdSaveFailed'
}
