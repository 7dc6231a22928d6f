import { amountInWords, minorDigits, numberInWords } from './amountInWords'

describe('amount in words', () => {
  it.each([
    [0, 'ዜሮ ብር ብቻ', 'Zero birr only', 'Qarshii zeeroo qofa'],
    [100, 'አንድ ብር ብቻ', 'One birr only', 'Qarshii tokko qofa'],
    [1000, 'አሥር ብር ብቻ', 'Ten birr only', 'Qarshii kudhan qofa'],
    [1100, 'አሥራ አንድ ብር ብቻ', 'Eleven birr only', 'Qarshii kudha tokko qofa'],
    [10000, 'አንድ መቶ ብር ብቻ', 'One hundred birr only', 'Qarshii dhibba tokko qofa'],
    [100000, 'አንድ ሺህ ብር ብቻ', 'One thousand birr only', 'Qarshii kuma tokko qofa'],
    [
      120000,
      'አንድ ሺህ ሁለት መቶ ብር ብቻ',
      'One thousand two hundred birr only',
      'Qarshii kuma tokko fi dhibba lama qofa',
    ],
    [100000000, 'አንድ ሚሊዮን ብር ብቻ', 'One million birr only', 'Qarshii miliyoona tokko qofa'],
    [
      1050,
      'አሥር ብር ከሃምሳ ሳንቲም ብቻ',
      'Ten birr and fifty santim only',
      'Qarshii kudhan fi saantima shantama qofa',
    ],
    [5, 'አምስት ሳንቲም ብቻ', 'Five santim only', 'Saantima shan qofa'],
    [
      2125,
      'ሃያ አንድ ብር ከሃያ አምስት ሳንቲም ብቻ',
      'Twenty-one birr and twenty-five santim only',
      'Qarshii digdamii tokko fi saantima digdamii shan qofa',
    ],
    [
      99999,
      'ዘጠኝ መቶ ዘጠና ዘጠኝ ብር ከዘጠና ዘጠኝ ሳንቲም ብቻ',
      'Nine hundred ninety-nine birr and ninety-nine santim only',
      'Qarshii dhibba sagal fi sagaltamii sagal fi saantima sagaltamii sagal qofa',
    ],
  ])('%i santim', (minor, am, en, om) => {
    expect(amountInWords(minor, 'ETB', 'am')).toBe(am)
    expect(amountInWords(minor, 'ETB', 'en')).toBe(en)
    expect(amountInWords(minor, 'ETB', 'om')).toBe(om)
  })

  it('names dollars and cents, singular and plural, in English', () => {
    expect(amountInWords(101, 'USD', 'en')).toBe('One dollar and one cent only')
    expect(amountInWords(250, 'USD', 'en')).toBe('Two dollars and fifty cents only')
    expect(amountInWords(2500, 'USD', 'am')).toBe('ሃያ አምስት ዶላር ብቻ')
  })

  it('follows the currency’s own decimals and names an unknown one by its code', () => {
    expect(minorDigits('JPY')).toBe(0)
    expect(amountInWords(1200, 'JPY', 'en')).toBe('One thousand two hundred JPY only')
    expect(amountInWords(1234, 'SEK', 'en')).toBe('Twelve SEK and thirty-four cents only')
  })

  it('writes large and uneven numbers group by group', () => {
    expect(numberInWords(1_000_001, 'en')).toBe('one million one')
    expect(numberInWords(2_030_400, 'am')).toBe('ሁለት ሚሊዮን ሠላሳ ሺህ አራት መቶ')
    expect(numberInWords(25_000, 'om')).toBe('kuma digdamii shan')
    expect(numberInWords(3_012, 'om')).toBe('kuma sadii fi kudha lama')
    expect(numberInWords(90, 'om')).toBe('sagaltama')
    expect(numberInWords(19, 'am')).toBe('አሥራ ዘጠኝ')
  })

  it('refuses what is not a whole non-negative amount', () => {
    expect(() => amountInWords(-1, 'ETB', 'en')).toThrow(RangeError)
    expect(() => amountInWords(1.5, 'ETB', 'en')).toThrow(RangeError)
  })
})
