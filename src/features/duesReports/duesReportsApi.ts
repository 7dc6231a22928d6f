// The calls of the cash-up and the dues reports (docs/api.md, issue 46).
import { api } from '../../app/api'
import type {
  ArrearsReport,
  ArrearsSort,
  Collections,
  GoodStandingReport,
  ReportLine,
} from '../../domain'
import { cursorPagedQuery } from '../../shared/cursorPages'

export interface CashUpTotal {
  count: number
  amount: number
}

export interface CashUpPayment {
  id: number
  receipt_number: string
  fund_id: number
  member_id: number | null
  household_id: number | null
  payer_name: string | null
  amount: number
  method: string
  reference: string | null
  status: 'valid' | 'void'
}

export interface CashUpClerk {
  user_id: number
  username: string
  closed: { at: string; by: string; payment_count: number; total: number } | null
  payments: CashUpPayment[]
  total: CashUpTotal
  by_method: ({ method: string } & CashUpTotal)[]
  by_fund: ({ fund_id: number } & CashUpTotal)[]
}

export interface CashUp {
  day: string
  currency: string
  clerks: CashUpClerk[]
}

export interface ReportFund {
  id: number
  kind: 'dues' | 'gift'
  payer: 'member' | 'household'
  name_am: string
  name_en: string
  name_om: string
  active: boolean
}

export type { ArrearsSort, Collections, ReportLine } from '../../domain'
/** A page of the arrears: member lines, or household lines for a per-household fund. */
export type ArrearsPage = ArrearsReport<ReportLine>
export type GoodStandingPage = GoodStandingReport<ReportLine>
export type ReportPayer = 'member' | 'household'

export interface ArrearsArgs {
  minMonths: number
  sort: ArrearsSort
  payer: ReportPayer
}

/** Lines fetched per page of the arrears and good-standing lists. */
export const REPORT_PAGE_SIZE = 100

export const duesReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    cashUp: build.query<CashUp, string>({
      query: (day) => ({ url: 'api/cash-up', params: { day } }),
      keepUnusedDataFor: 0,
    }),
    closeDay: build.mutation<CashUpClerk, { day: string; userId: number }>({
      query: ({ day, userId }) => ({
        url: 'api/cash-up/close',
        method: 'POST',
        body: { day, user_id: userId },
      }),
    }),
    reportFunds: build.query<ReportFund[], void>({ query: () => 'api/funds' }),
    collections: build.query<Collections, number>({
      query: (year) => ({ url: 'api/reports/collections', params: { year, owner: 'all' } }),
      keepUnusedDataFor: 0,
    }),
    arrears: build.infiniteQuery<ArrearsPage, ArrearsArgs, string | null>({
      ...cursorPagedQuery('api/reports/arrears', REPORT_PAGE_SIZE, (arg: ArrearsArgs) => ({
        owner: 'all',
        min_months: arg.minMonths,
        sort: arg.sort,
        payer: arg.payer,
      })),
      keepUnusedDataFor: 0,
    }),
    goodStanding: build.infiniteQuery<GoodStandingPage, ReportPayer, string | null>({
      ...cursorPagedQuery('api/reports/good-standing', REPORT_PAGE_SIZE, (payer: ReportPayer) => ({
        owner: 'all',
        payer,
      })),
      keepUnusedDataFor: 0,
    }),
  }),
})

export const {
  useCashUpQuery,
  useCloseDayMutation,
  useReportFundsQuery,
  useCollectionsQuery,
  useArrearsInfiniteQuery,
  useGoodStandingInfiniteQuery,
} = duesReportsApi
