// The calls of the cash-up and the dues reports (docs/api.md, issue 46).
import { api } from '../../app/api'
import type {
  ArrearsReport,
  ArrearsSort,
  CashUp,
  CashUpClerk,
  Collections,
  Fund,
  GoodStandingReport,
  ReportLine,
} from '../../domain'
import { cursorPagedQuery } from '../../shared/cursorPages'

export type { CashUp, CashUpClerk, CashUpPayment } from '../../domain'
/** A fund as the reports list it: without its rates. */
export type ReportFund = Omit<Fund, 'rates'>

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
    /** Closes the day as shown: the server refuses it if its totals changed meanwhile. */
    closeDay: build.mutation<
      CashUpClerk,
      { day: string; userId: number; shown: { count: number; amount: number } }
    >({
      query: ({ day, userId, shown }) => ({
        url: 'api/cash-up/close',
        method: 'POST',
        body: { day, user_id: userId, expected_count: shown.count, expected_total: shown.amount },
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
