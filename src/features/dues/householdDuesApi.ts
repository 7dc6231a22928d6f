import type { HouseholdDuesAnswer } from '../../domain'
import { duesApi } from './duesApi'

/** GET /api/households/:id/dues: a member's answer, for a household and a per-household fund. */
export type { HouseholdDuesAnswer }

interface HouseholdDuesArgs {
  householdId: number
  fundId?: number
  /** Ethiopian year; omitted: the current one. */
  year?: number
}

export const householdDuesApi = duesApi.injectEndpoints({
  endpoints: (build) => ({
    householdDues: build.query<HouseholdDuesAnswer, HouseholdDuesArgs>({
      query: ({ householdId, year, fundId }) => {
        const search = new URLSearchParams()
        if (fundId !== undefined) search.set('fund_id', String(fundId))
        if (year !== undefined) search.set('year', String(year))
        const text = search.toString()
        return `api/households/${householdId}/dues${text ? `?${text}` : ''}`
      },
      // Recording or voiding a household's payment invalidates `household-<id>` (duesApi).
      providesTags: (_result, _error, { householdId }) => [
        { type: 'Household', id: householdId },
        { type: 'Payment', id: `household-${householdId}` },
      ],
    }),
  }),
})

export const { useHouseholdDuesQuery } = householdDuesApi
