import {
  addMonths,
  ethiopianYearOf,
  firstMonthFrom,
  isDuesMonth,
  monthOfDay,
  monthRange,
  monthsBetween,
  yearMonths,
} from './duesMonth'

describe('dues months', () => {
  it.each(['2018-01', '2018-12'])('accepts %p: YYYY-MM with a month 01–12', (month) => {
    expect(isDuesMonth(month)).toBe(true)
  })

  it.each(['2018-13', '2018-00', '2018-1', '18-01', '2018-01-01', 201801, null, ''])(
    'refuses %p: not YYYY-MM with a month 01–12',
    (bad) => {
      expect(isDuesMonth(bad)).toBe(false)
    },
  )

  it('counts months across the year’s end, skipping no Pagume month', () => {
    expect(addMonths('2018-12', 1)).toBe('2019-01')
    expect(addMonths('2018-01', -1)).toBe('2017-12')
    expect(addMonths('2018-05', 24)).toBe('2020-05')
    expect(monthsBetween('2017-11', '2018-02')).toBe(3)
    expect(monthRange('2017-11', '2018-02')).toEqual(['2017-11', '2017-12', '2018-01', '2018-02'])
    expect(monthRange('2018-02', '2018-01')).toEqual([])
    expect(yearMonths(2018)).toHaveLength(12)
  })

  it('places Gregorian days in Ethiopian months', () => {
    // 1 Meskerem 2018 = 11 September 2025; 30 Nehase 2017 = 5 September 2025.
    expect(monthOfDay('2025-09-11')).toBe('2018-01')
    expect(monthOfDay('2025-09-05')).toBe('2017-12')
    expect(monthOfDay('2026-01-09')).toBe('2018-05') // 1 Tir 2018
    expect(monthOfDay('2026-13-01')).toBeUndefined()
  })

  it('Pagume belongs to no month: Nehase so far, Meskerem from', () => {
    // 1–5 Pagume 2017 = 6–10 September 2025.
    for (const day of ['2025-09-06', '2025-09-10']) {
      expect(monthOfDay(day)).toBe('2017-12')
      expect(firstMonthFrom(day)).toBe('2018-01')
      expect(ethiopianYearOf(day)).toBe(2017)
    }
    // A leap year's sixth Pagume day: 6 Pagume 2015 = 11 September 2023.
    expect(monthOfDay('2023-09-11')).toBe('2015-12')
    expect(firstMonthFrom('2023-09-11')).toBe('2016-01')
    expect(firstMonthFrom('2025-09-11')).toBe('2018-01')
  })
})
