import type { HouseholdStatementAnswer, StatementAnswer } from '../../domain'
import { duesApi } from './duesApi'

/** Whose yearly statement: a member's or a household's; the year omitted: the current one. */
export interface StatementArgs {
  payer: 'member' | 'household'
  id: number
  year?: number
}

/** A statement's URL on the API (the .xlsx adds format, lang and calendar). */
export const statementPath = ({ payer, id, year }: StatementArgs) =>
  `api/${payer === 'member' ? 'members' : 'households'}/${id}/statement${year ? `?year=${year}` : ''}`

export const statementApi = duesApi.injectEndpoints({
  endpoints: (build) => ({
    statement: build.query<StatementAnswer | HouseholdStatementAnswer, StatementArgs>({
      query: statementPath,
      providesTags: (_result, _error, { payer, id }) => [{ type: 'Payment', id: `${payer}-${id}` }],
    }),
  }),
})

export const { useStatementQuery } = statementApi
