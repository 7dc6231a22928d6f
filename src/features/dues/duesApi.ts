import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { api, type IdempotentCreate, idempotentPost } from '../../app/api'
import type {
  Fund,
  MemberDuesAnswer,
  Payment,
  PaymentInput,
  PaymentPage,
  ReceiptCheck,
} from '../../domain'
import { loadPreviewStrips } from './paymentPreview'

export type { Fund, Payment, PaymentInput, PaymentPage, ReceiptCheck } from '../../domain'

export interface MemberDuesArgs {
  memberId: number
  /** Ethiopian year; omitted: the current one. */
  year?: number
  fundId?: number
}

/** Whose dues a strip shows: a member's, or a household's for a per-household fund. */
export interface PayerDuesArgs {
  memberId?: number
  householdId?: number
  fundId: number
  years: readonly number[]
}

const duesTagged = api.enhanceEndpoints({ addTagTypes: ['Payment', 'Fund'] })

const duesPath = ({ memberId, householdId }: { memberId?: number; householdId?: number }) =>
  householdId !== undefined ? `api/households/${householdId}/dues` : `api/members/${memberId}/dues`

/** The tag of one payer's payments and strips: a household's, else a member's. */
const payerPaymentsTag = ({
  memberId,
  householdId,
}: {
  memberId?: number
  householdId?: number
}) => ({
  type: 'Payment' as const,
  id: householdId ? `household-${householdId}` : `member-${memberId}`,
})

/** A payer's own tag and its payments' tag: what its strip shows, and what its dues change. */
export const payerStripTags = (payer: { memberId: number } | { householdId: number }) => [
  'householdId' in payer
    ? { type: 'Household' as const, id: payer.householdId }
    : { type: 'Member' as const, id: payer.memberId },
  payerPaymentsTag(payer),
]

/** A payer's strip of one fund (else the server's first) and year (else the current one). */
export function duesYearPath(
  args: { memberId?: number; householdId?: number } & Omit<MemberDuesArgs, 'memberId'>,
) {
  const search = new URLSearchParams()
  if (args.fundId !== undefined) search.set('fund_id', String(args.fundId))
  if (args.year !== undefined) search.set('year', String(args.year))
  const text = search.toString()
  return `${duesPath(args)}${text ? `?${text}` : ''}`
}

export const duesApi = duesTagged.injectEndpoints({
  endpoints: (build) => ({
    memberDues: build.query<MemberDuesAnswer, MemberDuesArgs>({
      query: duesYearPath,
      providesTags: (_result, _error, { memberId }) => payerStripTags({ memberId }),
    }),
    /** Several years of a payer's strip at once: the payment form's preview of its months. */
    payerDuesYears: build.query<MemberDuesAnswer[], PayerDuesArgs>({
      async queryFn(args, _api, _options, baseQuery) {
        return loadPreviewStrips<FetchBaseQueryError>(args.years, async (year) => {
          const result = await baseQuery(duesYearPath({ ...args, year }))
          return result.error ? { error: result.error } : { data: result.data as MemberDuesAnswer }
        })
      },
      providesTags: (_result, _error, args) => [payerPaymentsTag(args)],
    }),
    funds: build.query<Fund[], void>({
      query: () => 'api/funds',
      providesTags: [{ type: 'Fund', id: 'LIST' }],
    }),
    /** The key is made once per dialog: a retried save never makes a second fund. */
    createFund: build.mutation<
      Fund,
      IdempotentCreate<Pick<Fund, 'kind' | 'payer' | 'name_am' | 'name_en' | 'name_om'>>
    >({
      query: idempotentPost('api/funds'),
      invalidatesTags: [{ type: 'Fund', id: 'LIST' }],
    }),
    updateFund: build.mutation<
      Fund,
      { id: number } & Partial<Pick<Fund, 'name_am' | 'name_en' | 'name_om' | 'active'>>
    >({
      query: ({ id, ...body }) => ({ url: `api/funds/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Fund', id: 'LIST' }],
    }),
    /** A dues fund's monthly amount from an Ethiopian month on ('' the standard rate). */
    addRate: build.mutation<
      Fund,
      { id: number; amount: number; from_month: string; category: string }
    >({
      query: ({ id, ...body }) => ({ url: `api/funds/${id}/rates`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Fund', id: 'LIST' }, 'Member'],
    }),
    /** A member's reduced-rate category and the month the office says dues start. */
    setMemberDues: build.mutation<
      unknown,
      { memberId: number; category?: string; start_month?: string | null }
    >({
      query: ({ memberId, ...body }) => ({
        url: `api/members/${memberId}/dues`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { memberId }) => payerStripTags({ memberId }),
    }),
    payments: build.query<PaymentPage, { memberId?: number; householdId?: number }>({
      query: ({ memberId, householdId }) =>
        householdId !== undefined
          ? `api/payments?household_id=${householdId}`
          : `api/payments?member_id=${memberId}`,
      providesTags: (_result, _error, args) => [payerPaymentsTag(args)],
    }),
    payment: build.query<Payment, number>({
      query: (id) => `api/payments/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id }],
    }),
    /** The key is made once per form: a retried submit never records a second payment. */
    recordPayment: build.mutation<Payment, IdempotentCreate<PaymentInput>>({
      query: idempotentPost('api/payments'),
      invalidatesTags: (_result, _error, { input }) => payerTags(input),
      // The receipt opens next from the answer itself: on a weak link, a second read could fail
      // and show "could not be loaded" for a payment that is recorded.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const recorded = await queryFulfilled.then(({ data }) => data).catch(() => undefined)
        if (recorded) await dispatch(duesApi.util.upsertQueryData('payment', recorded.id, recorded))
      },
    }),
    voidPayment: build.mutation<Payment, { payment: Payment; reason: string }>({
      query: ({ payment, reason }) => ({
        url: `api/payments/${payment.id}/void`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { payment }) => [
        { type: 'Payment', id: payment.id },
        ...payerTags({
          member_id: payment.member_id ?? undefined,
          household_id: payment.household_id ?? undefined,
        }),
      ],
    }),
    /** Admins forgive months (a council's decision), with the reason. */
    waiveMonths: build.mutation<
      unknown,
      {
        fund_id: number
        member_id?: number
        household_id?: number
        months: string[]
        reason: string
      }
    >({
      query: (body) => ({ url: 'api/dues/waivers', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => payerTags(body),
    }),
    receiptCheck: build.query<ReceiptCheck, string>({
      query: (code) => `api/receipts/verify/${encodeURIComponent(code)}`,
    }),
  }),
})

function payerTags({ member_id, household_id }: { member_id?: number; household_id?: number }) {
  return [
    ...(member_id ? [payerPaymentsTag({ memberId: member_id })] : []),
    ...(household_id ? [payerPaymentsTag({ householdId: household_id })] : []),
  ]
}

export const {
  useAddRateMutation,
  useCreateFundMutation,
  useSetMemberDuesMutation,
  useUpdateFundMutation,
  useFundsQuery,
  useMemberDuesQuery,
  usePayerDuesYearsQuery,
  usePaymentQuery,
  usePaymentsQuery,
  useReceiptCheckQuery,
  useRecordPaymentMutation,
  useVoidPaymentMutation,
  useWaiveMonthsMutation,
} = duesApi
