import { api } from '../../app/api'
import type { HouseholdDuesAnswer } from '../../domain'

export interface HouseholdDuesArgs {
  householdId: number
  /** A per-household dues fund; omitted: the first active one. */
  fundId?: number
  /** Ethiopian year; omitted: the current one. */
  year?: number
}

/**
 * GET /api/households/:id/dues, the household page's strip of a per-household fund; a screen
 * uses `householdDuesApi.useHouseholdDuesQuery`.
 */
export const householdDuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    householdDues: build.query<HouseholdDuesAnswer, HouseholdDuesArgs>({
      query: ({ householdId, fundId, year }) => {
        const params = new URLSearchParams()
        if (fundId !== undefined) params.set('fund_id', String(fundId))
        if (year !== undefined) params.set('year', String(year))
        const search = params.toString()
        return `api/households/${householdId}/dues${search ? `?${search}` : ''}`
      },
      // A payment, void or waiver of the household invalidates it as a household change does.
      providesTags: (_result, _error, { householdId }) => [{ type: 'Household', id: householdId }],
    }),
  }),
})
