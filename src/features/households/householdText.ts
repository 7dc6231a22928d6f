import type { HouseholdHead, HouseholdRole } from '../../domain'
import { fullName } from '../../domain'

/** The message id of a household role: head → option.household_role.head (the history too). */
export const roleMessageId = (role: HouseholdRole) => `option.household_role.${role}`

/** The message id of a household status. */
export const statusMessageId = (status: string) => `option.household_status.${status}`

export const headName = (head: HouseholdHead | null) => (head ? fullName(head) : '—')

/** "Bole, Addis Ababa": the parts of an address that are filled in. */
export const placeOf = (household: { sub_city: string | null; city: string | null }) =>
  [household.sub_city, household.city].filter(Boolean).join(', ') || '—'
