import {
  childNamesFromHead,
  householdNameLanguage,
  parseHouseholdInput,
  proposedHouseholdName,
} from './household'

const member = (fields: {
  first_name: string
  middle_name: string | null
  gender: string | null
  household_role: 'head' | 'spouse' | 'child' | null
}) => fields

describe('the child name prefill', () => {
  it("gives a child of the head the head's given name and father's name", () => {
    const members = [
      member({ first_name: 'አበበ', middle_name: 'ከበደ', gender: 'male', household_role: 'head' }),
      member({
        first_name: 'አልማዝ',
        middle_name: 'በቀለ',
        gender: 'female',
        household_role: 'spouse',
      }),
    ]
    expect(childNamesFromHead(members)).toEqual({ middle_name: 'አበበ', last_name: 'ከበደ' })
  })

  it('takes the husband when the head is a woman (እማወራ) with one, and nothing without', () => {
    const head = member({
      first_name: 'Almaz',
      middle_name: 'Bekele',
      gender: 'female',
      household_role: 'head',
    })
    const husband = member({
      first_name: 'Dawit',
      middle_name: 'Haile',
      gender: 'male',
      household_role: 'spouse',
    })
    expect(childNamesFromHead([head, husband])).toEqual({
      middle_name: 'Dawit',
      last_name: 'Haile',
    })
    expect(childNamesFromHead([head])).toBeUndefined()
    expect(childNamesFromHead([husband])).toBeUndefined()
  })

  it('leaves the grandfather empty when the head has no father’s name', () => {
    const head = member({
      first_name: 'Abebe',
      middle_name: null,
      gender: null,
      household_role: 'head',
    })
    expect(childNamesFromHead([head])).toEqual({ middle_name: 'Abebe', last_name: '' })
  })
})

describe('parseHouseholdInput', () => {
  it('needs a name on create, trims, and turns blanks into null', () => {
    expect(parseHouseholdInput({ number: '1' }, false)).toEqual({
      ok: false,
      errors: { name: 'fieldRequired' },
    })
    expect(
      parseHouseholdInput({ name: '  Kebede family ', city: ' ', number: 'F-1' }, false),
    ).toEqual({ ok: true, value: { name: 'Kebede family', city: null, number: 'F-1' } })
  })

  it("reads a form's untouched fields (undefined) as absent", () => {
    const untouched = { name: 'Girma family', city: undefined, status: undefined, notes: undefined }
    expect(parseHouseholdInput(untouched, false)).toEqual({
      ok: true,
      value: { name: 'Girma family' },
    })
  })

  it('refuses control characters; notes keep their line breaks', () => {
    expect(parseHouseholdInput({ name: 'A\u0007B', city: 'x\ny' }, false)).toEqual({
      ok: false,
      errors: { name: 'invalidValue', city: 'invalidValue' },
    })
    expect(parseHouseholdInput({ name: 'A', notes: 'one\ntwo' }, false)).toMatchObject({ ok: true })
  })

  it('keeps absent fields out of an update and refuses bad values', () => {
    expect(parseHouseholdInput({ notes: 'x' }, true)).toEqual({ ok: true, value: { notes: 'x' } })
    expect(
      parseHouseholdInput(
        { name: '', wedding_date: '2019-02-29', status: 'lost', city: 5, number: 'x'.repeat(41) },
        true,
      ),
    ).toEqual({
      ok: false,
      errors: {
        name: 'fieldRequired',
        wedding_date: 'invalidDate',
        status: 'invalidValue',
        city: 'invalidValue',
        number: 'tooLong',
      },
    })
  })
})

describe('proposedHouseholdName', () => {
  it('names the family after its head in each language', () => {
    const head = { first_name: 'አበበ', middle_name: 'ከበደ', gender: 'male' }
    expect(proposedHouseholdName(head, 'am')).toBe('የአቶ አበበ ከበደ ቤተሰብ')
    expect(proposedHouseholdName({ ...head, gender: 'female' }, 'am')).toBe('የወ/ሮ አበበ ከበደ ቤተሰብ')
    expect(proposedHouseholdName({ first_name: 'Abebe', middle_name: 'Kebede' }, 'en')).toBe(
      'Abebe Kebede family',
    )
  })
})

describe('householdNameLanguage', () => {
  it("keeps a proposed name in one script: Amharic for Ge'ez names, else the one asked", () => {
    expect(['am', 'en', 'om'].map((l) => householdNameLanguage('አበበ', l as 'am'))).toEqual([
      'am',
      'am',
      'am',
    ])
    expect(householdNameLanguage('Abebe', 'am')).toBe('en')
    expect(householdNameLanguage('Abebe', 'om')).toBe('om')
    expect(householdNameLanguage('Abebe', 'en')).toBe('en')
  })
})
