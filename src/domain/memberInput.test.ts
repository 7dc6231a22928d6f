import { normalizeMemberInput, parseMemberInput } from './memberInput'
import { memberCreateSchema, memberUpdateSchema } from './memberSchema'

describe('normalizeMemberInput', () => {
  it('maps enum labels to keys', () => {
    const { value, errors } = normalizeMemberInput({
      gender: 'Female',
      marital_status: 'MARRIED',
      highest_education: 'Degree',
      preferred_contact_method: 'text',
      membership_status: 'Regular Attendee',
      volunteer_availability: 'Weekends',
      nationality: 'ethiopia',
    })
    expect(errors).toEqual({})
    expect(value).toEqual({
      gender: 'female',
      marital_status: 'married',
      highest_education: 'degree',
      preferred_contact_method: 'sms',
      membership_status: 'regularAttendee',
      volunteer_availability: 'weekends',
      nationality: 'Ethiopia',
    })
  })

  it('reports unknown enum values', () => {
    expect(normalizeMemberInput({ gender: 'robot', highest_education: 'Bachelor' })).toEqual({
      value: {},
      errors: { gender: 'invalidValue', highest_education: 'invalidValue' },
    })
  })

  it('reads list fields from JSON array strings, comma text and arrays', () => {
    const { value, errors } = normalizeMemberInput({
      allergies: '["Peanuts", " Dust "]',
      medical_conditions: 'Diabetes, Asthma,, ',
      professional_skills: ['Carpentry'],
      children_info: '[]',
      spiritual_gifts: '["Worship Leader", "teacher", "ዝማሬ", "Teacher"]',
      current_ministries: "Children's Ministry, Ushering",
    })
    expect(errors).toEqual({})
    expect(value).toEqual({
      allergies: ['Peanuts', 'Dust'],
      medical_conditions: ['Diabetes', 'Asthma'],
      professional_skills: ['Carpentry'],
      children_info: [],
      spiritual_gifts: ['worshipLeader', 'teacher', 'ዝማሬ'],
      current_ministries: ['childrensMinistry', 'Ushering'],
    })
  })

  it.each(['[oops', '["a", 1]', '[{"x": "y"}]'])('rejects %p as a list', (raw) => {
    expect(normalizeMemberInput({ allergies: raw })).toEqual({
      value: {},
      errors: { allergies: 'invalidValue' },
    })
  })

  it('reads booleans from strings; empty means the default', () => {
    expect(
      normalizeMemberInput({
        bible_study_participation: 'true',
        receive_email_notifications: 'false',
        receive_sms_notifications: '',
      }).value,
    ).toEqual({
      bible_study_participation: true,
      receive_email_notifications: false,
      receive_sms_notifications: true,
    })
    expect(normalizeMemberInput({ bible_study_participation: 'sometimes' }).errors).toEqual({
      bible_study_participation: 'invalidValue',
    })
  })

  it('trims text, turns empty strings into null and tidies the job', () => {
    expect(
      normalizeMemberInput({
        first_name: '  Abebe ',
        email: '',
        zip_code: 1000,
        job: ' Engineer ,, Weaver, Engineer',
        gender: '',
        date_joined: '',
        allergies: '',
      }).value,
    ).toEqual({
      first_name: 'Abebe',
      email: null,
      zip_code: '1000',
      job: 'Engineer, Weaver',
      gender: null,
      date_joined: null,
      allergies: [],
    })
    expect(normalizeMemberInput({ job: ' , ' }).value).toEqual({ job: null })
  })

  it('keeps the first 10 characters of dates', () => {
    expect(normalizeMemberInput({ date_of_birth: '1990-05-04T00:00:00.000Z' }).value).toEqual({
      date_of_birth: '1990-05-04',
    })
    expect(normalizeMemberInput({ date_of_birth: 5 }).errors).toEqual({
      date_of_birth: 'invalidDate',
    })
  })

  it('ignores helper, server-set and unknown fields', () => {
    expect(
      normalizeMemberInput({
        selectedJobs: '["engineer"]',
        customJob: 'Weaver',
        showCustomJobField: 'true',
        registerd_by: 'mallory',
        id: '7',
        owner: '3',
        owner_id: '3',
        photo_path: 'uploads/x.jpg',
        transfer_date: '2024-01-01',
        created_at: 'x',
        updated_at: 'x',
        favourite_colour: 'blue',
        city: 'Adama',
      }),
    ).toEqual({ value: { city: 'Adama' }, errors: {} })
  })

  it('rejects text fields that are not text', () => {
    expect(normalizeMemberInput({ city: ['Adama', 'Hawassa'] }).errors).toEqual({
      city: 'invalidValue',
    })
  })
})

describe('parseMemberInput', () => {
  it('normalises multipart input, then validates it', () => {
    const result = parseMemberInput(
      {
        first_name: 'Abebe',
        middle_name: 'Kebede',
        last_name: 'Tesfaye',
        gender: 'Male',
        date_of_birth: '1990-05-04',
        marital_status: 'Single',
        phone_primary: '0911234567',
        street_address: 'Bole Road',
        city: 'Addis Ababa',
        state: 'Addis Ababa',
        membership_status: 'Member',
        current_ministries: '["Choir"]',
        highest_education: 'PhD',
        preferred_contact_method: 'SMS',
        bible_study_participation: 'false',
        selectedJobs: '[]',
      },
      memberCreateSchema(),
    )
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        gender: 'male',
        current_ministries: ['choir'],
        highest_education: 'phd',
        bible_study_participation: false,
      }),
    })
  })

  it('merges wire and schema errors', () => {
    expect(
      parseMemberInput(
        { first_name: 'Abebe', middle_name: '', allergies: '[bad', date_of_birth: '1990-02-31' },
        memberUpdateSchema(),
      ),
    ).toEqual({
      ok: false,
      errors: {
        middle_name: 'fieldRequired',
        allergies: 'invalidValue',
        date_of_birth: 'invalidDate',
      },
    })
  })
})
