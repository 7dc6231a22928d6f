import {
  ETHIOPIAN_MONTHS_GEEZ,
  ETHIOPIAN_MONTHS_LATIN,
  ETHIOPIAN_MONTHS_OROMO,
  daysInEthiopianMonth,
  ethiopianToIso,
  ethiopianToJdn,
  gregorianToJdn,
  isoToEthiopian,
  jdnToEthiopian,
  jdnToGregorian,
  toEthiopian,
  toGregorian,
  validateEthiopianYear,
} from './ethiopianCalendar'

const DAY_MS = 86_400_000

describe('conversion against ICU, every day 1900-01-01..2100-12-31', () => {
  it('agrees with Intl ethiopic (Amete Mihret era) and round-trips', () => {
    const formatter = new Intl.DateTimeFormat('en-u-ca-ethiopic', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    })
    expect(formatter.resolvedOptions().calendar).toBe('ethiopic')
    const end = Date.UTC(2100, 11, 31)
    let checked = 0
    const mismatches: string[] = []
    for (let t = Date.UTC(1900, 0, 1); t <= end; t += DAY_MS) {
      const date = new Date(t)
      const gregorian = {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      }
      const parts = formatter.formatToParts(date)
      const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? ''
      const expected = {
        year: Number(part('year')),
        month: Number(part('month')),
        day: Number(part('day')),
      }
      const actual = toEthiopian(gregorian)
      if (
        part('era') !== 'AM' ||
        actual.year !== expected.year ||
        actual.month !== expected.month ||
        actual.day !== expected.day
      ) {
        mismatches.push(
          `${date.toISOString()} ICU ${JSON.stringify(parts)} ours ${JSON.stringify(actual)}`,
        )
      }
      const back = toGregorian(actual)
      if (
        back.year !== gregorian.year ||
        back.month !== gregorian.month ||
        back.day !== gregorian.day
      ) {
        mismatches.push(`${date.toISOString()} round trip gave ${JSON.stringify(back)}`)
      }
      checked += 1
    }
    expect(mismatches.slice(0, 5)).toEqual([])
    expect(checked).toBe(73_414)
  })
})

describe('known dates', () => {
  it.each([
    ['2023-09-11', { year: 2015, month: 13, day: 6 }],
    ['2023-09-12', { year: 2016, month: 1, day: 1 }],
    ['2024-09-10', { year: 2016, month: 13, day: 5 }],
    ['2024-09-11', { year: 2017, month: 1, day: 1 }],
    ['2000-01-01', { year: 1992, month: 4, day: 22 }],
    ['1900-01-01', { year: 1892, month: 4, day: 23 }],
  ])('%s is %o', (iso, ethiopian) => {
    expect(isoToEthiopian(iso)).toEqual(ethiopian)
    expect(ethiopianToIso(ethiopian.year, ethiopian.month, ethiopian.day)).toBe(iso)
  })

  it('uses the spec 9.3 epoch offsets', () => {
    expect(gregorianToJdn({ year: 2000, month: 1, day: 1 })).toBe(2451545)
    expect(jdnToGregorian(2451545)).toEqual({ year: 2000, month: 1, day: 1 })
    expect(ethiopianToJdn({ year: 1, month: 1, day: 1 })).toBe(1724221)
    expect(jdnToEthiopian(1723856)).toEqual({ year: 0, month: 1, day: 1 })
  })

  it('rejects invalid input', () => {
    expect(isoToEthiopian('1990-02-31')).toBeUndefined()
    expect(ethiopianToIso(2016, 13, 6)).toBeUndefined()
    expect(ethiopianToIso(2016, 1, 31)).toBeUndefined()
    expect(ethiopianToIso(2016, 14, 1)).toBeUndefined()
    expect(ethiopianToIso(2016, 0, 1)).toBeUndefined()
    expect(ethiopianToIso(2016, 1, 0)).toBeUndefined()
  })
})

describe('Pagume and the leap rule (spec 5.5)', () => {
  it('months 1–12 have 30 days', () => {
    for (let month = 1; month <= 12; month += 1) expect(daysInEthiopianMonth(2016, month)).toBe(30)
  })

  it.each([
    [2011, 6],
    [2012, 5],
    [2013, 5],
    [2014, 5],
    [2015, 6],
    [2016, 5],
    [2019, 6],
    [1899, 6],
    [1900, 5],
  ])('Pagume %i has %i days', (year, days) => {
    expect(daysInEthiopianMonth(year, 13)).toBe(days)
  })

  it('Pagume 6 exists only in leap years, and the next day is Meskerem 1', () => {
    expect(ethiopianToIso(2015, 13, 6)).toBe('2023-09-11')
    expect(ethiopianToIso(2016, 1, 1)).toBe('2023-09-12')
    expect(ethiopianToIso(2016, 13, 6)).toBeUndefined()
    expect(ethiopianToIso(2016, 13, 5)).toBe('2024-09-10')
  })

  it('uses the current Gregorian year + 8 when the year is not a number', () => {
    // 2023 + 8 = 2031, and 2032 % 4 === 0: leap
    expect(daysInEthiopianMonth(Number.NaN, 13, 2023)).toBe(6)
    expect(daysInEthiopianMonth(Number.NaN, 13, 2024)).toBe(5)
    expect(daysInEthiopianMonth(Number.NaN, 5, 2024)).toBe(30)
  })
})

describe('validateEthiopianYear (spec 5.4)', () => {
  it.each([
    ['2016', null],
    ['1900', null],
    ['1899', 'yearMustBeAtLeast1900'],
    ['0', 'yearMustBeAtLeast1900'],
    ['20a6', 'yearMustBeNumber'],
    ['-2016', 'yearMustBeNumber'],
    ['2016.5', 'yearMustBeNumber'],
    ['', null],
  ])('%p → %p', (text, message) => {
    expect(validateEthiopianYear(text)).toBe(message)
  })
})

describe('month names', () => {
  it('lists 13 months in each script, Meskerem first, Pagume last', () => {
    for (const names of [ETHIOPIAN_MONTHS_GEEZ, ETHIOPIAN_MONTHS_LATIN, ETHIOPIAN_MONTHS_OROMO]) {
      expect(names).toHaveLength(13)
      expect(new Set(names).size).toBe(13)
    }
    expect(ETHIOPIAN_MONTHS_GEEZ[0]).toBe('መስከረም')
    expect(ETHIOPIAN_MONTHS_GEEZ[12]).toBe('ጳጉሜ')
    expect(ETHIOPIAN_MONTHS_LATIN[0]).toBe('Meskerem')
    expect(ETHIOPIAN_MONTHS_OROMO[0]).toBe('Fulbaana')
  })
})
