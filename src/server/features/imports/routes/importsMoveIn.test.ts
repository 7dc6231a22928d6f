// Issue 45: a church moving in from another system or an office sheet, in one pass.
import ExcelJS from 'exceljs'
import { ethiopianToIso, type ImportPreview, type Member } from '../../../../domain'
import { csvOf, importerApp, xlsxOf } from '../../../testing/importCalls'

const { ctx, owner, calls } = importerApp()

// The columns of ChurchCRM's "CSV Export" of people with their family, and two custom fields.
const CHURCHCRM_HEADERS = [
  'Title',
  'First Name',
  'Middle Name',
  'Last Name',
  'Suffix',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Country',
  'Home Phone',
  'Work Phone',
  'Mobile Phone',
  'Email',
  'Work Email',
  'Birth Date',
  'Membership Date',
  'Gender',
  'Classification',
  'Family ID',
  'Family Role',
  'Envelope',
  'Person ID',
  'Small Group',
]

const MEN = [
  'John',
  'David',
  'Michael',
  'James',
  'Robert',
  'Daniel',
  'Samuel',
  'Peter',
  'Paul',
  'Mark',
]
const WOMEN = [
  'Mary',
  'Sarah',
  'Ruth',
  'Hannah',
  'Esther',
  'Lydia',
  'Martha',
  'Grace',
  'Naomi',
  'Anna',
]
const CHILDREN = [
  'Abel',
  'Beth',
  'Caleb',
  'Dinah',
  'Eli',
  'Faith',
  'Gideon',
  'Hope',
  'Isaac',
  'Joy',
]
const FAMILIES = 60
const PEOPLE = FAMILIES * 4

/** Person i of the ChurchCRM-style export: 60 families of four. */
function churchCrmRow(i: number): string[] {
  const family = Math.floor(i / 4)
  const place = i % 4
  const last = `Family${family}son`
  const first =
    place === 0
      ? MEN[family % 10]
      : place === 1
        ? WOMEN[family % 10]
        : CHILDREN[(family * 2 + place - 2) % 10]
  // ChurchCRM writes dates unpadded and unknown parts as 0 (a tab before a missing year).
  const birth =
    i % 17 === 0
      ? '\t-0-0'
      : i % 23 === 0
        ? '-12-29'
        : i % 29 === 0
          ? '1945-4-0'
          : `${1950 + (family % 30) + (place > 1 ? 30 : 0)}-${1 + (i % 12)}-${1 + (i % 28)}`
  const gender = place === 0 ? 'Male' : place === 1 ? 'Female' : ['M', 'F', 'Unassigned'][i % 3]
  const classification =
    place < 2 ? 'Member' : place === 2 ? 'Regular Attender' : family % 2 ? 'Guest' : 'Non-Attender'
  const role =
    place === 0
      ? 'Head of Household'
      : place === 1
        ? 'Spouse'
        : place === 2
          ? 'Child'
          : ['Other Relative', 'Non Relative', 'Child'][family % 3]
  return [
    place === 0 ? 'Mr.' : place === 1 ? 'Mrs.' : '',
    first,
    i % 10 === 0 ? 'J.' : '',
    last,
    '',
    `${100 + family} Main St`,
    family % 5 === 0 ? 'Apt 2' : '',
    'Springfield',
    'IL',
    '62701',
    'United States',
    `(555) 01${String(family).padStart(2, '0')}-0000`,
    place === 0 ? `555.300.${String(family).padStart(4, '0')}` : '',
    place < 2 ? `555-2${String(i).padStart(3, '0')}-1234` : '',
    place < 2 ? `${first}.${last}@example.com`.toLowerCase() : '',
    '',
    birth,
    place < 2 ? `${2000 + (family % 20)}-${1 + (family % 12)}-${1 + (family % 27)}` : '',
    gender,
    classification,
    String(family + 1),
    role,
    place === 0 ? String(100 + family) : '',
    String(i + 1),
    family % 2 ? 'Tuesday' : '',
  ]
}

const churchCrmCsv = () =>
  csvOf(
    [CHURCHCRM_HEADERS, ...Array.from({ length: PEOPLE }, (_, i) => churchCrmRow(i))].map((row) =>
      row.map((cell) => `"${cell}"`),
    ),
  )

const CLASSIFICATIONS = {
  Classification: {
    'Regular Attender': 'regularAttendee',
    Guest: 'visitor',
    'Non-Attender': 'inactive',
  },
}

async function upload(data: Buffer, name: string, fields: Record<string, string> = {}) {
  const res = await calls.upload(owner.auth, data, name, fields)
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

async function allMembers(): Promise<Member[]> {
  const res = await ctx.app.inject({ url: '/api/members?limit=1000', headers: owner.auth })
  return res.json<Member[]>()
}

describe('a ChurchCRM export', () => {
  it('stores every row with only the value mappings and one confirmation', async () => {
    const p = await upload(churchCrmCsv(), 'churchcrm-people.csv')
    expect(p.rows).toBe(PEOPLE)
    expect(p.mapping).toEqual({
      Title: null,
      'First Name': 'first_name',
      'Middle Name': null,
      'Last Name': 'middle_name',
      Suffix: null,
      'Address 1': 'street_address',
      'Address 2': null,
      City: 'city',
      State: 'state',
      Zip: 'zip_code',
      Country: null,
      'Home Phone': 'phone_secondary',
      'Work Phone': null,
      'Mobile Phone': 'phone_primary',
      Email: 'email',
      'Work Email': null,
      'Birth Date': 'date_of_birth',
      'Membership Date': 'date_joined',
      Gender: 'gender',
      Classification: 'membership_status',
      'Family ID': 'family_id',
      'Family Role': 'family_role',
      Envelope: null,
      'Person ID': 'external_id',
      'Small Group': null,
    })
    expect(p.two_part_names).toBe(true)
    // Columns without a field that hold something are kept in notes unless the clerk says no.
    expect(p.notes_columns).toEqual([
      'Title',
      'Address 2',
      'Country',
      'Work Phone',
      'Envelope',
      'Small Group',
    ])
    // Only the classifications the import does not know, each once with its count.
    expect(p.values).toEqual([
      {
        column: 'Classification',
        field: 'membership_status',
        values: [
          { value: 'Regular Attender', count: FAMILIES },
          { value: 'Guest', count: FAMILIES / 2 },
          { value: 'Non-Attender', count: FAMILIES / 2 },
        ],
        accepted: ['member', 'regularAttendee', 'visitor', 'pending', 'inactive', 'transferred'],
      },
    ])
    // The refusal names the value.
    expect(p.errors[0]).toMatchObject({
      field: 'membership_status',
      message: 'invalidValue',
      value: 'Regular Attender',
    })
    const unknownDates = p.warnings.filter((w) => w.message === 'importDateUnknown')
    expect(unknownDates.map((w) => w.value)).toEqual(
      expect.arrayContaining(['-0-0', '-12-29', '1945-4-0']),
    )
    expect(p.duplicates).toEqual([])

    const mapped = await calls.preview(owner.auth, p.id, { value_map: CLASSIFICATIONS })
    expect(mapped.json<ImportPreview>().errors).toEqual([])
    const res = await calls.commit(owner.auth, p.id, {
      on_duplicate: 'skip',
      value_map: CLASSIFICATIONS,
    })
    expect(res.json()).toEqual({ created: PEOPLE, updated: 0, skipped: 0, refused: 0 })

    const stored = await allMembers()
    expect(stored).toHaveLength(PEOPLE)
    const john = stored.find((m) => m.first_name === 'John' && m.middle_name === 'Family0son')!
    expect(john).toMatchObject({
      last_name: '',
      phone_primary: '555-2000-1234',
      phone_secondary: '(555) 0100-0000',
      email: 'john.family0son@example.com',
      date_of_birth: null, // '\t-0-0': unknown, left empty
      date_joined: '2000-01-01',
      gender: 'male',
      membership_status: 'member',
      receive_email_notifications: false,
      receive_sms_notifications: false,
    })
    expect(john.notes?.split('\n')).toEqual([
      'Title: Mr.',
      'Address 2: Apt 2',
      'Country: United States',
      'Work Phone: 555.300.0000',
      'Envelope: 100',
    ])
    expect(john.external_id).toBe('1')
    const child = stored.find((m) => m.first_name === 'Caleb' && m.middle_name === 'Family1son')!
    expect(child).toMatchObject({
      date_of_birth: '1981-07-07',
      membership_status: 'regularAttendee',
    })

    // Sixty families of four: sixty households, each with its head, spouse and children.
    const db = ctx.database.db
    const households = await db.selectFrom('households').select(['id', 'name']).execute()
    expect(households).toHaveLength(FAMILIES)
    const placed = await db
      .selectFrom('members')
      .select(['first_name', 'middle_name', 'household_id', 'household_role'])
      .execute()
    expect(placed.every((m) => m.household_id !== null)).toBe(true)
    for (const household of households) {
      const members = placed.filter((m) => m.household_id === household.id)
      expect(members).toHaveLength(4)
      expect(members.filter((m) => m.household_role === 'head')).toHaveLength(1)
    }
    const johns = placed.find((m) => m.first_name === 'John' && m.middle_name === 'Family0son')!
    expect(johns.household_role).toBe('head')
    expect(households.find((h) => h.id === johns.household_id)?.name).toBe('John Family0son family')
    expect(
      placed
        .filter((m) => m.household_id === johns.household_id)
        .map((m) => m.household_role)
        .sort(),
    ).toEqual(['child', 'head', 'relative', 'spouse'])
    const householdEvents = await db
      .selectFrom('audit_events')
      .select(['action'])
      .where('action', 'in', ['household_create', 'household_member_add'])
      .execute()
    expect(householdEvents.filter((e) => e.action === 'household_create')).toHaveLength(FAMILIES)
    expect(householdEvents.filter((e) => e.action === 'household_member_add')).toHaveLength(PEOPLE)

    // The same file again: every row is caught, nothing doubles.
    const uploaded = await upload(churchCrmCsv(), 'churchcrm-people.csv')
    const again = (
      await calls.preview(owner.auth, uploaded.id, { value_map: CLASSIFICATIONS })
    ).json<ImportPreview>()
    expect(again.duplicates).toHaveLength(PEOPLE)
    expect(again.duplicates.every((d) => d.member_id !== null)).toBe(true)
    // ChurchCRM's person id matches first, even for rows with nothing else to match on.
    expect(again.duplicates.every((d) => d.reason === 'same_external_id')).toBe(true)
    const second = await calls.commit(owner.auth, again.id, {
      on_duplicate: 'skip',
      value_map: CLASSIFICATIONS,
    })
    expect(second.json()).toEqual({ created: 0, updated: 0, skipped: PEOPLE, refused: 0 })
    expect(await allMembers()).toHaveLength(PEOPLE)
    expect(await db.selectFrom('households').select('id').execute()).toHaveLength(FAMILIES)
  })

  it('names households from the file or the head, one head each, joining existing ones', async () => {
    const headers = [
      'First Name',
      'Last Name',
      'Phone',
      'Family ID',
      'Household Name',
      'Role',
      'Sex',
    ]
    const p = await upload(
      await xlsxOf([
        headers,
        ['አበበ', 'ከበደ', '0911 000 001', '7', '', 'ባለቤት', 'ወ'],
        ['አልማዝ', 'ታደሰ', '0911 000 002', '7', '', 'Head of Household', 'ሴ'],
        ['ሰላም', 'አበበ', '0911 000 003', '7', '', 'Head', 'ሴ'], // a second head
        ['Chaltu', 'Gemechu', '0911 000 004', '8', 'Warra Gemechu', 'Mataa maatii', 'F'],
        ['Lensa', 'Gemechu', '0911 000 005', '8', '', '', 'F'], // no role
        ['Kidist', 'Alone', '0911 000 006', '', '', '', 'F'], // no family
      ]),
      'families.xlsx',
    )
    expect(Object.values(p.mapping)).toEqual([
      'first_name',
      'middle_name',
      'phone_primary',
      'family_id',
      'family_name',
      'family_role',
      'gender',
    ])
    expect(p.errors).toEqual([])
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const db = ctx.database.db
    const households = await db.selectFrom('households').select(['id', 'name']).execute()
    expect(households.map((h) => h.name).sort()).toEqual(['Warra Gemechu', 'የወ/ሮ አልማዝ ታደሰ ቤተሰብ'])
    const roles = Object.fromEntries(
      (
        await db
          .selectFrom('members')
          .select(['first_name', 'household_id', 'household_role'])
          .execute()
      ).map((m) => [m.first_name, [m.household_id, m.household_role]]),
    )
    const [amharic, oromo] = [
      households.find((h) => h.name.startsWith('የ'))!.id,
      households.find((h) => h.name === 'Warra Gemechu')!.id,
    ]
    expect(roles).toEqual({
      አበበ: [amharic, 'spouse'],
      አልማዝ: [amharic, 'head'],
      ሰላም: [amharic, 'relative'],
      Chaltu: [oromo, 'head'],
      Lensa: [oromo, 'relative'],
      Kidist: [null, null],
    })

    // A later file's row of family 8, updating Lensa, keeps her in the household she is in.
    const again = await upload(
      await xlsxOf([headers, ['Lensa', 'Gemechu', '0911 000 005', '8', '', 'Daughter', 'F']]),
      'again.xlsx',
    )
    await calls.commit(owner.auth, again.id, { on_duplicate: 'update' })
    expect(await db.selectFrom('households').select('id').execute()).toHaveLength(2)
    const lensa = await db
      .selectFrom('members')
      .select(['household_id', 'household_role'])
      .where('first_name', '=', 'Lensa')
      .executeTakeFirstOrThrow()
    expect(lensa).toEqual({ household_id: oromo, household_role: 'child' })
  })

  it("gives a new household its head's address, else the first member's that has one", async () => {
    const p = await upload(
      await xlsxOf([
        ['First Name', 'Last Name', 'Phone', 'Family ID', 'Role', 'Address 1', 'City', 'Zip'],
        ['Almaz', 'Tadesse', '0911 000 011', '3', 'Spouse', 'Piassa 4', 'Gondar', ''],
        ['Abebe', 'Kebede', '0911 000 012', '3', 'Head', 'Bole Road 12', 'Addis Ababa', '1000'],
        ['Chaltu', 'Gemechu', '0911 000 013', '4', 'Head', '', '', ''],
        ['Lensa', 'Gemechu', '0911 000 014', '4', 'Child', '', 'Adama', ''],
        ['Kidist', 'Alone', '0911 000 015', '5', 'Head', '', '', ''],
      ]),
      'addresses.xlsx',
    )
    expect(p.errors).toEqual([])
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const households = await ctx.database.db
      .selectFrom('households')
      .select(['name', 'street_address', 'city', 'zip_code', 'state'])
      .orderBy('id')
      .execute()
    expect(households).toEqual([
      {
        name: 'Abebe Kebede family',
        street_address: 'Bole Road 12',
        city: 'Addis Ababa',
        zip_code: '1000',
        state: null,
      },
      {
        name: 'Chaltu Gemechu family',
        street_address: null,
        city: 'Adama',
        zip_code: null,
        state: null,
      },
      {
        name: 'Kidist Alone family',
        street_address: null,
        city: null,
        zip_code: null,
        state: null,
      },
    ])
  })

  it('takes value mappings to empty and refuses one that is not an option', async () => {
    const p = await upload(churchCrmCsv(), 'churchcrm-people.csv')
    const bad = await calls.preview(owner.auth, p.id, {
      value_map: { Classification: { Guest: 'friend' } },
    })
    expect(bad.statusCode).toBe(400)
    const empty = await calls.preview(owner.auth, p.id, {
      value_map: {
        Classification: { 'Regular Attender': null, Guest: null, 'Non-Attender': null },
      },
      notes_columns: [],
    })
    const answer = empty.json<ImportPreview>()
    expect(answer.errors).toEqual([])
    expect(answer.notes_columns).toEqual([])
    expect(answer.preview[2]).toMatchObject({ membership_status: null })
    expect(answer.preview[0].notes ?? null).toBeNull()
  })
})

describe('duplicates and updates', () => {
  const HEADERS = [
    'Given name',
    "Father's name",
    "Grandfather's name",
    'Phone',
    'Date of birth',
    'Email',
  ]

  /** Abebe Kebede with a phone, imported and stored: the member later rows repeat. */
  async function storeAbebe(): Promise<Member> {
    const first = await upload(
      await xlsxOf([HEADERS, ['Abebe', 'Kebede', '', '0911 234 567', '', '']]),
      'a.xlsx',
    )
    await calls.commit(owner.auth, first.id, { on_duplicate: 'skip' })
    const [abebe] = await allMembers()
    return abebe
  }

  it('finds rows without a grandfather’s name, by phone in any format or email', async () => {
    const first = await upload(
      await xlsxOf([HEADERS, ['Abebe', 'Kebede', '', '+251 911 234 567', '1980-01-02', '']]),
      'a.xlsx',
    )
    await calls.commit(owner.auth, first.id, { on_duplicate: 'skip' })
    const p = await upload(
      await xlsxOf([
        HEADERS,
        ['Abebe', 'Kebede', 'Tesfaye', '0911-234-567', '', ''], // phone in another format
        ['Abebe', 'Kebede', '', '', '1980-01-02', ''], // birth date
        ['Sara', 'Alemu', '', '', '', 'sara@example.com'],
        ['sara', 'ALEMU', '', '', '', 'SARA@example.com'], // within the file, by email
        ['Abebe', 'Kebede', 'Other', '', '1980-01-02', ''], // stored one has no grandfather: same
      ]),
      'b.xlsx',
    )
    expect(p.duplicates.map((d) => [d.row, d.member_id !== null, d.other_row, d.reason])).toEqual([
      [2, true, null, 'same_name_and_phone'],
      [3, true, null, 'same_name_and_birth_date'],
      [5, false, 4, 'same_name_and_email'],
      [6, true, 3, 'same_name_and_birth_date'],
    ])
  })

  it('reports a refused row that is also a duplicate, without making it an earlier row', async () => {
    const abebe = await storeAbebe()
    const p = await upload(
      await xlsxOf([
        HEADERS,
        ['Abebe', 'Kebede', '', '0911 234 567', '', 'not-an-email'], // refused, and a double
        ['Sara', 'Alemu', '', '0911 000 111', '31/31/1990', ''], // refused
        ['Sara', 'Alemu', '', '0911 000 111', '', ''], // its corrected copy: no double of it
      ]),
      'b.xlsx',
    )
    expect(p.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'email'],
      [3, 'date_of_birth'],
    ])
    expect(p.duplicates).toEqual([
      {
        row: 2,
        member_id: abebe.id,
        other_row: null,
        reason: 'same_name_and_phone',
        refused: true,
      },
    ])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(res.json()).toEqual({ created: 1, updated: 0, skipped: 0, refused: 2 })
  })

  it('says in the refused-rows report (xlsx and CSV) what each refused double repeats', async () => {
    const abebe = await storeAbebe()
    const p = await upload(
      await xlsxOf([
        HEADERS,
        ['Abebe', 'Kebede', '', '0911 234 567', '', 'not-an-email'], // a stored member's double
        ['Sara', 'Alemu', '', '0911 000 111', '', ''],
        ['Sara', 'Alemu', '', '0911-000-111', '', 'bad@'], // row 3's double
        ['Marta', 'Girma', '', '', '31/31/1990', ''], // refused, a double of nobody
      ]),
      'b.xlsx',
    )
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const download = (query: string) =>
      ctx.app.inject({ url: `/api/imports/${p.id}/report?${query}`, headers: owner.auth })

    const xlsx = await download('lang=en')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const sameAs = (row: number) =>
      String(sheet.getRow(row).getCell(HEADERS.length + 2).value ?? '')
    expect(sameAs(1)).toBe('Same as')
    expect([2, 3, 4].map((row) => [sheet.getRow(row).getCell(1).value, sameAs(row)])).toEqual([
      ['Abebe', `Registered member no. ${abebe.id}`],
      ['Sara', 'Row 3 of this file'],
      ['Marta', ''],
    ])

    const csv = await download('lang=am&format=csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0].endsWith(',የሚመሳሰለው')).toBe(true)
    expect(lines[1]).toMatch(new RegExp(`^Abebe,.*,የተመዘገበ .*${abebe.id}$`))
    expect(lines[2]).toMatch(/^Sara,.*3/)
    expect(lines[3].endsWith(',')).toBe(true)
    expect((await download('format=pdf')).statusCode).toBe(400)
  })

  it('matches the earlier system’s id first and keeps it unique in the account', async () => {
    const ID_HEADERS = ['Person ID', 'First Name', 'Last Name', 'Phone']
    const first = await upload(
      await xlsxOf([
        ID_HEADERS,
        ['A-7', 'Abebe', 'Kebede', '0911 234 567'],
        ['A-8', 'Sara', 'Alemu', ''],
      ]),
      'a.xlsx',
    )
    expect(first.mapping['Person ID']).toBe('external_id')
    await calls.commit(owner.auth, first.id, { on_duplicate: 'skip' })
    const [abebe] = (await allMembers()).filter((m) => m.first_name === 'Abebe')
    expect(abebe.external_id).toBe('A-7')

    const p = await upload(
      await xlsxOf([
        ID_HEADERS,
        ['A-7', 'Abebech', 'Kebede', ''], // renamed in the old system: the id still says who
        ['A-9', 'Sara', 'Alemu', ''], // another id, same name only: not a duplicate
        ['A-9', 'Marta', 'Girma', ''], // the same id twice in the file
      ]),
      'b.xlsx',
    )
    expect(p.duplicates.map((d) => [d.row, d.member_id, d.other_row, d.reason])).toEqual([
      [2, abebe.id, null, 'same_external_id'],
      [4, null, 3, 'same_external_id'],
    ])
    // Registering them anyway would give one id to two members: those rows are refused.
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(res.json()).toEqual({ created: 1, updated: 0, skipped: 0, refused: 2 })
    const stored = await ctx.database.db
      .selectFrom('pending_imports')
      .select('report')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    const refused = (
      JSON.parse(stored.report!) as { refusedRows: { row: number; errors: unknown }[] }
    ).refusedRows
    // Each says who holds the id: the stored member, or the earlier row of the file.
    expect(refused).toEqual([
      expect.objectContaining({
        row: 2,
        errors: { external_id: 'externalIdTaken' },
        duplicate: { row: null, member_id: abebe.id },
      }),
      expect.objectContaining({
        row: 4,
        errors: { external_id: 'externalIdTaken' },
        duplicate: { row: 3, member_id: null },
      }),
    ])
    const ids = (await allMembers()).map((m) => m.external_id).sort()
    expect(ids).toEqual(['A-7', 'A-8', 'A-9'])

    const again = await upload(
      await xlsxOf([ID_HEADERS, ['A-7', 'Abebech', 'Kebede', '']]),
      'c.xlsx',
    )
    await calls.commit(owner.auth, again.id, { on_duplicate: 'update' })
    const renamed = (await allMembers()).find((m) => m.id === abebe.id)
    expect(renamed).toMatchObject({ first_name: 'Abebech', phone_primary: '0911 234 567' })
  })

  it('an update shows old → new for a filled field and records the diff like an edit', async () => {
    const first = await upload(
      await xlsxOf([HEADERS, ['Abebe', 'Kebede', 'Tesfaye', '0911 234 567', '1980-05-12', '']]),
      'a.xlsx',
    )
    await calls.commit(owner.auth, first.id, { on_duplicate: 'skip' })
    const [member] = await allMembers()
    const p = await upload(
      await xlsxOf([
        HEADERS,
        ['Abebe', 'Kebede', 'Tesfaye', '0911234567', '1972-09-04', 'abebe@example.com'],
      ]),
      'b.xlsx',
    )
    expect(p.changes).toEqual([
      {
        row: 2,
        member_id: member.id,
        field: 'phone_primary',
        old: '0911 234 567',
        new: '0911234567',
      },
      {
        row: 2,
        member_id: member.id,
        field: 'date_of_birth',
        old: '1980-05-12',
        new: '1972-09-04',
      },
    ])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'update' })
    expect(res.json()).toMatchObject({ updated: 1 })
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'member_import')
      .orderBy('seq')
      .execute()
    expect(JSON.parse(events[1].details).changes).toEqual({
      phone_primary: ['0911 234 567', '0911234567'],
      date_of_birth: ['1980-05-12', '1972-09-04'],
      email: [null, 'abebe@example.com'],
    })
  })
})

describe('an Amharic office sheet', () => {
  it('reads month names, slashes and era marks, and asks before reading date cells', async () => {
    const p = await upload(
      await xlsxOf([
        ['ስም', 'የአባት ስም', 'ስልክ', 'የትውልድ ቀን', 'ጾታ'],
        ['አበበ', 'ከበደ', '0911 234 567', 'ግንቦት 9 1982', 'ወ'],
        ['ሰላም', 'ታደሰ', '0912 345 678', '1975/03/14', 'ሴ'],
        ['ዮሐንስ', 'በቀለ', '', "'1980-05-12 ዓ.ም.", 'ወንድ'],
        ['ማርታ', 'ገብሩ', '', '12/06/1990', 'ሴት'],
        ['ሄኖክ', 'ዳዊት', '', new Date(Date.UTC(1985, 9, 14)), 'M'],
        ['ሊያ', 'ሰለሞን', '', 'ሐምሌ 1977', 'F'],
      ]),
      'አባላት.xlsx',
      { calendar: 'ethiopian' },
    )
    expect(Object.values(p.mapping)).toEqual([
      'first_name',
      'middle_name',
      'phone_primary',
      'date_of_birth',
      'gender',
    ])
    expect(p.errors).toEqual([])
    expect(p.warnings).toEqual([
      { row: 7, field: 'date_of_birth', message: 'importDateUnknown', value: 'ሐምሌ 1977' },
    ])
    expect(p.date_columns).toEqual([
      expect.objectContaining({
        column: 'የትውልድ ቀን',
        calendar: 'ethiopian',
        confirmed: false,
        date_cells: 1,
        needs_choice: true,
      }),
    ])
    expect(p.date_columns[0].samples[0]).toEqual({
      text: 'ግንቦት 9 1982',
      gregorian: ethiopianToIso(1982, 9, 9), // the month name says Ethiopian either way
      ethiopian: ethiopianToIso(1982, 9, 9),
    })
    const unconfirmed = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(unconfirmed.statusCode).toBe(400)

    const res = await calls.commit(owner.auth, p.id, {
      on_duplicate: 'skip',
      column_calendars: { 'የትውልድ ቀን': 'ethiopian' },
    })
    expect(res.json()).toEqual({ created: 6, updated: 0, skipped: 0, refused: 0 })
    const byName = new Map((await allMembers()).map((m) => [m.first_name, m]))
    expect(byName.get('አበበ')).toMatchObject({
      date_of_birth: ethiopianToIso(1982, 9, 9),
      gender: 'male',
    })
    expect(byName.get('ሰላም')?.date_of_birth).toBe(ethiopianToIso(1975, 3, 14))
    expect(byName.get('ዮሐንስ')?.date_of_birth).toBe(ethiopianToIso(1980, 5, 12))
    expect(byName.get('ማርታ')?.date_of_birth).toBe(ethiopianToIso(1990, 6, 12))
    // The date cell's numbers, read as the Ethiopian date the clerk typed.
    expect(byName.get('ሄኖክ')?.date_of_birth).toBe(ethiopianToIso(1985, 10, 14))
    expect(byName.get('ሊያ')?.date_of_birth).toBeNull()
  })
})
