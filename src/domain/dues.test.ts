import { formatMinor, initialsOf, MAX_PAYMENT_MINOR, parseMoney, receiptNumber } from './dues'

describe('money as text', () => {
  it.each([
    ['75', 7500],
    ['1,200.50', 120050],
    ['0.05', 5],
    ['12.5', 1250],
    ['  300. ', 30000],
    ['0.1', 10],
    ['1 000', 100000],
    ['1,000,000', 100000000],
    ["1'000.50", 100050],
  ])('%s → %i minor units', (text, minor) => {
    expect(parseMoney(text)).toBe(minor)
  })

  // A decimal comma ("12,50" in much of Europe) must not read as 1,250.00.
  it.each(['12,50', '1,00', ' 1 000,50', '1,2345', '1,000,00', '12 5'])(
    'refuses a separator that does not part groups of three: %p',
    (text) => {
      expect(parseMoney(text)).toBeUndefined()
    },
  )

  it('keeps amounts exact where floating point would not', () => {
    // 0.29 * 100 = 28.999999999999996 in floating point.
    expect(parseMoney('0.29')).toBe(29)
    expect(parseMoney('1.15')).toBe(115)
    expect(parseMoney('4.35')).toBe(435)
  })

  it.each(['', 'abc', '-5', '1.234', '1e3', '.5.', '12,34.5.6', 'NaN'])('refuses %p', (text) => {
    expect(parseMoney(text)).toBeUndefined()
  })

  it('refuses more than the largest payment, and follows a currency without decimals', () => {
    expect(parseMoney(String(MAX_PAYMENT_MINOR / 100 + 1))).toBeUndefined()
    expect(parseMoney('1200', 0)).toBe(1200)
    expect(parseMoney('12.5', 0)).toBeUndefined()
  })

  it('formats minor units back with grouping', () => {
    expect(formatMinor(120050)).toBe('1,200.50')
    expect(formatMinor(5)).toBe('0.05')
    expect(formatMinor(100000000)).toBe('1,000,000.00')
    expect(formatMinor(1200, 0)).toBe('1,200')
  })
})

describe('receipts', () => {
  it('numbers a receipt by year and sequence', () => {
    expect(receiptNumber(2018, 123)).toBe('2018-000123')
    expect(receiptNumber(2018, 1234567)).toBe('2018-1234567')
  })

  it('keeps only the initials of a payer', () => {
    expect(initialsOf('Abebe', 'Kebede')).toBe('A. K.')
    expect(initialsOf('ሰላም', null, ' ተስፋዬ ')).toBe('ሰ. ተ.')
    expect(initialsOf()).toBe('')
  })
})
