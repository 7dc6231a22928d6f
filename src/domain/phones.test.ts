import { isPlausiblePhone } from './phones'

describe('what a phone number looks like (issue 42)', () => {
  it.each([
    // Ethiopian mobiles in every common form.
    '0911234567',
    '0911 23 45 67',
    '0911-234-567',
    '0711234567',
    '+251911234567',
    '+251 911 234 567',
    '+251-911-234567',
    '251911234567',
    '+251711234567',
    // Landlines and other countries.
    '011 551 2345',
    '(011) 551-2345',
    '+1 (202) 555-0143',
    '+44 20 7946 0958',
    '4951234',
    '+861012345678901',
  ])('accepts %p', (phone) => {
    expect(isPlausiblePhone(phone)).toBe(true)
  })

  it.each([
    ['letters', 'abc'],
    ['too few digits', '0911'],
    ['six digits', '123 456'],
    ['more than 15 digits', '+1234567890123456'],
    ['an Ethiopian mobile cut short', '0911 23 45'],
    ['an Ethiopian mobile too long', '09112345678'],
    ['+251 with a mobile cut short', '+251 911 2345'],
    ['a + inside', '0911+234567'],
    ['a letter among digits', '0911 23 45 6O'],
    ['a dot', '0911.234.567'],
    ['a blank', '   '],
  ])('refuses %s: %p', (_why, phone) => {
    expect(isPlausiblePhone(phone)).toBe(false)
  })
})
