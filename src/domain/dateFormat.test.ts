import { formatDate, GREGORIAN_MONTHS, yearIn } from './dateFormat'
import { ETHIOPIAN_MONTHS_OROMO } from './ethiopianCalendar'

describe('formatDate: one formatter for every shown date, naming its calendar', () => {
  it.each([
    ['ethiopian', 'am', 'ግንቦት 9 ቀን 1982 ዓ.ም.'],
    ['gregorian', 'am', 'ሜይ 17 ቀን 1990 እ.ኤ.አ.'],
    ['ethiopian', 'en', '9 Ginbot 1982 E.C.'],
    ['gregorian', 'en', '17 May 1990'],
    ['ethiopian', 'om', '9 Caamsaa 1982 ALI'],
    ['gregorian', 'om', '17 Caamsaa 1990 ALA'],
  ] as const)('1990-05-17 in %s for %s is %s', (calendar, language, text) => {
    expect(formatDate('1990-05-17', calendar, language)).toBe(text)
  })

  it('reads only the date part, keeps what is not a date, and is empty for nothing', () => {
    expect(formatDate('1990-05-17T00:00:00.000Z', 'gregorian', 'en')).toBe('17 May 1990')
    expect(formatDate('1990-02-31', 'ethiopian', 'am')).toBe('1990-02-31')
    expect(formatDate('soon', 'gregorian', 'en')).toBe('soon')
    expect(formatDate(null, 'ethiopian', 'am')).toBe('')
    expect(formatDate(undefined, 'gregorian', 'om')).toBe('')
  })

  it('Pagume and the Ethiopian new year', () => {
    expect(formatDate('2023-09-11', 'ethiopian', 'am')).toBe('ጳጉሜ 6 ቀን 2015 ዓ.ም.')
    expect(formatDate('2023-09-12', 'ethiopian', 'en')).toBe('1 Meskerem 2016 E.C.')
    expect(formatDate('2023-09-12', 'ethiopian', 'om')).toBe('1 Fulbaana 2016 ALI')
  })

  it('Oromo spells each month one way in both calendars', () => {
    expect([...GREGORIAN_MONTHS.om].sort()).toEqual([...ETHIOPIAN_MONTHS_OROMO.slice(0, 12)].sort())
    expect(formatDate('2024-09-20', 'gregorian', 'om')).toBe('20 Fulbaana 2024 ALA')
  })

  it('yearIn gives the year of the calendar the date is shown in', () => {
    expect(yearIn('2025-01-05', 'gregorian')).toBe(2025)
    expect(yearIn('2025-01-05', 'ethiopian')).toBe(2017)
    expect(yearIn('2025-09-10', 'ethiopian')).toBe(2017)
    expect(yearIn('2025-09-11T10:00:00Z', 'ethiopian')).toBe(2018)
    expect(yearIn('nope', 'ethiopian')).toBeNaN()
  })
})
