import type { CalendarMonth, StatsCalendar } from './calendarPeriods'

/** The dashboard's age bands; `unknown` counts members without a date of birth. */
export const AGE_BANDS = ['0-12', '13-18', '19-30', '31-45', '46-60', '60+'] as const
export type AgeBand = (typeof AGE_BANDS)[number] | 'unknown'

/** A birthday or anniversary of the coming week (GET /api/stats). */
export interface UpcomingDate {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  /** The stored (Gregorian) date, the day it recurs on this week, and the years since. */
  date: string
  on: string
  years: number
}

export interface UpcomingList {
  total: number
  items: UpcomingDate[]
}

/** GET /api/stats (docs/api.md): the home dashboard's figures. */
export interface MemberStats {
  /** CHURCH_NAME of the server (the report's header); null when unset. */
  church_name?: string | null
  today: string
  calendar: StatsCalendar
  total: number
  by_status: { status: string; n: number }[]
  new_this_month: number
  new_this_year: number
  transfers_in_this_month: number
  /**
   * Members moved out of the account this month (the history's transfers); for every account,
   * moves between accounts. null from servers older than the history.
   */
  transfers_out_this_month: number | null
  gender: { gender: string; n: number }[]
  age_bands: { band: AgeBand; n: number }[]
  ministries: { ministry: string; n: number }[]
  registrations_by_month: (CalendarMonth & { n: number })[]
  this_week: {
    from: string
    to: string
    birthdays: UpcomingList
    baptisms: UpcomingList
    memberships: UpcomingList
  }
  /** Households and members in none (issue 44); absent from older servers. */
  households?: { total: number; members_without: number }
  /**
   * Dues (issue 46): valid payments received in today's Ethiopian month (minor units) and the
   * members with an ended month unpaid (null without a dues fund or above 5,000 members in
   * scope: the arrears report counts those); absent from older servers.
   */
  dues?: {
    currency: string
    month: string
    collected: number
    payments: number
    members_in_arrears: number | null
  }
}
