import type { HouseholdDuesAnswer } from '../../domain'
import { duesApi, duesYearPath, payerStripTags, type MemberDuesArgs } from './duesApi'

/** GET /api/households/:id/dues: a member's answer, for a household and a per-household fund. */
export type { HouseholdDuesAnswer }

type HouseholdDuesArgs = Omit<MemberDuesArgs, 'memberId'> & { householdId: number }

export const householdDuesApi = duesApi.injectEndpoints({
  endpoints: (build) => ({
    householdDues: build.query<HouseholdDuesAnswer, HouseholdDuesArgs>({
      query: duesYearPath,
      // Recording or voiding a household's payment invalidates `household-<id>` (duesApi).
      providesTags: (_result, _error, { householdId }) => payerStripTags({ householdId }),
    }),
  }),
})

export const { useHouseholdDuesQuery } = householdDuesApi
