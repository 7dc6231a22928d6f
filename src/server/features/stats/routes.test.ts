import { fakeMember, randomSource } from '../../cli/seedMembers'
import { ageOn, isoToEthiopian, type MemberInput } from '../../../domain'
import { inputToColumns } from '../members/repository/rows'
import type { MemberStats } from './service'
import { recordEvent } from '../history/service'
import { createTestApp, createUserAndSignIn, testAppPerFile } from '../../testing/testApp'
import { expectRefusal } from '../../testing/responses'

type User = Awaited<ReturnType<typeof createUserAndSignIn>>

const {
  ctx,
  users: { owner, other },
} = testAppPerFile({ owner: 'stats-owner', other: 'stats-other' })

interface Seeded extends MemberInput {
  created_at: string
  transfer_date: string | null
}

async function insert(ownerId: number, members: Seeded[]) {
  for (let i = 0; i < members.length; i += 200) {
    await ctx.database.db
      .insertInto('members')
      .values(
        members.slice(i, i + 200).map(({ created_at, transfer_date, ...input }) => ({
          ...inputToColumns(input),
          owner_user_id: ownerId,
          registerd_by: 'seed',
          search_text: '',
          created_at,
          updated_at: created_at,
          transfer_date,
        })),
      )
      .execute()
  }
}

async function stats(user: User, query: string): Promise<MemberStats> {
  const res = await ctx.app.inject({ url: `/api/stats?${query}`, headers: user.auth })
  expect(res.statusCode).toBe(200)
  return res.json<MemberStats>()
}

const tally = <T>(items: T[], key: (item: T) => string | undefined) => {
  const counts: Record<string, number> = {}
  for (const item of items) {
    const k = key(item)
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1
  }
  return counts
}
const asRecord = <K extends string>(rows: ({ n: number } & Record<K, unknown>)[], key: K) =>
  Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [String(r[key]), r.n]))

/** Several owners' members with dates spread over two years, counted again in this test. */
describe('GET /api/stats over seeded members', () => {
  const TODAY = '2026-11-26'
  const random = randomSource(29)
  const instant = (day: number, minute: number) =>
    new Date(Date.parse('2024-11-01T00:00:00Z') + day * 86_400_000 + minute * 60_000).toISOString()
  const seeded: Seeded[] = Array.from({ length: 400 }, () => {
    const member = fakeMember(random)
    if (random.next() < 0.1) member.date_of_birth = null
    if (random.next() < 0.1) member.gender = null
    if (random.next() < 0.05) member.membership_status = null
    if (random.next() < 0.1) member.current_ministries = [...member.current_ministries, 'Tea team']
    // Birthdays this week and next, some on the very days.
    if (random.next() < 0.1)
      member.date_of_birth = `19${random.int(50, 99)}-12-0${random.int(1, 6)}`
    if (random.next() < 0.05)
      member.date_of_birth = `20${random.int(10, 24)}-11-2${random.int(5, 9)}`
    const created = instant(random.int(0, 755), random.int(0, 1439))
    const transferred =
      random.next() < 0.2 ? instant(random.int(700, 755), random.int(0, 1439)) : null
    return { ...member, created_at: created, transfer_date: transferred }
  })

  beforeAll(async () => {
    await insert(owner.id, seeded)
    // Another account's members count for no one else.
    await insert(
      other.id,
      Array.from({ length: 40 }, () => ({
        ...fakeMember(random),
        created_at: instant(750, 0),
        transfer_date: instant(754, 0),
      })),
    )
  })

  /** The user's local day of an instant, at a UTC offset in minutes. */
  const localDay = (iso: string, tz: number) =>
    new Date(Date.parse(iso) + tz * 60_000).toISOString().slice(0, 10)

  it.each([
    ['gregorian', 0],
    ['ethiopian', 180],
    ['ethiopian', -300],
  ] as const)(
    'counts every figure as the test does (%s, UTC offset %i min)',
    async (calendar, tz) => {
      const got = await stats(owner, `scope=mine&calendar=${calendar}&today=${TODAY}&tz=${tz}`)
      expect(got.total).toBe(seeded.length)
      expect(asRecord(got.by_status, 'status')).toEqual(
        tally(seeded, (m) => m.membership_status ?? ''),
      )
      expect(asRecord(got.gender, 'gender')).toEqual(tally(seeded, (m) => m.gender ?? ''))

      const band = (m: Seeded) => {
        if (!m.date_of_birth) return 'unknown'
        const age = ageOn(m.date_of_birth, TODAY)!
        if (age <= 12) return '0-12'
        if (age <= 18) return '13-18'
        if (age <= 30) return '19-30'
        if (age <= 45) return '31-45'
        if (age <= 60) return '46-60'
        return '60+'
      }
      expect(asRecord(got.age_bands, 'band')).toEqual(tally(seeded, band))

      const ministries: Record<string, number> = {}
      for (const m of seeded)
        for (const ministry of m.current_ministries)
          ministries[ministry] = (ministries[ministry] ?? 0) + 1
      expect(got.ministries.length).toBe(Math.min(20, Object.keys(ministries).length))
      for (const { ministry, n } of got.ministries) expect(n).toBe(ministries[ministry])
      const counts = got.ministries.map((m) => m.n)
      expect(counts).toEqual([...counts].sort((a, b) => b - a))
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(
        Math.max(
          0,
          ...Object.entries(ministries)
            .filter(([k]) => !got.ministries.some((m) => m.ministry === k))
            .map(([, n]) => n),
        ),
      )

      // Months and years as the test reckons them: Gregorian text, or the Ethiopian date.
      const monthKey = (day: string) => {
        if (calendar === 'gregorian') return `${Number(day.slice(0, 4))}-${Number(day.slice(5, 7))}`
        const e = isoToEthiopian(day)!
        return `${e.year}-${e.month}`
      }
      const yearOf = (day: string) => monthKey(day).split('-')[0]
      const days = seeded.map((m) => localDay(m.created_at, tz)).filter((day) => day <= TODAY)
      const byMonth = tally(days, monthKey)
      expect(got.registrations_by_month).toHaveLength(12)
      expect(got.registrations_by_month.at(-1)).toMatchObject({
        year: Number(monthKey(TODAY).split('-')[0]),
        month: Number(monthKey(TODAY).split('-')[1]),
      })
      for (const { year, month, n } of got.registrations_by_month)
        expect([`${year}-${month}`, n]).toEqual([
          `${year}-${month}`,
          byMonth[`${year}-${month}`] ?? 0,
        ])
      expect(got.new_this_month).toBe(days.filter((d) => monthKey(d) === monthKey(TODAY)).length)
      expect(got.new_this_year).toBe(days.filter((d) => yearOf(d) === yearOf(TODAY)).length)
      expect(got.transfers_in_this_month).toBe(
        seeded.filter(
          (m) => m.transfer_date && monthKey(localDay(m.transfer_date, tz)) === monthKey(TODAY),
        ).length,
      )
      // No member of this account was moved out (the history has none of its transfers).
      expect(got.transfers_out_this_month).toBe(0)

      // Birthdays in the next 7 days, found day by day in the calendar.
      const window = Array.from({ length: 7 }, (_, i) =>
        new Date(Date.parse(`${TODAY}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      )
      const monthDay = (day: string) =>
        calendar === 'gregorian'
          ? day.slice(5)
          : `${isoToEthiopian(day)!.month}-${isoToEthiopian(day)!.day}`
      const expected = seeded.filter(
        (m) =>
          m.date_of_birth && window.some((day) => monthDay(day) === monthDay(m.date_of_birth!)),
      )
      expect(got.this_week.birthdays.total).toBe(expected.length)
      expect(got.this_week.birthdays.total).toBeGreaterThan(0)
      expect(got.this_week.from).toBe(TODAY)
      expect(got.this_week.to).toBe(window[6])
      const ons = got.this_week.birthdays.items.map((item) => item.on)
      expect(ons).toEqual([...ons].sort())
      for (const item of got.this_week.birthdays.items) {
        expect(monthDay(item.on)).toBe(monthDay(item.date))
        expect(item.first_name).toBeTruthy()
      }
      const baptisms = seeded.filter(
        (m) => m.baptism_date && window.some((day) => monthDay(day) === monthDay(m.baptism_date!)),
      )
      expect(got.this_week.baptisms.total).toBe(baptisms.length)
    },
  )

  it("counts another account's members for it alone", async () => {
    const got = await stats(other, `today=${TODAY}`)
    expect(got.total).toBe(40)
    expect(got.transfers_in_this_month).toBe(40)
  })

  it("lets an auditor count every account's members, and one account's, but not a clerk", async () => {
    const auditor = await createUserAndSignIn(ctx, 'stats-auditor', undefined, { role: 'auditor' })
    const mine = (await stats(owner, `today=${TODAY}`)).total
    expect((await stats(auditor, `owner=all&today=${TODAY}`)).total).toBe(mine + 40)
    expect((await stats(auditor, `owner=${other.id}&today=${TODAY}`)).total).toBe(40)
    expect((await stats(other, `owner=all&today=${TODAY}`)).total).toBe(40)
    const res = await ctx.app.inject({ url: '/api/stats?owner=abc', headers: auditor.auth })
    expect(res.statusCode).toBe(400)
  })

  it.each([
    ['calendar=julian', 'calendar'],
    ['scope=bogus', 'scope'],
    ['today=2026-02-30', 'today'],
    ['today=yesterday', 'today'],
    ['tz=900', 'tz'],
    ['tz=abc', 'tz'],
  ])('refuses %s with a 400', async (query) => {
    const res = await ctx.app.inject({ url: `/api/stats?${query}`, headers: owner.auth })
    expectRefusal(res, 400)
  })

  it('names no church unless CHURCH_NAME is set, and the one set', async () => {
    expect((await stats(owner, `today=${TODAY}`)).church_name).toBeNull()
    const named = await createTestApp({ churchName: 'Debre Selam Medhane Alem' })
    try {
      const user = await createUserAndSignIn(named, 'stats-named')
      const res = await named.app.inject({ url: `/api/stats?today=${TODAY}`, headers: user.auth })
      expect(res.json()).toMatchObject({ church_name: 'Debre Selam Medhane Alem', total: 0 })
    } finally {
      await named.close()
    }
  })

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ url: '/api/stats' })
    expect(res.statusCode).toBe(401)
  })
})

/** Transfers out come from the history's member_transfer events, counted in the user's month. */
describe('GET /api/stats transfers out of the account', () => {
  const TODAY = '2026-11-26'
  let a: User
  let b: User
  let c: User
  let auditor: User
  // [from, to, at]: each a member_transfer event as the transfer routes record it.
  let moves: [User, User, string][]

  beforeAll(async () => {
    a = await createUserAndSignIn(ctx, 'xfer-a')
    b = await createUserAndSignIn(ctx, 'xfer-b')
    c = await createUserAndSignIn(ctx, 'xfer-c')
    auditor = await createUserAndSignIn(ctx, 'xfer-auditor', undefined, { role: 'auditor' })
    moves = [
      [a, b, '2026-10-15T09:00:00.000Z'], // last month
      [a, b, '2026-10-31T22:30:00.000Z'], // 1 November at UTC+3
      [a, c, '2026-11-02T10:00:00.000Z'],
      [a, b, '2026-11-26T08:00:00.000Z'],
      [a, c, '2026-11-27T09:00:00.000Z'], // after today
      [b, a, '2026-11-10T12:00:00.000Z'],
    ]
    for (const [from, to, at] of moves) {
      await recordEvent(ctx.database.db, {
        actor: { id: from.id, username: from.username },
        action: 'member_transfer',
        memberId: 900_000,
        subjectUserId: to.id,
        details: { changes: { owner_user_id: [from.id, to.id] }, to_username: to.username },
        at: new Date(at),
      })
    }
  })

  /** Counted again here: the moves out of `who` in the local month of TODAY, up to its end. */
  const expected = (who: User | null, tz: number, monthStartUtc: string) => {
    const end = Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000 - tz * 60_000
    const start = Date.parse(monthStartUtc) - tz * 60_000
    return moves.filter(
      ([from, , at]) =>
        (who === null || from.id === who.id) && Date.parse(at) >= start && Date.parse(at) < end,
    ).length
  }

  it.each([
    ['gregorian', 0, '2026-11-01T00:00:00Z', 2],
    ['gregorian', 180, '2026-11-01T00:00:00Z', 3],
    // Hidar 1, 2019 is 10 November 2026.
    ['ethiopian', 0, '2026-11-10T00:00:00Z', 1],
  ] as const)('counts %s months at UTC offset %i min', async (calendar, tz, start, count) => {
    const got = await stats(a, `calendar=${calendar}&today=${TODAY}&tz=${tz}`)
    expect(got.transfers_out_this_month).toBe(count)
    expect(expected(a, tz, start)).toBe(count)
  })

  it('counts one account’s moves for it alone, and every move for every account', async () => {
    expect(
      (await stats(b, `today=${TODAY}&calendar=gregorian&tz=0`)).transfers_out_this_month,
    ).toBe(1)
    expect(
      (await stats(c, `today=${TODAY}&calendar=gregorian&tz=0`)).transfers_out_this_month,
    ).toBe(0)
    const all = await stats(auditor, `owner=all&today=${TODAY}&calendar=gregorian&tz=0`)
    expect(all.transfers_out_this_month).toBe(expected(null, 0, '2026-11-01T00:00:00Z'))
    expect(all.transfers_out_this_month).toBe(3)
    const ofA = await stats(auditor, `owner=${a.id}&today=${TODAY}&calendar=gregorian&tz=0`)
    expect(ofA.transfers_out_this_month).toBe(2)
  })
})

describe('GET /api/stats on calendar edges', () => {
  let user: User
  const member = (overrides: Partial<Seeded>): Seeded => ({
    ...fakeMember(randomSource(1)),
    created_at: '2020-01-01T00:00:00.000Z',
    transfer_date: null,
    date_of_birth: null,
    baptism_date: null,
    date_joined: null,
    ...overrides,
  })
  beforeAll(async () => {
    user = await createUserAndSignIn(ctx, 'stats-edges')
    await insert(user.id, [
      // Registrations around the Ethiopian year's turn (Meskerem 1, 2019 = 2026-09-11).
      member({ created_at: '2026-09-05T08:00:00.000Z' }), // Nehase 30, 2018
      member({ created_at: '2026-09-06T08:00:00.000Z' }), // Pagume 1, 2018
      member({ created_at: '2026-09-10T08:00:00.000Z' }), // Pagume 5, 2018
      // 01:30 on 2026-09-11 in Addis Ababa (UTC+3): Meskerem 1, 2019 there.
      member({ created_at: '2026-09-10T22:30:00.000Z' }),
      member({ created_at: '2026-09-20T08:00:00.000Z' }), // Meskerem 10, 2019
      // Born on Pagume 6, 2011 (a leap year): Pagume 5 in the common year 2018.
      member({ date_of_birth: '2019-09-11' }),
      // Born on Meskerem 2, 2000: on 2026-09-12 in the Ethiopian calendar.
      member({ date_of_birth: '2007-09-13' }),
      // Born on February 29 and on January 2 (Gregorian).
      member({ date_of_birth: '2000-02-29' }),
      member({ date_of_birth: '1990-01-02', baptism_date: '2010-12-30' }),
    ])
  })

  it('buckets Ethiopian months across the year boundary, Pagume as the 13th', async () => {
    const got = await stats(user, 'calendar=ethiopian&today=2026-09-20&tz=180')
    expect(got.registrations_by_month.slice(-3)).toEqual([
      { year: 2018, month: 12, n: 1 },
      { year: 2018, month: 13, n: 2 },
      { year: 2019, month: 1, n: 2 },
    ])
    expect(got.registrations_by_month[0]).toMatchObject({ year: 2018, month: 3 })
    expect(got.new_this_month).toBe(2)
    expect(got.new_this_year).toBe(2)
    // In UTC the late registration is still Pagume 5.
    const utc = await stats(user, 'calendar=ethiopian&today=2026-09-20&tz=0')
    expect(utc.registrations_by_month.slice(-2).map((m) => m.n)).toEqual([3, 1])
    const gregorian = await stats(user, 'calendar=gregorian&today=2026-09-20&tz=180')
    expect(gregorian.registrations_by_month.at(-1)).toEqual({ year: 2026, month: 9, n: 5 })
    expect(gregorian.new_this_year).toBe(5)
  })

  it('counts the Ethiopian year from Meskerem 1 even in Pagume, when 12 months leave it out', async () => {
    // Today is Pagume 5, 2018; the registration on 2026-09-20 is after today and not counted.
    const got = await stats(user, 'calendar=ethiopian&today=2026-09-10&tz=0')
    expect(got.registrations_by_month.at(-1)).toEqual({ year: 2018, month: 13, n: 3 })
    expect(got.registrations_by_month[0]).toMatchObject({ year: 2018, month: 2 })
    expect(got.new_this_month).toBe(3)
    expect(got.new_this_year).toBe(4)
  })

  const names = (list: MemberStats['this_week']['birthdays']) =>
    list.items.map((item) => [item.date, item.on, item.years])

  it('moves a Pagume 6 birthday to Pagume 5 in a common year, across the Ethiopian new year', async () => {
    const got = await stats(user, 'calendar=ethiopian&today=2026-09-08')
    expect(names(got.this_week.birthdays)).toEqual([
      ['2019-09-11', '2026-09-10', 7],
      ['2007-09-13', '2026-09-12', 19],
    ])
    // In the Gregorian calendar the same dates repeat on their own days.
    const gregorian = await stats(user, 'calendar=gregorian&today=2026-09-08')
    expect(names(gregorian.this_week.birthdays)).toEqual([
      ['2019-09-11', '2026-09-11', 7],
      ['2007-09-13', '2026-09-13', 19],
    ])
  })

  it('keeps Pagume 6 in a leap year', async () => {
    // Ethiopian 2019 is a leap year: Pagume 6, 2019 = 2027-09-11.
    const got = await stats(user, 'calendar=ethiopian&today=2027-09-09')
    expect(names(got.this_week.birthdays)[0]).toEqual(['2019-09-11', '2027-09-11', 8])
  })

  it('finds birthdays and anniversaries across the year end', async () => {
    const got = await stats(user, 'calendar=gregorian&today=2026-12-28')
    expect(names(got.this_week.birthdays)).toEqual([['1990-01-02', '2027-01-02', 37]])
    expect(names(got.this_week.baptisms)).toEqual([['2010-12-30', '2026-12-30', 16]])
  })

  it('moves February 29 to February 28 in a common year, and keeps it in a leap year', async () => {
    const common = await stats(user, 'calendar=gregorian&today=2027-02-25')
    expect(names(common.this_week.birthdays)).toEqual([['2000-02-29', '2027-02-28', 27]])
    const leap = await stats(user, 'calendar=gregorian&today=2028-02-25')
    expect(names(leap.this_week.birthdays)).toEqual([['2000-02-29', '2028-02-29', 28]])
  })
})
