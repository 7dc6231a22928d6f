// ChurchCRM's person_per table exported as CSV (phpMyAdmin, a hosted ChurchCRM's database):
// raw column names, codes for gender, family role and classification, the birthday in parts.
import type { ImportPreview, Member } from '../../../../domain'
import { csvOf, importerApp } from '../../../testing/importCalls'

const { ctx, owner, calls } = importerApp()

const PERSON_PER = [
  ['per_ID', 'per_Title', 'per_FirstName', 'per_MiddleName', 'per_LastName', 'per_Suffix'],
  ['per_Address1', 'per_Address2', 'per_City', 'per_State', 'per_Zip', 'per_Country'],
  ['per_HomePhone', 'per_WorkPhone', 'per_CellPhone', 'per_Email', 'per_WorkEmail'],
  ['per_BirthMonth', 'per_BirthDay', 'per_BirthYear', 'per_MembershipDate', 'per_Gender'],
  ['per_fmr_ID', 'per_cls_ID', 'per_fam_ID', 'per_Envelope', 'per_DateLastEdited'],
  ['per_DateEntered', 'per_EnteredBy', 'per_EditedBy', 'per_FriendDate', 'per_Flags'],
].flat()

/** A person_per row: the columns given, the rest as ChurchCRM leaves them. */
function person(values: Record<string, string>): string[] {
  const row: Record<string, string> = {
    per_City: 'Addis Ababa',
    per_State: 'Addis Ababa',
    per_Country: 'Ethiopia',
    per_DateLastEdited: '2024-01-05 10:12:00',
    per_DateEntered: '2019-03-02 09:00:00',
    per_EnteredBy: '1',
    per_EditedBy: '1',
    per_Flags: '0',
    ...values,
  }
  return PERSON_PER.map((column) => row[column] ?? '')
}

// A family of three (fam 7): the head, his wife who hides her birth year, their daughter; then
// two people without a household, each with a birthday no calendar has.
const FILE = [
  PERSON_PER,
  person({
    per_ID: '101',
    per_Title: 'Ato',
    per_FirstName: 'አበበ',
    per_LastName: 'ከበደ',
    per_Address1: 'Bole Road 12',
    per_Zip: '1000',
    per_HomePhone: '011 661 2345',
    per_CellPhone: '0911 234 567',
    per_Email: 'abebe@example.et',
    per_BirthMonth: '3',
    per_BirthDay: '15',
    per_BirthYear: '1970',
    per_MembershipDate: '2015-09-12',
    per_Gender: '1',
    per_fmr_ID: '1',
    per_cls_ID: '1',
    per_fam_ID: '7',
    per_Envelope: '42',
  }),
  person({
    per_ID: '102',
    per_Title: 'W/ro',
    per_FirstName: 'Tigist',
    per_LastName: 'Alemu',
    per_CellPhone: '0911 345 678',
    per_BirthMonth: '11',
    per_BirthDay: '2',
    per_BirthYear: '0',
    per_Gender: '2',
    per_fmr_ID: '2',
    per_cls_ID: '2',
    per_fam_ID: '7',
  }),
  person({
    per_ID: '103',
    per_FirstName: 'ሐና',
    per_LastName: 'አበበ',
    per_BirthMonth: '6',
    per_BirthDay: '1',
    per_BirthYear: '2008',
    per_Gender: '2',
    per_fmr_ID: '3',
    per_cls_ID: '1',
    per_fam_ID: '7',
  }),
  person({
    per_ID: '104',
    per_Title: 'Dr',
    per_FirstName: 'Samuel',
    per_LastName: 'Tesfaye',
    per_BirthMonth: '13',
    per_BirthDay: '1',
    per_BirthYear: '1985',
    per_Gender: '0',
    per_fmr_ID: '0',
    per_cls_ID: '5',
    per_fam_ID: '0',
  }),
  person({
    per_ID: '105',
    per_FirstName: 'Meron',
    per_LastName: 'Girma',
    per_BirthMonth: '2',
    per_BirthDay: '31',
    per_BirthYear: '1990',
    per_Gender: '2',
    per_fmr_ID: '0',
    per_cls_ID: '4',
    per_fam_ID: '0',
  }),
]

const PROPOSED = {
  per_Gender: { 1: 'male', 2: 'female' },
  per_fmr_ID: { 1: 'head', 2: 'spouse', 3: 'child' },
  per_cls_ID: { 1: 'member', 2: 'regularAttendee', 5: 'inactive' },
}

async function upload(rows: string[][]): Promise<ImportPreview> {
  const res = await calls.upload(owner.auth, csvOf(rows), 'person_per.csv', {}, 'text/csv')
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

describe('POST /api/imports: ChurchCRM’s person_per table', () => {
  it('maps the raw columns, proposes the codes’ meaning and composes the birthday', async () => {
    const p = await upload(FILE)
    expect(p.mapping).toEqual({
      per_ID: 'external_id',
      per_Title: null,
      per_FirstName: 'first_name',
      per_MiddleName: null,
      per_LastName: 'middle_name',
      per_Suffix: null,
      per_Address1: 'street_address',
      per_Address2: null,
      per_City: 'city',
      per_State: 'state',
      per_Zip: 'zip_code',
      per_Country: null,
      per_HomePhone: 'phone_secondary',
      per_WorkPhone: null,
      per_CellPhone: 'phone_primary',
      per_Email: 'email',
      per_WorkEmail: null,
      per_BirthMonth: 'birth_month',
      per_BirthDay: 'birth_day',
      per_BirthYear: 'birth_year',
      per_MembershipDate: 'date_joined',
      per_Gender: 'gender',
      per_fmr_ID: 'family_role',
      per_cls_ID: 'membership_status',
      per_fam_ID: 'family_id',
      per_Envelope: null,
      per_DateLastEdited: null,
      per_DateEntered: null,
      per_EnteredBy: null,
      per_EditedBy: null,
      per_FriendDate: null,
      per_Flags: null,
    })
    expect(p.two_part_names).toBe(true)
    // What the church wrote is kept; ChurchCRM's own bookkeeping is not.
    expect(p.notes_columns).toEqual(['per_Title', 'per_Country', 'per_Envelope'])

    // The codes are still the clerk's to confirm, with ChurchCRM's meaning chosen; 0 is empty,
    // and "Non-Attender (staff)" (4) has no meaning proposed.
    expect(p.values.map(({ column, field, values }) => ({ column, field, values }))).toEqual([
      {
        column: 'per_Gender',
        field: 'gender',
        values: [
          { value: '2', count: 3 },
          { value: '1', count: 1 },
        ],
      },
      {
        column: 'per_fmr_ID',
        field: 'family_role',
        values: [
          { value: '1', count: 1 },
          { value: '2', count: 1 },
          { value: '3', count: 1 },
        ],
      },
      {
        column: 'per_cls_ID',
        field: 'membership_status',
        values: [
          { value: '1', count: 2 },
          { value: '2', count: 1 },
          { value: '4', count: 1 },
          { value: '5', count: 1 },
        ],
      },
    ])
    expect(p.value_map).toEqual(PROPOSED)

    expect(p.preview.map((row) => [row.first_name, row.date_of_birth, row.gender])).toEqual([
      ['አበበ', '1970-03-15', 'male'],
      ['Tigist', null, 'female'],
      ['ሐና', '2008-06-01', 'female'],
      ['Samuel', null, null],
      ['Meron', null, 'female'],
    ])
    expect(p.errors).toEqual([
      { row: 5, field: 'date_of_birth', message: 'invalidDate', value: '1985-13-1' },
      { row: 6, field: 'membership_status', message: 'invalidValue', value: '4' },
      { row: 6, field: 'date_of_birth', message: 'invalidDate', value: '1990-2-31' },
    ])

    // The clerk leaves the staff classification empty; the impossible birthdays stay refused.
    const valueMap = { ...PROPOSED, per_cls_ID: { ...PROPOSED.per_cls_ID, 4: null } }
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip', value_map: valueMap })
    expect(res.json()).toEqual({ created: 3, updated: 0, skipped: 0, refused: 2 })

    const list = await ctx.app.inject({ url: '/api/members', headers: owner.auth })
    const saved = list.json<Member[]>().sort((a, b) => a.id - b.id)
    expect(
      saved.map((m) => [
        m.external_id,
        m.first_name,
        m.middle_name,
        m.date_of_birth,
        m.gender,
        m.membership_status,
        m.phone_primary,
      ]),
    ).toEqual([
      ['101', 'አበበ', 'ከበደ', '1970-03-15', 'male', 'member', '0911 234 567'],
      ['102', 'Tigist', 'Alemu', null, 'female', 'regularAttendee', '0911 345 678'],
      ['103', 'ሐና', 'አበበ', '2008-06-01', 'female', 'member', null],
    ])
    expect(saved[0]).toMatchObject({
      street_address: 'Bole Road 12',
      city: 'Addis Ababa',
      zip_code: '1000',
      phone_secondary: '011 661 2345',
      email: 'abebe@example.et',
      date_joined: '2015-09-12',
    })
    // A birthday without its year is kept as ChurchCRM wrote it, not lost.
    expect(saved.map((m) => m.notes)).toEqual([
      'per_Title: Ato\nper_Country: Ethiopia\nper_Envelope: 42',
      'per_Title: W/ro\nper_Country: Ethiopia\nper_BirthMonth: 11\nper_BirthDay: 2',
      'per_Country: Ethiopia',
    ])

    // One household for per_fam_ID 7, each in ChurchCRM's role.
    const placed = await ctx.database.db
      .selectFrom('members')
      .select(['external_id', 'household_id', 'household_role'])
      .orderBy('id')
      .execute()
    expect(placed.map((m) => m.household_role)).toEqual(['head', 'spouse', 'child'])
    expect(placed[0].household_id).not.toBeNull()
    expect(new Set(placed.map((m) => m.household_id)).size).toBe(1)

    // The refused rows come back as written, each with the date of birth as the reason.
    const report = await ctx.app.inject({
      url: `/api/imports/${p.id}/report?format=csv&lang=en`,
      headers: owner.auth,
    })
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[1]).toMatch(/^104,Dr,Samuel,.*Date of birth: /)
    expect(lines[2]).toMatch(/^105,,Meron,.*Date of birth: /)
  })

  it('leaves the codes of a column under another system’s header to the clerk', async () => {
    const p = await upload([
      ['First Name', 'Last Name', 'Gender', 'Classification'],
      ['Abebe', 'Kebede', '1', '1'],
    ])
    expect(p.value_map).toEqual({})
    expect(p.errors.map((e) => e.field)).toEqual(['gender', 'membership_status'])
  })

  it('reads the NULL a database export writes as a blank cell', async () => {
    const p = await upload([
      ['per_FirstName', 'per_MiddleName', 'per_LastName', 'per_Email', 'per_BirthYear'],
      ['Abebe', 'NULL', 'Kebede', 'NULL', 'NULL'],
      ['Tigist', 'NULL', 'Alemu', 'tigist@example.et', 'NULL'],
    ])
    expect(p.errors).toEqual([])
    expect(p.notes_columns).toEqual([])
    expect(
      p.preview.map((row) => [row.middle_name, row.last_name ?? null, row.email ?? null]),
    ).toEqual([
      ['Kebede', null, null],
      ['Alemu', null, 'tigist@example.et'],
    ])
  })

  it('keeps a date of birth column’s own date over the parts', async () => {
    const p = await upload([
      ['per_FirstName', 'per_LastName', 'Birth Date', 'per_BirthYear', 'per_BirthMonth'],
      ['Abebe', 'Kebede', '1970-03-15', '1971', '4'],
      ['Tigist', 'Alemu', '', '1980', '13'],
    ])
    expect(p.mapping['Birth Date']).toBe('date_of_birth')
    expect(p.preview.map((row) => [row.date_of_birth, row.notes ?? null])).toEqual([
      ['1970-03-15', null],
      // Without a day column the parts are no date: kept in the notes, not refused.
      [null, 'per_BirthYear: 1980\nper_BirthMonth: 13'],
    ])
    expect(p.errors).toEqual([])
  })
})
