import {
  EDIT_STATUSES,
  FILTER_STATUSES,
  MEMBERSHIP_STATUSES,
  REGISTRATION_STATUSES,
  isEnumKey,
  normalizeEnum,
  normalizeListOption,
} from './enums'

describe('normalizeEnum', () => {
  it.each([
    ['highest_education', 'Degree', 'degree'],
    ['highest_education', 'PHD', 'phd'],
    ['highest_education', 'phd', 'phd'],
    ['preferred_contact_method', 'SMS', 'sms'],
    ['preferred_contact_method', 'text', 'sms'],
    ['preferred_contact_method', 'Text', 'sms'],
    ['preferred_contact_method', 'Call', 'call'],
    ['membership_status', 'Active', 'member'],
    ['membership_status', 'Regular Attendee', 'regularAttendee'],
    ['membership_status', 'regularAttendee', 'regularAttendee'],
    ['membership_status', 'regular_attendee', 'regularAttendee'],
    ['membership_status', ' Transferred ', 'transferred'],
    ['gender', 'FEMALE', 'female'],
    ['marital_status', 'Widowed', 'widowed'],
    ['volunteer_availability', 'Weekends', 'weekends'],
    ['nationality', 'ethiopia', 'Ethiopia'],
  ] as const)('%s %p → %p', (field, raw, key) => {
    expect(normalizeEnum(field, raw)).toBe(key)
  })

  it.each([
    ['gender', 'other'],
    ['gender', ''],
    ['marital_status', 'engaged'],
    ['highest_education', 'Bachelor'],
    ['nationality', 'Kenya'],
    ['membership_status', 'all'],
    // Names of Object.prototype's members, as anyone may type them.
    ['gender', 'constructor'],
    ['preferred_contact_method', 'Constructor'],
    ['membership_status', 'con_structor'],
    ['marital_status', '__proto__'],
    ['nationality', 'hasOwnProperty'],
  ] as const)('%s %p is not recognised', (field, raw) => {
    expect(normalizeEnum(field, raw)).toBeUndefined()
  })

  it('ignores non-string input', () => {
    expect(normalizeEnum('gender', 1)).toBeUndefined()
    expect(normalizeEnum('gender', null)).toBeUndefined()
  })
})

describe('isEnumKey', () => {
  it('accepts keys only, exactly', () => {
    expect(isEnumKey('highest_education', 'degree')).toBe(true)
    expect(isEnumKey('highest_education', 'Degree')).toBe(false)
    expect(isEnumKey('preferred_contact_method', 'text')).toBe(false)
  })
})

describe('membership status sets (ARCHITECTURE §3)', () => {
  it('registration offers three, edit all six, filter all plus six', () => {
    expect(REGISTRATION_STATUSES).toEqual(['member', 'regularAttendee', 'visitor'])
    expect(EDIT_STATUSES).toEqual([
      'member',
      'regularAttendee',
      'visitor',
      'pending',
      'inactive',
      'transferred',
    ])
    expect(FILTER_STATUSES).toEqual(['all', ...MEMBERSHIP_STATUSES.map((o) => o.key)])
  })
})

describe('normalizeListOption', () => {
  it('maps predefined labels/keys to keys and keeps custom text', () => {
    expect(normalizeListOption('spiritual_gifts', 'Worship Leader')).toBe('worshipLeader')
    expect(normalizeListOption('spiritual_gifts', 'worshipLeader')).toBe('worshipLeader')
    expect(normalizeListOption('current_ministries', "Children's Ministry")).toBe(
      'childrensMinistry',
    )
    expect(normalizeListOption('current_ministries', 'Sunday School')).toBe('sundaySchool')
    expect(normalizeListOption('spiritual_gifts', ' ትንቢት ')).toBe('ትንቢት')
    expect(normalizeListOption('spiritual_gifts', 'Sunday School')).toBe('Sunday School')
    expect(normalizeListOption('current_ministries', 'constructor')).toBe('constructor')
  })
})
