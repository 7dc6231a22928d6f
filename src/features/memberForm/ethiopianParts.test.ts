import { changeParts, dayCount, partsFromIso, partsToIso, yearDigits } from './ethiopianParts'
import { formatDate } from '../../domain'
import { formatMemberDate } from './memberDates'

describe('Ethiopian date parts (spec 4.7, 5.4, 5.5)', () => {
  it('gives Pagume 6 days when (year + 1) is divisible by 4, else 5', () => {
    expect(dayCount({ day: null, month: 13, year: '1983' })).toBe(6)
    expect(dayCount({ day: null, month: 13, year: '1982' })).toBe(5)
    expect(dayCount({ day: null, month: 12, year: '1982' })).toBe(30)
    expect(dayCount({ day: null, month: null, year: '' })).toBe(30)
  })

  it('uses the current Gregorian year + 8 for the leap rule while the year is empty', () => {
    const year = new Date().getFullYear() + 8
    expect(dayCount({ day: null, month: 13, year: '' })).toBe((year + 1) % 4 === 0 ? 6 : 5)
  })

  it('clears a day the new month or year no longer has', () => {
    const pagume6 = { day: 6, month: 13, year: '1983' }
    expect(partsToIso(pagume6)).toBe('1991-09-11')
    expect(changeParts(pagume6, { year: '1982' })).toEqual({ day: null, month: 13, year: '1982' })
    expect(changeParts({ day: 30, month: 1, year: '1983' }, { month: 13 }).day).toBeNull()
    expect(changeParts({ day: 5, month: 1, year: '1983' }, { month: 13 }).day).toBe(5)
  })

  it('outputs a value only when day, month and a valid year are all set', () => {
    expect(partsToIso({ day: 1, month: 1, year: '1983' })).toBe('1990-09-11')
    expect(partsToIso({ day: null, month: 1, year: '1983' })).toBeNull()
    expect(partsToIso({ day: 1, month: null, year: '1983' })).toBeNull()
    expect(partsToIso({ day: 1, month: 1, year: '' })).toBeNull()
    expect(partsToIso({ day: 1, month: 1, year: '1899' })).toBeNull()
  })

  it('keeps digits only, at most four', () => {
    expect(yearDigits('19a8-3')).toBe('1983')
    expect(yearDigits('abc')).toBe('')
    expect(yearDigits('198345')).toBe('1983')
  })

  it('reads a Gregorian date back into parts', () => {
    expect(partsFromIso('1990-05-17')).toEqual({ day: 9, month: 9, year: '1982' })
    expect(partsFromIso(null)).toEqual({ day: null, month: null, year: '' })
  })
})

describe('formatMemberDate', () => {
  // Its cases are in src/domain/dateFormat.test.ts: the form shows dates as everything else does.
  it('is the shared date formatter', () => {
    expect(formatMemberDate).toBe(formatDate)
  })
})
