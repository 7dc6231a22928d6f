// GET /api/stats: the home dashboard's figures. The SQL aggregates come from
// repositories/memberStats; this file decides the periods in the user's calendar and day.
import {
  addDays,
  AGE_BANDS,
  type AgeBand,
  type MemberStats,
  type UpcomingDate,
  type Recurrence,
  candidateMonthDays,
  lastMonths,
  monthOf,
  monthStart,
  recurrencesWithin,
  type StatsCalendar,
  yearStart,
} from '../../../domain'
import {
  countByGenderAndAge,
  countByMinistry,
  countByStatus,
  countCreatedBetween,
  countTransferredOutBetween,
  countTransferredSince,
  findByMonthDays,
  findNames,
  type RecurringDate,
  type StatsOwner,
} from './repository'
import type { Db } from '../../db/tables'

export const UPCOMING_DAYS = 7
/** Names listed per kind of date; `total` says how many there are in all. */
export const UPCOMING_LIMIT = 30
export const MINISTRY_LIMIT = 20
const MONTHS_SHOWN = 12

export interface StatsRequest {
  owner: StatsOwner
  /** The user's own date today (yyyy-mm-dd), and their offset from UTC in minutes. */
  today: string
  tzMinutes: number
  calendar: StatsCalendar
}

export type { MemberStats }

/** The UTC instant (ISO text, as timestamps are stored) at which the user's `day` begins. */
export function localMidnightUtc(day: string, tzMinutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - tzMinutes * 60_000).toISOString()
}

/** The last birth date of someone `age` or older on `today` (ageOn's rule, as text). */
function bornBy(today: string, age: number): string {
  return `${String(Number(today.slice(0, 4)) - age).padStart(4, '0')}${today.slice(4)}`
}

/** Which of the owner's `column` dates recur this week, soonest first (names not yet read). */
async function upcoming(db: Db, request: StatsRequest, column: RecurringDate) {
  const candidates = candidateMonthDays(request.today, UPCOMING_DAYS, request.calendar)
  const rows = await findByMonthDays(db, request.owner, column, candidates)
  const recurrence = recurrencesWithin(request.today, UPCOMING_DAYS, request.calendar)
  const found: (Recurrence & { id: number; date: string })[] = []
  for (const row of rows) {
    const next = recurrence(row.date)
    if (next) found.push({ id: row.id, date: row.date, on: next.on, years: next.years })
  }
  // ISO dates order as plain text; localeCompare (ICU) cost more than the queries here.
  found.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.id - b.id))
  return { total: found.length, items: found.slice(0, UPCOMING_LIMIT) }
}

type Upcoming = Awaited<ReturnType<typeof upcoming>>

/** Reads the names of the members listed, in one query for the three lists. */
async function withNames(db: Db, lists: readonly Upcoming[]) {
  const names = new Map(
    (
      await findNames(db, [...new Set(lists.flatMap((list) => list.items.map((item) => item.id)))])
    ).map((row) => [row.id, row]),
  )
  return lists.map((list) => ({
    total: list.total,
    items: list.items.flatMap((item): UpcomingDate[] => {
      const name = names.get(item.id)
      return name ? [{ ...name, ...item }] : []
    }),
  }))
}

export async function memberStats(db: Db, request: StatsRequest): Promise<MemberStats> {
  const { owner, today, tzMinutes, calendar } = request
  const months = lastMonths(today, MONTHS_SHOWN, calendar)
  const thisMonth = monthStart(monthOf(today, calendar), calendar)
  const thisYear = yearStart(today, calendar)
  // Where each month shown and the year begin, and where today ends, as the user's midnights.
  const starts = [...new Set([...months.map((m) => monthStart(m, calendar)), thisYear])].sort()
  const instants = [...starts, addDays(today, 1)].map((day) => localMidnightUtc(day, tzMinutes))

  const [byStatus, genderAge, transfersIn, transfersOut, createdBetween, ministries, ...dates] =
    await Promise.all([
      countByStatus(db, owner),
      countByGenderAndAge(
        db,
        owner,
        [13, 19, 31, 46, 61].map((age) => bornBy(today, age)),
      ),
      countTransferredSince(db, owner, localMidnightUtc(thisMonth, tzMinutes)),
      countTransferredOutBetween(
        db,
        owner,
        localMidnightUtc(thisMonth, tzMinutes),
        instants[instants.length - 1],
      ),
      countCreatedBetween(db, owner, instants),
      countByMinistry(db, owner, MINISTRY_LIMIT),
      upcoming(db, request, 'date_of_birth'),
      upcoming(db, request, 'baptism_date'),
      upcoming(db, request, 'date_joined'),
    ] as const)
  const [birthdays, baptisms, memberships] = await withNames(db, dates)
  // Registrations from a start day on: the counts of its range and every later one.
  const since = (day: string) =>
    createdBetween.slice(starts.indexOf(day)).reduce((sum, n) => sum + n, 0)
  const registrations = months.map((month, i) => {
    const next = months[i + 1]
    const from = since(monthStart(month, calendar))
    return { ...month, n: next ? from - since(monthStart(next, calendar)) : from }
  })

  const gender = new Map<string, number>()
  const bands = new Map<AgeBand, number>()
  for (const row of genderAge) {
    gender.set(row.gender, (gender.get(row.gender) ?? 0) + row.n)
    bands.set(row.band, (bands.get(row.band) ?? 0) + row.n)
  }
  const statuses = byStatus.filter((row) => row.n > 0)
  return {
    today,
    calendar,
    total: statuses.reduce((sum, row) => sum + row.n, 0),
    by_status: statuses,
    new_this_month: since(thisMonth),
    new_this_year: since(thisYear),
    transfers_in_this_month: transfersIn,
    transfers_out_this_month: transfersOut,
    gender: [...gender].filter(([, n]) => n > 0).map(([key, n]) => ({ gender: key, n })),
    age_bands: [...AGE_BANDS, 'unknown' as const].map((band) => ({
      band,
      n: bands.get(band) ?? 0,
    })),
    ministries,
    registrations_by_month: registrations,
    this_week: {
      from: today,
      to: addDays(today, UPCOMING_DAYS - 1),
      birthdays,
      baptisms,
      memberships,
    },
  }
}
