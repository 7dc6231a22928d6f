import dayjs from 'dayjs'
import { formatDate, GREGORIAN_MONTHS } from '../../domain'
import { applyDayjsLocale } from './dayjsLocales'

afterEach(() => applyDayjsLocale('en'))

describe("the date picker's month names", () => {
  it('spell each Amharic month as the formatted dates do (one February)', () => {
    applyDayjsLocale('am')
    const picker = Array.from({ length: 12 }, (_, i) => dayjs(new Date(2026, i, 10)).format('MMMM'))
    expect(picker).toEqual([...GREGORIAN_MONTHS.am])
    expect(picker[1]).toBe('ፌብሩዋሪ')
    expect(formatDate('2026-02-10', 'gregorian', 'am')).toContain(picker[1])
    // The short names begin as the long ones, with the week still starting on Sunday.
    expect(dayjs(new Date(2026, 1, 10)).format('MMM')).toBe('ፌብሩዋ')
    expect(
      dayjs(new Date(2026, 1, 10))
        .startOf('week')
        .day(),
    ).toBe(0)
  })

  it('are the same words in Afaan Oromoo', () => {
    applyDayjsLocale('om')
    expect(dayjs(new Date(2026, 1, 10)).format('MMMM')).toBe(GREGORIAN_MONTHS.om[1])
  })
})
