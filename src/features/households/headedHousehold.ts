import type { Member } from '../../domain'
import { useGetHouseholdQuery } from './householdsApi'

/** A household as the transfer dialog offers to take it along. */
interface HeadedHousehold {
  name: string
  memberCount: number
}

/**
 * The household this member heads, if any: transferring a head offers to move the whole
 * household with it (issue 44). The profile's family section reads the same cached household.
 */
export function useHeadedHousehold(member: Member): HeadedHousehold | undefined {
  const head = member.household_role === 'head' && member.household_id !== null
  const household = useGetHouseholdQuery(member.household_id ?? 0, { skip: !head })
  if (!head || !household.data) return undefined
  return { name: household.data.name, memberCount: household.data.members.length }
}
