import { splitFullName } from './fullName'
import { readRow, type RowPlan } from './rowValues'
import { autoMapping } from './service'
import { refusalText } from './workbooks'

describe('splitFullName', () => {
  const abebe = { first_name: 'Abebe', middle_name: 'Kebede', last_name: 'Tesfaye' }
  const geez = { first_name: 'አበበ', middle_name: 'ከበደ', last_name: 'ተስፋዬ' }

  it.each([
    // Given, father’s and grandfather’s name in Latin and Ge’ez letters.
    ['Abebe Kebede Tesfaye', abebe],
    ['አበበ ከበደ ተስፋዬ', geez],
    // Split at any Unicode space and at the Ethiopic wordspace.
    ['አበበ፡ከበደ፡ተስፋዬ', geez],
    [' አበበ ፡ ከበደ፡ ተስፋዬ፡ ', geez],
    ['አበበ\u00a0ከበደ\u3000ተስፋዬ', geez],
    ['Abebe\tKebede\u2003 Tesfaye', abebe],
    // One word is the given name, two are given and father’s name.
    ['Abebe', { first_name: 'Abebe' }],
    ['ሰላም፡ታደሰ', { first_name: 'ሰላም', middle_name: 'ታደሰ' }],
    [' \u1361 ', undefined],
    ['', undefined],
    // The words after the father’s name stay in the grandfather’s name.
    [
      'Hana Girma Bekele Tesfaye',
      { first_name: 'Hana', middle_name: 'Girma', last_name: 'Bekele Tesfaye' },
    ],
    ['A B C D E', { first_name: 'A', middle_name: 'B', last_name: 'C D E' }],
    // A compound name counts as one name when there are more than three words.
    [
      'Hana Gebre Selassie Tesfaye',
      { first_name: 'Hana', middle_name: 'Gebre Selassie', last_name: 'Tesfaye' },
    ],
    [
      'ወልደ ማርያም አበበ ኃይለ ሚካኤል',
      { first_name: 'ወልደ ማርያም', middle_name: 'አበበ', last_name: 'ኃይለ ሚካኤል' },
    ],
    // Only the pair joins: Haile or Mikael alone is a name of its own.
    [
      'Abebe Haile Tesfaye Bekele',
      { first_name: 'Abebe', middle_name: 'Haile', last_name: 'Tesfaye Bekele' },
    ],
    // Three words are three names, whatever they are.
    ['Hana Gebre Selassie', { first_name: 'Hana', middle_name: 'Gebre', last_name: 'Selassie' }],
    // The titles before a name are left out of it; a title with no name after it is kept, as
    // what the cell holds, read as the name.
    ['Ato Abebe Kebede', { first_name: 'Abebe', middle_name: 'Kebede', title: 'Ato' }],
    [
      'W/ro Almaz Bekele Tesfaye',
      { first_name: 'Almaz', middle_name: 'Bekele', last_name: 'Tesfaye', title: 'W/ro' },
    ],
    [
      'ቄስ ዶ/ር ዮሐንስ ገብሬ ሙሉ',
      { first_name: 'ዮሐንስ', middle_name: 'ገብሬ', last_name: 'ሙሉ', title: 'ቄስ ዶ/ር' },
    ],
    ['Ato', { first_name: 'Ato' }],
  ])('splits %j', (text, parts) => {
    expect(splitFullName(text)).toEqual(parts)
  })

  it('sets homophone spellings and case aside in a compound name (ሰ/ሠ, ሀ/ሃ/ኃ)', () => {
    expect(splitFullName('ሰላም ሃይለ ስላሴ ታደሰ')?.middle_name).toBe('ሃይለ ስላሴ')
    expect(splitFullName('hana GEBRE selassie tesfaye')?.middle_name).toBe('GEBRE selassie')
  })

  it('reads a title only where it stands first', () => {
    expect(splitFullName('Obbo Tola Gemechu')?.first_name).toBe('Tola')
    expect(splitFullName('Abebe Ato Kebede')?.middle_name).toBe('Ato')
  })
})

describe('readRow with a full-name column', () => {
  const plan = (columns: RowPlan['columns'], fullName = 0): RowPlan => ({ columns, fullName })

  it('keeps a titled name as written in the notes, under its column, beside the notes cell', () => {
    const reading = readRow(['W/ro Almaz Bekele Tesfaye', 'Sings in the choir'], {
      columns: [{ index: 1, field: 'notes', calendar: 'gregorian' }],
      fullName: 0,
      fullNameHeader: 'Full name',
    })
    expect(reading.value).toMatchObject({
      first_name: 'Almaz',
      middle_name: 'Bekele',
      last_name: 'Tesfaye',
      notes: 'Sings in the choir\nFull name: W/ro Almaz Bekele Tesfaye',
    })
  })

  it('fills the three name fields from the one column', () => {
    const reading = readRow(['አበበ ከበደ ተስፋዬ', '0911 234 567'], {
      columns: [{ index: 1, field: 'phone_primary', calendar: 'gregorian' }],
      fullName: 0,
    })
    expect(reading.errors).toEqual({})
    expect(reading.value).toMatchObject({
      first_name: 'አበበ',
      middle_name: 'ከበደ',
      last_name: 'ተስፋዬ',
      phone_primary: '0911 234 567',
    })
    expect([...reading.filled].sort()).toEqual(
      ['first_name', 'last_name', 'middle_name', 'phone_primary'].sort(),
    )
  })

  it('refuses a one-word name for its missing father’s name, naming the value', () => {
    const reading = readRow(['Abebe'], plan([]))
    expect(reading.value.first_name).toBe('Abebe')
    expect(reading.errors).toEqual({ middle_name: 'fieldRequired' })
    expect(reading.errorValues).toEqual({ middle_name: 'Abebe' })
    expect(reading.filled).toEqual(['first_name'])
  })

  it('refuses a blank full name as a row without names', () => {
    const reading = readRow(['', '0911 234 567'], {
      columns: [{ index: 1, field: 'phone_primary', calendar: 'gregorian' }],
      fullName: 0,
    })
    expect(reading.errors).toEqual({ first_name: 'fieldRequired', middle_name: 'fieldRequired' })
  })

  it('lets a name part’s own column win, the full name filling what it leaves blank', () => {
    const columns = [
      { index: 1, field: 'first_name' as const, calendar: 'gregorian' as const },
      { index: 2, field: 'last_name' as const, calendar: 'gregorian' as const },
    ]
    const own = readRow(['Abebe Kebede Tesfaye', 'Abebech', 'Bekele'], plan(columns))
    expect(own.errors).toEqual({})
    expect(own.value).toMatchObject({
      first_name: 'Abebech',
      middle_name: 'Kebede',
      last_name: 'Bekele',
    })
    // A blank own cell is filled from the full name; the grandfather's name is not read as
    // the father's (two-part names) when a full name is mapped.
    const blank = readRow(['Abebe Kebede Tesfaye', '', 'Bekele'], plan(columns))
    expect(blank.value).toMatchObject({
      first_name: 'Abebe',
      middle_name: 'Kebede',
      last_name: 'Bekele',
    })
    const twoWords = readRow(['Abebe Kebede', '', ''], plan(columns))
    expect(twoWords.value).toMatchObject({ first_name: 'Abebe', middle_name: 'Kebede' })
    expect(twoWords.filled).not.toContain('last_name')
  })

  it('refuses a formula in the full-name column', () => {
    const reading = readRow([{ f: 'CONCAT(B1, C1)' }], plan([]))
    expect(reading.errors).toMatchObject({ full_name: 'invalidValue' })
  })
})

describe('autoMapping of a name column', () => {
  it.each([
    'Full Name',
    'Full name',
    'FULL NAME',
    'full_name',
    'Full-name:',
    'Member Name',
    'Member',
    'ሙሉ ስም',
    'የአባል ስም',
    'Maqaa guutuu',
    'Name',
    'ስም',
    'Maqaa',
    'name.',
  ])('proposes the full name for %s', (header) => {
    expect(autoMapping([header, 'Phone']).mapping).toEqual({
      [header]: 'full_name',
      Phone: 'phone_primary',
    })
  })

  it('reads a bare name beside another name column as the given name', () => {
    expect(autoMapping(['Name', "Father's name"]).mapping).toEqual({
      Name: 'first_name',
      "Father's name": 'middle_name',
    })
    expect(autoMapping(['ስም', 'የአባት ስም', 'የአያት ስም']).mapping).toEqual({
      ስም: 'first_name',
      'የአባት ስም': 'middle_name',
      'የአያት ስም': 'last_name',
    })
    expect(autoMapping(['Maqaa', 'Maqaa guutuu']).mapping).toEqual({
      Maqaa: 'first_name',
      'Maqaa guutuu': 'full_name',
    })
    // Western "Name" + "Last Name": the given name, and the family name as the father's.
    expect(autoMapping(['Name', 'Last Name']).mapping).toEqual({
      Name: 'first_name',
      'Last Name': 'middle_name',
    })
  })

  it('keeps a full name beside a given-name column', () => {
    expect(autoMapping(['Full Name', 'First Name']).mapping).toEqual({
      'Full Name': 'full_name',
      'First Name': 'first_name',
    })
  })

  it('reads a bare name as the full name beside an empty Middle Name', () => {
    const rows = [
      ['Abebe Kebede', ''],
      ['Sara Tesfaye', ''],
    ]
    expect(autoMapping(['Name', 'Middle Name'], rows).mapping).toEqual({
      Name: 'full_name',
      'Middle Name': null,
    })
  })
})

describe('the refused-rows report of a full-name column', () => {
  it('names the column by its label in the chosen language', () => {
    expect(refusalText({ full_name: 'invalidValue' }, 'en')).toMatch(/^Full name: /)
    expect(refusalText({ full_name: 'invalidValue' }, 'am')).toMatch(/^ሙሉ ስም/)
  })
})
