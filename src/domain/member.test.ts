import {
  BOOLEAN_DEFAULTS,
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  ENUM_FIELDS,
  LIST_FIELDS,
  MEMBER_INPUT_FIELDS,
  TEXT_FIELDS,
  emptyMemberInput,
  fullName,
} from './member'

describe('member fields', () => {
  it('lists every input field once, each with one kind', () => {
    const all = [...TEXT_FIELDS, ...DATE_FIELDS, ...LIST_FIELDS, ...BOOLEAN_FIELDS, ...ENUM_FIELDS]
    expect(new Set(all).size).toBe(all.length)
    expect([...all].sort()).toEqual(Object.keys(emptyMemberInput()).sort())
    expect(MEMBER_INPUT_FIELDS).toHaveLength(all.length)
    expect(all).not.toContain('registerd_by')
    expect(all).not.toContain('transfer_date')
  })

  it('has the spec defaults for booleans', () => {
    expect(BOOLEAN_DEFAULTS).toEqual({
      bible_study_participation: false,
      receive_email_notifications: true,
      receive_sms_notifications: true,
    })
    expect(emptyMemberInput().spiritual_gifts).toEqual([])
  })
})

describe('fullName', () => {
  it('joins first, middle and last, skipping empty parts', () => {
    expect(fullName({ first_name: 'Abebe', middle_name: 'Kebede', last_name: 'Tesfaye' })).toBe(
      'Abebe Kebede Tesfaye',
    )
    expect(fullName({ first_name: 'Abebe', middle_name: '  ', last_name: 'Tesfaye' })).toBe(
      'Abebe Tesfaye',
    )
    expect(fullName({ first_name: 'ሐና', middle_name: null, last_name: '' })).toBe('ሐና')
  })
})
