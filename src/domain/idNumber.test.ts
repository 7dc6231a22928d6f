import { memberIdNumber } from './idNumber'

describe('memberIdNumber (spec 3.6)', () => {
  it('pads the id to 6 digits', () => {
    expect(memberIdNumber(42, 2025)).toBe('CM-2025-000042')
    expect(memberIdNumber(1234567, 2025)).toBe('CM-2025-1234567')
  })

  it('uses the current year by default', () => {
    expect(memberIdNumber(7)).toBe(`CM-${new Date().getFullYear()}-000007`)
  })
})
