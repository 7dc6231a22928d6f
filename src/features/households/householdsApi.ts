import { api, type IdempotentCreate, idempotentPost } from '../../app/api'
import type { Household, HouseholdInput, HouseholdPage, HouseholdRole } from '../../domain'
import { cursorPagedQuery } from '../../shared/cursorPages'
import type { MemberListItem } from '../members'

/** Households fetched per page of the list. */
export const HOUSEHOLD_PAGE_SIZE = 50

export interface HouseholdListArgs {
  q: string
  /** Admins and auditors: 'all' shows every account's; clerks: absent. */
  owner?: string
}

export interface MembershipArgs {
  householdId: number
  memberId: number
  role: HouseholdRole
}

/** A membership change shows on the household, the member's profile and the member list. */
const membershipTags = (householdId: number, memberId: number) => [
  { type: 'Household' as const, id: householdId },
  { type: 'Household' as const, id: 'LIST' },
  { type: 'Member' as const, id: memberId },
]

/** The household calls of docs/api.md (issue 44). */
export const householdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    householdList: build.infiniteQuery<HouseholdPage, HouseholdListArgs, string | null>({
      ...cursorPagedQuery('api/households', HOUSEHOLD_PAGE_SIZE, ({ q, owner }) => ({
        ...(q.trim() ? { q: q.trim() } : {}),
        ...(owner ? { owner } : {}),
      })),
      providesTags: [{ type: 'Household', id: 'LIST' }],
    }),
    // The member list's own search (GET /api/members/search), for linking a member.
    householdMemberSearch: build.query<{ items: MemberListItem[] }, string>({
      query: (q) => ({ url: 'api/members/search', params: { q, limit: 20, count: false } }),
      keepUnusedDataFor: 0,
    }),
    getHousehold: build.query<Household, number>({
      query: (id) => `api/households/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Household', id }],
      keepUnusedDataFor: 0,
    }),
    /** The key is made once per form: a retried save never makes a second household. */
    createHousehold: build.mutation<Household, IdempotentCreate<Partial<HouseholdInput>>>({
      query: idempotentPost('api/households'),
      invalidatesTags: [{ type: 'Household', id: 'LIST' }],
    }),
    updateHousehold: build.mutation<Household, { id: number; values: Partial<HouseholdInput> }>({
      query: ({ id, values }) => ({ url: `api/households/${id}`, method: 'PUT', body: values }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Household', id },
        { type: 'Household', id: 'LIST' },
      ],
    }),
    deleteHousehold: build.mutation<void, number>({
      query: (id) => ({ url: `api/households/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Household', id: 'LIST' }, 'Member'],
    }),
    setHouseholdMember: build.mutation<Household, MembershipArgs>({
      query: ({ householdId, memberId, role }) => ({
        url: `api/households/${householdId}/members/${memberId}`,
        method: 'PUT',
        body: { role },
      }),
      // A move also changes the household the member left: every household is refetched.
      invalidatesTags: (_result, _error, { householdId, memberId }) => [
        ...membershipTags(householdId, memberId),
        'Household',
      ],
    }),
    removeHouseholdMember: build.mutation<Household, Omit<MembershipArgs, 'role'>>({
      query: ({ householdId, memberId }) => ({
        url: `api/households/${householdId}/members/${memberId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { householdId, memberId }) =>
        membershipTags(householdId, memberId),
    }),
  }),
})

export const {
  useHouseholdListInfiniteQuery,
  useGetHouseholdQuery,
  useHouseholdMemberSearchQuery,
  useCreateHouseholdMutation,
  useUpdateHouseholdMutation,
  useDeleteHouseholdMutation,
  useSetHouseholdMemberMutation,
  useRemoveHouseholdMemberMutation,
} = householdsApi

/** Puts a member into a household in its role: a registration sent from the offline queue. */
export const placeInHousehold = (args: MembershipArgs) =>
  householdsApi.endpoints.setHouseholdMember.initiate(args)
