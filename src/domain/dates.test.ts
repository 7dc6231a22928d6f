import {
  MAX_DATE,
  MIN_DATE,
  ageOn,
  isDateInRange,
  isValidIsoDate,
  normalizeDateInput,
  todayIso,
} from './dates'

describe('isValidIsoDate', () => {
  it.each([
    ['2000-02-29', true],
    ['1990-02-28', true],
    ['2024-12-31', true],
    ['1990-02-31', false],
    ['1900-02-29', false],
    ['2023-02-29', false],
    ['2023-04-31', false],
    ['2023-13-01', false],
    ['2023-00-10', false],
    ['2023-01-00', false],
    ['2023-1-5', false],
    ['05/04/1990', false],
    ['1990-05-04T00:00:00Z', false],
    ['', false],
  ])('%p → %p', (text, valid) => {
    expect(isValidIsoDate(text)).toBe(valid)
  })

  it('rejects non-strings', () => {
    expect(isValidIsoDate(null)).toBe(false)
    expect(isValidIsoDate(20000101)).toBe(false)
  })
})

describe('range', () => {
  it('is 1900-01-01..2099-12-31 inclusive', () => {
    expect([MIN_DATE, MAX_DATE]).toEqual(['1900-01-01', '2099-12-31'])
    expect(isDateInRange('1900-01-01')).toBe(true)
    expect(isDateInRange('2099-12-31')).toBe(true)
    expect(isDateInRange('1899-12-31')).toBe(false)
    expect(isDateInRange('2100-01-01')).toBe(false)
  })
})

describe('normalizeDateInput', () => {
  it('keeps only the first 10 characters (spec 3.1)', () => {
    expect(normalizeDateInput('1990-05-04T00:00:00.000Z')).toBe('1990-05-04')
    expect(normalizeDateInput(' 1990-05-04 ')).toBe('1990-05-04')
    expect(normalizeDateInput('garbage text')).toBe('garbage te')
  })

  it('reads blank and missing values as null', () => {
    expect(normalizeDateInput('')).toBeNull()
    expect(normalizeDateInput('  ')).toBeNull()
    expect(normalizeDateInput(null)).toBeNull()
    expect(normalizeDateInput(undefined)).toBeNull()
  })

  it('reads a Date as its UTC day', () => {
    expect(normalizeDateInput(new Date(Date.UTC(1990, 4, 4, 12)))).toBe('1990-05-04')
  })
})

describe('ageOn', () => {
  it.each([
    ['1990-05-04', '2024-05-03', 33],
    ['1990-05-04', '2024-05-04', 34],
    ['1990-05-04', '2024-12-31', 34],
    ['2000-02-29', '2023-02-28', 22],
    ['2000-02-29', '2023-03-01', 23],
    ['2024-01-01', '2024-01-01', 0],
  ])('born %s, on %s → %i', (born, today, age) => {
    expect(ageOn(born, today)).toBe(age)
  })

  it('is undefined for invalid dates', () => {
    expect(ageOn('1990-02-31', '2024-01-01')).toBeUndefined()
  })
})

describe('todayIso', () => {
  it('formats the local calendar day', () => {
    expect(todayIso(new Date(2024, 0, 5, 23, 30))).toBe('2024-01-05')
  })
})
