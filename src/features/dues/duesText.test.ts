import { duesMonthGregorianSpan, duesMonthIn } from './duesText'

describe("a dues month's Gregorian days", () => {
  it('spans the thirty days of the Ethiopian month in each language', () => {
    expect(duesMonthGregorianSpan('2018-01', 'en')).toBe('Sep 11 – Oct 10, 2025')
    expect(duesMonthGregorianSpan('2018-01', 'am')).toBe('ሴፕቴምበር 11 – ኦክቶበር 10 ቀን 2025 እ.ኤ.አ.')
    expect(duesMonthGregorianSpan('2018-01', 'om')).toBe('11 Fulbaana – 10 Onkoloolessa 2025 ALA')
  })

  it('names both years when the month crosses the Gregorian New Year', () => {
    expect(duesMonthGregorianSpan('2018-04', 'en')).toBe('Dec 10, 2025 – Jan 8, 2026')
    expect(duesMonthGregorianSpan('2018-04', 'am')).toBe('ዲሴምበር 10 ቀን 2025 – ጃንዋሪ 8 ቀን 2026 እ.ኤ.አ.')
    expect(duesMonthGregorianSpan('2018-04', 'om')).toBe('10 Muddee 2025 – 8 Amajjii 2026 ALA')
  })

  it('follows the Ethiopian leap year: Meskerem starts a day later after a six-day Pagume', () => {
    // Pagume 2019 has six days (2019 mod 4 = 3), so Meskerem 2020 starts on 12 September 2027.
    expect(duesMonthGregorianSpan('2020-01', 'en')).toBe('Sep 12 – Oct 11, 2027')
  })

  it('writes the month by the reader’s calendar', () => {
    expect(duesMonthIn('2018-01', 'en', 'ethiopian')).toBe('Meskerem 2018 E.C.')
    expect(duesMonthIn('2018-01', 'en', 'gregorian')).toBe('Sep 11 – Oct 10, 2025')
  })
})
