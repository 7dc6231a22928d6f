// The dues reports' answers (issue 46), one definition for the server's schemas and the
// client's screens: collections by fund and Ethiopian month, arrears and the good-standing list.

export const ARREARS_SORTS = ['months_desc', 'months_asc', 'amount_desc', 'name'] as const
export type ArrearsSort = (typeof ARREARS_SORTS)[number]

export interface MonthSum {
  /** Ethiopian `YYYY-MM`; `YYYY-13` is Pagume. */
  month: string
  count: number
  amount: number
}

/** Valid payments received in an Ethiopian year, per fund and month of the day received. */
export interface Collections {
  year: number
  currency: string
  funds: {
    fund_id: number
    name_am: string
    name_en: string
    name_om: string
    kind: string
    months: MonthSum[]
    total: { count: number; amount: number }
  }[]
  /** Every fund together, month by month (thirteen: Pagume last). */
  months: MonthSum[]
  total: { count: number; amount: number }
}

/** Months and amount in arrears (ended months), and the oldest month still owed or null. */
interface Owing {
  owner_username: string | null
  phone: string | null
  months: number
  amount: number
  oldest_month: string | null
}

/** One member's standing in a report of a per-member fund. */
export interface PayerLine extends Owing {
  member_id: number
  first_name: string
  last_name: string
}

/** One household's standing in a report of a per-household fund (phone: the home phone). */
export interface HouseholdLine extends Owing {
  household_id: number
  name: string
}

export type ReportLine = PayerLine | HouseholdLine

/** A page of a report: member lines, or household lines (payer 'household') for such a fund. */
export interface ReportPage<L extends ReportLine = PayerLine> {
  fund_id: number
  payer: 'member' | 'household'
  currency: string
  current_month: string
  /** Lines matching the filter, all pages together. */
  count: number
  items: L[]
  next_cursor: string | null
}

/** Who owes, with what the matching lines owe together. */
export interface ArrearsReport<L extends ReportLine = PayerLine> extends ReportPage<L> {
  amount: number
}

/** The voters' roll: payers in good standing by the church's rule, by name. */
export interface GoodStandingReport<L extends ReportLine = PayerLine> extends ReportPage<L> {
  rule: { kind: 'max_unpaid' | 'last_paid'; months: number }
}

/** A line's payer: a member's number and name, or a household's. */
export const lineName = (line: ReportLine): string =>
  'member_id' in line ? `${line.first_name} ${line.last_name}`.trim() : line.name
export const lineId = (line: ReportLine): number =>
  'member_id' in line ? line.member_id : line.household_id
