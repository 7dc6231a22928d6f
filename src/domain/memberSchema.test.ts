import { emptyMemberInput, type MemberInput } from './member'
import { STEP_REQUIRED_FIELDS } from './memberSteps'
import {
  memberCreateSchema,
  memberEditSchema,
  memberUpdateSchema,
  stepSchema,
  validateMember,
} from './memberSchema'

/** A member that passes every step. */
function completeMember(): MemberInput {
  return {
    ...emptyMemberInput(),
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    gender: 'male',
    date_of_birth: '1990-05-04',
    marital_status: 'married',
    nationality: 'Ethiopia',
    job: 'Engineer, Weaver',
    phone_primary: '+251 911 234567',
    email: 'abebe@example.org',
    street_address: 'Bole Road 12',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    membership_status: 'member',
    date_joined: '2010-09-11',
    current_ministries: ['choir', 'Ushering'],
    spiritual_gifts: ['teacher'],
    highest_education: 'degree',
    preferred_contact_method: 'sms',
  }
}

describe('STEP_REQUIRED_FIELDS (spec 5.2)', () => {
  it("matches the spec table: given, father's and grandfather's name all required", () => {
    expect(STEP_REQUIRED_FIELDS).toEqual([
      ['first_name', 'middle_name', 'last_name', 'gender', 'date_of_birth', 'marital_status'],
      ['phone_primary', 'street_address', 'city', 'state'],
      [],
      ['membership_status'],
      ['current_ministries'],
      ['highest_education'],
      ['preferred_contact_method'],
    ])
  })
})

describe('stepSchema', () => {
  it.each(STEP_REQUIRED_FIELDS.map((fields, step) => [step, fields] as const))(
    'step %i requires %p',
    (step, fields) => {
      const result = validateMember({}, stepSchema(step))
      if (fields.length === 0) {
        expect(result).toEqual({ ok: true, value: {} })
        return
      }
      expect(result).toEqual({
        ok: false,
        errors: Object.fromEntries(fields.map((field) => [field, 'fieldRequired'])),
      })
    },
  )

  it.each([0, 1, 2, 3, 4, 5, 6])('step %i passes for a complete member', (step) => {
    expect(validateMember(completeMember(), stepSchema(step)).ok).toBe(true)
  })

  it('fails whitespace-only strings, null and empty arrays', () => {
    const member = { ...completeMember(), middle_name: '   ', gender: null, current_ministries: [] }
    expect(validateMember(member, stepSchema(0))).toEqual({
      ok: false,
      errors: { middle_name: 'fieldRequired', gender: 'fieldRequired' },
    })
    expect(validateMember(member, stepSchema(4))).toEqual({
      ok: false,
      errors: { current_ministries: 'fieldRequired' },
    })
  })

  it('does not enforce date_joined or baptism_date (spec 5.2)', () => {
    const member = { ...completeMember(), date_joined: null, baptism_date: '' }
    expect(validateMember(member, stepSchema(3)).ok).toBe(true)
  })

  it('checks only its own fields', () => {
    expect(validateMember({ ...completeMember(), email: 'bad' }, stepSchema(0)).ok).toBe(true)
    expect(validateMember({ ...completeMember(), email: 'bad' }, stepSchema(1))).toEqual({
      ok: false,
      errors: { email: 'invalidEmail' },
    })
  })

  it('rejects a step that does not exist', () => {
    expect(() => stepSchema(7)).toThrow(RangeError)
  })

  it('builds each schema once, when first asked for, and keeps it', () => {
    expect(stepSchema(5)).toBe(stepSchema(5))
    expect(stepSchema(5)).not.toBe(stepSchema(6))
    expect(memberCreateSchema()).toBe(memberCreateSchema())
    expect(memberUpdateSchema()).toBe(memberUpdateSchema())
    expect(memberUpdateSchema()).not.toBe(memberCreateSchema())
  })
})

describe('memberCreateSchema', () => {
  it('accepts a complete member and returns only member fields', () => {
    const result = validateMember(
      { ...completeMember(), selectedJobs: ['engineer'], registerd_by: 'mallory' },
      memberCreateSchema(),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.first_name).toBe('Abebe')
    expect(result.value).not.toHaveProperty('selectedJobs')
    expect(result.value).not.toHaveProperty('registerd_by')
  })

  it('reports every step requirement at once', () => {
    const result = validateMember({ first_name: 'Abebe' }, memberCreateSchema())
    expect(result.ok).toBe(false)
    if (result.ok) return
    const required = STEP_REQUIRED_FIELDS.flat().filter((field) => field !== 'first_name')
    expect(Object.keys(result.errors).sort()).toEqual([...required].sort())
  })
})

describe('memberUpdateSchema', () => {
  it("requires only the given name and the father's name", () => {
    expect(
      validateMember({ first_name: 'Abebe', middle_name: 'Kebede' }, memberUpdateSchema()),
    ).toEqual({ ok: true, value: { first_name: 'Abebe', middle_name: 'Kebede' } })
    expect(
      validateMember(
        { first_name: ' ', middle_name: null, last_name: 'Tesfaye' },
        memberUpdateSchema(),
      ),
    ).toEqual({
      ok: false,
      errors: { first_name: 'fieldRequired', middle_name: 'fieldRequired' },
    })
  })

  it('checks the lengths of the Ethiopian name, address and church fields', () => {
    const base = { first_name: 'Abebe', middle_name: 'Kebede' }
    const long = (n: number) => 'ሀ'.repeat(n)
    expect(
      validateMember(
        {
          ...base,
          latin_name: long(200),
          sub_city: long(100),
          woreda: '03',
          kebele: '12',
          house_number: '1234',
          christian_name: 'ገብረ ማርያም',
          confession_father: 'አባ ገብረ ሥላሴ',
          parish: long(200),
        },
        memberUpdateSchema(),
      ).ok,
    ).toBe(true)
    expect(
      validateMember(
        { ...base, latin_name: long(201), kebele: long(101), christian_name: long(101) },
        memberUpdateSchema(),
      ),
    ).toEqual({
      ok: false,
      errors: { latin_name: 'tooLong', kebele: 'tooLong', christian_name: 'tooLong' },
    })
  })

  it('lets empty strings and null clear optional fields', () => {
    const member = {
      ...completeMember(),
      email: '',
      gender: '',
      date_of_birth: '',
      highest_education: null,
      current_ministries: [],
    }
    expect(validateMember(member, memberUpdateSchema()).ok).toBe(true)
  })
})

describe('memberEditSchema (spec 5.8)', () => {
  it("requires the first and last name, and the father's name the server requires", () => {
    expect(
      validateMember(
        { first_name: 'Abebe', middle_name: 'Kebede', last_name: 'Tesfaye' },
        memberEditSchema(),
      ).ok,
    ).toBe(true)
    expect(
      validateMember({ first_name: 'Abebe', middle_name: 'Kebede' }, memberEditSchema()),
    ).toEqual({ ok: false, errors: { last_name: 'fieldRequired' } })
    expect(validateMember({ last_name: ' ' }, memberEditSchema())).toEqual({
      ok: false,
      errors: {
        first_name: 'fieldRequired',
        middle_name: 'fieldRequired',
        last_name: 'fieldRequired',
      },
    })
  })
})

describe('format rules', () => {
  const check = (patch: Record<string, unknown>) =>
    validateMember({ ...completeMember(), ...patch }, memberUpdateSchema())

  it.each([
    ['abebe@example.org', true],
    ['a.b+c@mail.example.et', true],
    ['abebe', false],
    ['abebe@', false],
    ['abebe@example', false],
    ['abe be@example.org', false],
    ['@example.org', false],
  ])('email %p valid: %p', (email, valid) => {
    expect(check({ email })).toEqual(
      valid
        ? expect.objectContaining({ ok: true })
        : { ok: false, errors: { email: 'invalidEmail' } },
    )
  })

  it.each([
    ['abc', 'phone_primary'],
    ['0911', 'phone_secondary'],
    ['0911 22', 'emergency_contact_phone'],
  ])('phone %p in %s → invalidPhone', (phone, field) => {
    expect(check({ [field]: phone })).toEqual({ ok: false, errors: { [field]: 'invalidPhone' } })
  })

  it('accepts Ethiopian phones in their common forms', () => {
    const phones = { phone_primary: '0911234567', phone_secondary: '251911234567' }
    expect(check({ ...phones, emergency_contact_phone: '+251 (911) 23-45-67' }).ok).toBe(true)
  })

  it('leaves a stored phone as it is: an update that keeps it passes, a changed one is checked', () => {
    const stored = { ...completeMember(), phone_primary: 'ask the choir leader' }
    const kept = validateMember({ ...stored, city: 'Adama' }, memberUpdateSchema(), { stored })
    expect(kept.ok).toBe(true)
    const changed = validateMember({ ...stored, phone_primary: 'call me' }, memberUpdateSchema(), {
      stored,
    })
    expect(changed).toEqual({ ok: false, errors: { phone_primary: 'invalidPhone' } })
    // Without what is stored (a new member), the same text is refused.
    expect(validateMember(stored, memberCreateSchema()).ok).toBe(false)
  })

  it.each([
    ['1990-02-31', 'invalidDate'],
    ['1900-02-29', 'invalidDate'],
    ['04/05/1990', 'invalidDate'],
    ['1899-12-31', 'dateOutOfRange'],
    ['2100-01-01', 'dateOutOfRange'],
  ])('date %p → %p', (date, message) => {
    expect(check({ date_of_birth: date, baptism_date: date })).toEqual({
      ok: false,
      errors: { date_of_birth: message, baptism_date: message },
    })
  })

  it.each(['1900-01-01', '2099-12-31', '2000-02-29'])('date %p is accepted', (date) => {
    expect(check({ date_of_birth: date }).ok).toBe(true)
  })

  it('rejects a date that is not a string', () => {
    expect(check({ date_of_birth: 19900504 })).toEqual({
      ok: false,
      errors: { date_of_birth: 'invalidDate' },
    })
  })

  it('accepts only keys for enum fields', () => {
    expect(check({ highest_education: 'Degree', gender: 'other', nationality: 'Kenya' })).toEqual({
      ok: false,
      errors: {
        highest_education: 'invalidValue',
        gender: 'invalidValue',
        nationality: 'invalidValue',
      },
    })
    expect(check({ membership_status: 'transferred', volunteer_availability: 'weekends' }).ok).toBe(
      true,
    )
  })

  it('checks list items and sizes', () => {
    expect(check({ allergies: ['Peanuts', ' Dust'] })).toEqual({
      ok: false,
      errors: { allergies: 'invalidValue' },
    })
    expect(check({ allergies: ['Peanuts', ''] }).ok).toBe(false)
    expect(check({ allergies: 'Peanuts' })).toEqual({
      ok: false,
      errors: { allergies: 'invalidValue' },
    })
    expect(check({ allergies: [3] }).ok).toBe(false)
    expect(check({ allergies: Array.from({ length: 51 }, (_, i) => `a${i}`) })).toEqual({
      ok: false,
      errors: { allergies: 'tooLong' },
    })
    expect(check({ allergies: ['x'.repeat(201)] })).toEqual({
      ok: false,
      errors: { allergies: 'tooLong' },
    })
    expect(check({ allergies: Array.from({ length: 50 }, (_, i) => `a${i}`) }).ok).toBe(true)
  })

  it('enforces text lengths', () => {
    expect(check({ first_name: 'x'.repeat(100), notes: 'x'.repeat(5000) }).ok).toBe(true)
    expect(
      check({
        first_name: 'x'.repeat(101),
        phone_primary: '1'.repeat(41),
        notes: 'x'.repeat(5001),
      }),
    ).toEqual({
      ok: false,
      errors: { first_name: 'tooLong', phone_primary: 'tooLong', notes: 'tooLong' },
    })
    expect(check({ city: 'x'.repeat(501) })).toEqual({ ok: false, errors: { city: 'tooLong' } })
  })

  it('rejects wrongly typed values instead of coercing them', () => {
    expect(check({ bible_study_participation: 'true', city: 42 })).toEqual({
      ok: false,
      errors: { bible_study_participation: 'invalidValue', city: 'invalidValue' },
    })
  })
})
