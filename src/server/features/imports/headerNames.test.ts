// The family columns of an export come back under their own targets in every language and
// calendar; other systems' household columns are recognised only when they say so, so the
// member's own "Home Phone", "Status" and "Notes" columns stay the member's.
import { FAMILY_TARGETS } from '../../../domain'
import { matchHeader } from './fieldDictionary'
import { exportHeaders } from './memberExport'
import { autoMapping } from './service'

describe('the family columns’ headers', () => {
  it.each(
    (['en', 'am', 'om'] as const).flatMap((lang) =>
      (['gregorian', 'ethiopian'] as const).map((calendar) => [lang, calendar] as const),
    ),
  )('map an export’s last columns to the family targets (%s, %s)', (lang, calendar) => {
    const headers = exportHeaders(lang, calendar)
    const family = headers.slice(-FAMILY_TARGETS.length)
    const { mapping } = autoMapping(headers)
    expect(family.map((header) => mapping[header])).toEqual([...FAMILY_TARGETS])
    const wedding = family[FAMILY_TARGETS.indexOf('family_wedding_date')]
    expect(matchHeader(wedding).calendar).toBe(calendar)
  })

  it('takes other systems’ household columns, and leaves the member’s own to the member', () => {
    const headers = [
      'First Name',
      'Last Name',
      'Home Phone',
      'Status',
      'Notes',
      'Family ID',
      'Family Home Phone',
      'Wedding Date',
      'Family Status',
      'Household Notes',
    ]
    expect(autoMapping(headers).mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'middle_name',
      'Home Phone': 'phone_secondary',
      Status: 'membership_status',
      Notes: 'notes',
      'Family ID': 'family_id',
      'Family Home Phone': 'family_home_phone',
      'Wedding Date': 'family_wedding_date',
      'Family Status': 'family_status',
      'Household Notes': 'family_notes',
    })
  })

  it('reads the household form’s own labels as the member’s where a member has the field', () => {
    const { mapping } = autoMapping(['የመጀመሪያ ስም', 'የቤት ስልክ', 'ማስታወሻ', 'የጋብቻ ቀን', 'Haala'])
    expect(mapping).toMatchObject({
      'የቤት ስልክ': 'phone_secondary',
      ማስታወሻ: 'notes',
      // No member has a wedding date: the household's is the only one it can be.
      'የጋብቻ ቀን': 'family_wedding_date',
    })
    expect(mapping.Haala).not.toBe('family_status')
  })
})

// ChurchCRM's person_per table as a database export (phpMyAdmin) writes it: its raw column names.
describe('ChurchCRM’s person_per columns', () => {
  it.each([
    ['per_FirstName', ['first_name']],
    ['per_Address1', ['street_address']],
    ['per_City', ['city']],
    ['per_State', ['state']],
    ['per_Zip', ['zip_code']],
    ['per_CellPhone', ['phone_primary', 'phone_secondary']],
    ['per_HomePhone', ['phone_secondary', 'phone_primary']],
    ['per_WorkPhone', ['phone_secondary', 'phone_primary']],
    ['per_Email', ['email']],
    ['per_MembershipDate', ['date_joined']],
    ['per_Gender', ['gender']],
    ['per_fam_ID', ['family_id']],
    ['per_fmr_ID', ['family_role']],
    ['per_cls_ID', ['membership_status']],
    ['per_ID', ['external_id']],
    ['PER_FIRSTNAME', ['first_name']],
  ])('%s fills %j', (header, candidates) => {
    expect(matchHeader(header).candidates).toEqual(candidates)
  })

  it('reads per_LastName as a family name and per_MiddleName as a western middle name', () => {
    const headers = ['per_FirstName', 'per_MiddleName', 'per_LastName']
    // Most rows leave the middle name empty: the family name is the father's name.
    const twoPart = autoMapping(headers, [
      ['Abebe', '', 'Kebede'],
      ['Tigist', '', 'Alemu'],
      ['Hana', 'Girma', 'Bekele'],
    ])
    expect(twoPart.mapping).toEqual({
      per_FirstName: 'first_name',
      per_MiddleName: null,
      per_LastName: 'middle_name',
    })
    expect(twoPart.twoPartNames).toBe(true)
    // As the CSV Export's "Middle Name": one few rows fill is left out, not kept in notes.
    expect(twoPart.notesColumns).toEqual([])
    const threePart = autoMapping(headers, [
      ['Abebe', 'Kebede', 'Tesfaye'],
      ['Tigist', 'Alemu', 'Worku'],
    ])
    expect(threePart.mapping).toEqual({
      per_FirstName: 'first_name',
      per_MiddleName: 'middle_name',
      per_LastName: 'last_name',
    })
  })

  it('proposes ChurchCRM’s meaning for the codes the file holds, under its raw headers only', () => {
    const headers = ['per_Gender', 'per_fmr_ID', 'per_cls_ID', 'Gender', 'Family Role']
    const rows = [
      ['1', '1', '1', '1', '1'],
      ['2', '2', '4', '2', '2'],
      ['0', '3', '5', '0', '3'],
    ]
    const { mapping, valueMap } = autoMapping(headers, rows)
    expect(mapping).toMatchObject({ per_Gender: 'gender', Gender: null })
    expect(valueMap).toEqual({
      per_Gender: { 1: 'male', 2: 'female' },
      per_fmr_ID: { 1: 'head', 2: 'spouse', 3: 'child' },
      per_cls_ID: { 1: 'member', 5: 'inactive' },
    })
    // A coded column another column's field went to proposes nothing.
    const other = autoMapping(['Sex', 'per_Gender'], [['1', '1']])
    expect(other.mapping).toEqual({ Sex: 'gender', per_Gender: null })
    expect(other.valueMap).toEqual({})
  })

  it('keeps what a church wrote in the notes, and leaves ChurchCRM’s bookkeeping out', () => {
    const headers = [
      'per_ID',
      'per_Title',
      'per_FirstName',
      'per_LastName',
      'per_Envelope',
      'per_DateLastEdited',
      'per_DateEntered',
      'per_EnteredBy',
      'per_EditedBy',
      'per_Flags',
    ]
    const row = ['17', 'Ato', 'Abebe', 'Kebede', '42', '2024-01-05 10:12:00', '2019-03-02 09:00:00']
    const { mapping, notesColumns } = autoMapping(headers, [[...row, '1', '1', '0']])
    expect(notesColumns).toEqual(['per_Title', 'per_Envelope'])
    expect(mapping.per_DateEntered).toBeNull()
  })
})
