import {
  addDays,
  candidateMonthDays,
  lastMonths,
  monthOf,
  monthStart,
  recurrenceOn,
  recurrencesWithin,
  yearStart,
} from './calendarPeriods'
import { isoToEthiopian } from './ethiopianCalendar'

describe('months in either calendar', () => {
  it.each([
    ['2026-09-10', 'ethiopian', { year: 2018, month: 13 }],
    ['2026-09-11', 'ethiopian', { year: 2019, month: 1 }],
    ['2026-09-11', 'gregorian', { year: 2026, month: 9 }],
  ] as const)('names the month of %s in the %s calendar', (day, calendar, month) => {
    expect(monthOf(day, calendar)).toEqual(month)
  })

  it('counts back through Pagume and the year boundary', () => {
    expect(lastMonths('2026-09-20', 3, 'ethiopian')).toEqual([
      { year: 2018, month: 12 },
      { year: 2018, month: 13 },
      { year: 2019, month: 1 },
    ])
    expect(lastMonths('2026-01-15', 2, 'gregorian')).toEqual([
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
    ])
  })

  it('starts months and years on their first day', () => {
    expect(monthStart({ year: 2018, month: 13 }, 'ethiopian')).toBe('2026-09-06')
    expect(yearStart('2026-09-10', 'ethiopian')).toBe('2025-09-11')
    // Gregorian 2027 is a leap year, so Meskerem 1, 2020 is on 12 September.
    expect(yearStart('2027-12-01', 'ethiopian')).toBe('2027-09-12')
    expect(yearStart('2027-12-01', 'gregorian')).toBe('2027-01-01')
  })
})

describe('yearly recurrences', () => {
  it('repeats on the same day, at least a year on', () => {
    expect(recurrenceOn('1990-05-04', '2026-05-04', 'gregorian')).toBe(36)
    expect(recurrenceOn('2026-05-04', '2026-05-04', 'gregorian')).toBeUndefined()
    expect(recurrenceOn('1990-05-04', '2026-05-05', 'gregorian')).toBeUndefined()
  })

  it('moves the leap day of either calendar to the day before it in common years', () => {
    expect(recurrenceOn('2000-02-29', '2027-02-28', 'gregorian')).toBe(27)
    expect(recurrenceOn('2000-02-29', '2028-02-28', 'gregorian')).toBeUndefined()
    expect(recurrenceOn('2000-02-29', '2028-02-29', 'gregorian')).toBe(28)
    // Pagume 6, 2011 → Pagume 5, 2018 (common) and Pagume 6, 2019 (leap).
    expect(recurrenceOn('2019-09-11', '2026-09-10', 'ethiopian')).toBe(7)
    expect(recurrenceOn('2019-09-11', '2027-09-10', 'ethiopian')).toBeUndefined()
    expect(recurrenceOn('2019-09-11', '2027-09-11', 'ethiopian')).toBe(8)
  })

  it('lists every month-day a recurrence can be stored with (a superset)', () => {
    const missed: string[] = []
    let found = 0
    for (const calendar of ['gregorian', 'ethiopian'] as const) {
      for (let start = 0; start < 1500; start += 89) {
        const from = addDays('2024-01-01', start)
        const candidates = new Set(candidateMonthDays(from, 7, calendar))
        const recur = recurrencesWithin(from, 7, calendar)
        for (let d = 0; d < 366 * 4; d += 1) {
          const stored = addDays('1990-01-01', d)
          if (!recur(stored)) continue
          found += 1
          if (!candidates.has(stored.slice(5))) missed.push(`${calendar} ${from} ${stored}`)
        }
      }
    }
    expect(missed).toEqual([])
    expect(found).toBeGreaterThan(900)
  })

  it('finds an Ethiopian birthday on its Ethiopian day', () => {
    const recur = recurrencesWithin('2026-09-08', 7, 'ethiopian')
    const found = recur('2007-09-13')!
    expect(isoToEthiopian(found.on)).toMatchObject(
      isoToEthiopian('2007-09-13')!.month === 1 ? { month: 1, day: 2 } : {},
    )
    expect(found).toEqual({ on: '2026-09-12', years: 19 })
  })
})
