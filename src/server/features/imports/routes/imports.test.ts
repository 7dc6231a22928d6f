import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import type { Member } from '../../../../domain'
import type { ImportPreview } from '../../../../domain'
import { verifyChain } from '../../history/service'
import { csvOf, importCalls, titledXlsxOf, xlsxOf } from '../../../testing/importCalls'
import { memberCalls } from '../../../testing/memberCalls'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../../testing/testApp'
import { expectRefusal } from '../../../testing/responses'

let ctx: TestContext
let owner: Awaited<ReturnType<typeof createUserAndSignIn>>
let other: Awaited<ReturnType<typeof createUserAndSignIn>>
const calls = importCalls(() => ctx.app)
const members = memberCalls(() => ctx.app)

beforeEach(async () => {
  ctx = await createTestApp()
  owner = await createUserAndSignIn(ctx, 'sara')
  other = await createUserAndSignIn(ctx, 'dawit')
})
afterEach(() => ctx.close())

async function preview(
  rows: unknown[][],
  fields: Record<string, string> = {},
  auth = owner.auth,
): Promise<ImportPreview> {
  const res = await calls.upload(auth, await xlsxOf(rows), 'members.xlsx', fields)
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

async function stored(auth = owner.auth): Promise<Member[]> {
  const res = await ctx.app.inject({ url: '/api/members', headers: auth })
  return res.json<Member[]>()
}

const errorsOf = (p: ImportPreview, row: number) =>
  Object.fromEntries(p.errors.filter((e) => e.row === row).map((e) => [e.field, e.message]))

/** A US Excel CSV: dates month first, one of them (12/25) only readable so. */
const MONTH_FIRST_ROWS = [
  ['First Name', "Father's Name", 'Birth Date'],
  ['Abebe', 'Kebede', '3/15/1980'],
  ['Sara', 'Tesfaye', '5/12/1981'],
  ['Tola', 'Gemechu', '12/25/1979'],
]
describe('POST /api/imports: mapping', () => {
  it('matches headers in English, Amharic, Afaan Oromoo and snake_case', async () => {
    const p = await preview([
      ['First name', 'የአባት ስም', 'Maqaa akaakayyuu', 'date_of_birth', 'Phone*', 'Unrelated'],
      ['Abebe', 'Kebede', 'Tesfaye', '1990-05-04', '0911', 'x'],
    ])
    expect(p.mapping).toMatchObject({
      'First name': 'first_name',
      date_of_birth: 'date_of_birth',
      Unrelated: null,
    })
    // Whatever the Amharic and Oromo labels name, they map to a field, each to its own.
    const fields = Object.values(p.mapping).filter((f) => f !== null)
    expect(new Set(fields).size).toBe(fields.length)
    expect(p.rows).toBe(1)
  })

  it('maps the labels of locales/ in every language to their fields', async () => {
    const am = (await import('../../../../../locales/am.json')).default as Record<string, string>
    const om = (await import('../../../../../locales/om.json')).default as Record<string, string>
    const p = await preview([
      [am.firstName, am.lastName, om.email, am.maritalStatus],
      ['አበበ', 'ተስፋዬ', 'a@example.com', 'ያገባ'],
    ])
    expect(Object.values(p.mapping)).toEqual(['first_name', 'last_name', 'email', 'marital_status'])
  })

  it('keeps a column headed "__proto__" in the notes it proposed, asked or left as proposed', async () => {
    const rows = [
      ['first_name', 'middle_name', '__proto__'],
      ['Abebe', 'Kebede', 'Choir since 2001'],
      ['Sara', 'Tesfaye', 'Choir since 2005'],
    ]
    const upload = await calls.upload(owner.auth, csvOf(rows), 'people.csv', {}, 'text/csv')
    const p = upload.json<ImportPreview>()
    expect(p.notes_columns).toEqual(['__proto__'])
    const notes = ['__proto__: Choir since 2001', '__proto__: Choir since 2005']
    // The choices sent back as answered (the client), or left out: the upload's proposal stands.
    for (const choices of [{ mapping: p.mapping, notes_columns: p.notes_columns }, {}]) {
      const again = await calls.preview(owner.auth, p.id, choices)
      expect(again.json<ImportPreview>().preview.map((row) => row.notes)).toEqual(notes)
    }
    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(commit.json()).toMatchObject({ created: 2 })
    expect((await stored()).map((member) => member.notes).sort()).toEqual(notes)
  })
})

describe('POST /api/imports: title rows', () => {
  it('maps the header under an office title and names rows as the sheet numbers them', async () => {
    const data = await titledXlsxOf(
      [
        ['First Name', "Father's Name", 'Email'],
        ['Abebe', 'Kebede', 'abebe@example.com'],
        ['Sara', 'Tesfaye', 'not-an-email'],
      ],
      3,
    )
    const res = await calls.upload(owner.auth, data)
    const p = res.json<ImportPreview>()
    expect(p.columns).toEqual(['First Name', "Father's Name", 'Email'])
    expect(p.mapping).toEqual({
      'First Name': 'first_name',
      "Father's Name": 'middle_name',
      Email: 'email',
    })
    expect(p.rows).toBe(2)
    expect(p.preview[0]).toMatchObject({ row: 4, first_name: 'Abebe' })
    expect(errorsOf(p, 5)).toEqual({ email: 'invalidEmail' })
    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(commit.statusCode).toBe(200)
    expect((await stored()).map((member) => member.first_name)).toEqual(['Abebe'])
  })

  it('reads dates month first from the rows under a header below a title of two values', async () => {
    // The title's church and printed day (A1, E1) are no header: the dates are read from the
    // members' rows, and 12/25 in one of them tells that the column is written month first.
    const rows = [['St Mary Church', '', '', '', 'Printed 12/11/2026'], ...MONTH_FIRST_ROWS]
    const res = await calls.upload(owner.auth, csvOf(rows), 'people.csv', {}, 'text/csv')
    const p = res.json<ImportPreview>()
    expect(p.columns).toEqual(['First Name', "Father's Name", 'Birth Date'])
    expect(p.mapping).toMatchObject({ 'Birth Date': 'date_of_birth' })
    expect(p.preview[0]).toMatchObject({ row: 3, first_name: 'Abebe' })
    expect(p.preview.map((row) => row.date_of_birth)).toEqual([
      '1980-03-15',
      '1981-05-12',
      '1979-12-25',
    ])
    expect(p.date_columns[0].samples[1]).toMatchObject({
      text: '5/12/1981',
      gregorian: '1981-05-12',
    })
  })
})

describe('POST /api/imports: values', () => {
  const header = [
    'first_name',
    'last_name',
    'marital_status',
    'membership_status',
    'gender',
    'spiritual_gifts',
    'allergies',
    'date_of_birth',
    'phone_primary',
  ]

  it('reads enum keys and labels of all three languages, lists with , or ;, and keeps phones as written', async () => {
    const am = (await import('../../../../../locales/am.json')).default as Record<string, string>
    const om = (await import('../../../../../locales/om.json')).default as Record<string, string>
    const p = await preview([
      header,
      [
        'A',
        'B',
        'married',
        'Regular Attendee',
        'Female',
        'Choir; Mercy',
        'dust, pollen',
        '1990-05-04',
        '+251 911-23 45 67',
      ],
      [
        'C',
        'D',
        am['option.marital_status.single'],
        am['option.membership_status.visitor'],
        am['option.gender.male'],
        am['option.spiritual_gifts.choir'],
        'a;b',
        '04/05/1990',
        '0911 234 567',
      ],
      [
        'E',
        'F',
        om['option.marital_status.widowed'],
        om['option.membership_status.pending'],
        om['option.gender.female'],
        'my own gift',
        '',
        '',
        '',
      ],
      ['G', 'H', 'complicated', '', '', '', '', '', ''],
    ])
    expect(p.preview[0]).toMatchObject({
      row: 2,
      marital_status: 'married',
      membership_status: 'regularAttendee',
      gender: 'female',
      spiritual_gifts: ['choir', 'mercy'],
      allergies: ['dust', 'pollen'],
      date_of_birth: '1990-05-04',
      phone_primary: '+251 911-23 45 67',
    })
    expect(p.preview[1]).toMatchObject({
      marital_status: 'single',
      membership_status: 'visitor',
      gender: 'male',
      spiritual_gifts: ['choir'],
      allergies: ['a', 'b'],
      date_of_birth: '1990-05-04',
      phone_primary: '0911 234 567',
    })
    expect(p.preview[2]).toMatchObject({
      marital_status: 'widowed',
      membership_status: 'pending',
      gender: 'female',
      spiritual_gifts: ['my own gift'],
    })
    expect(errorsOf(p, 5)).toEqual({ marital_status: 'invalidValue' })
    expect(p.errors).toHaveLength(1)
  })

  it('reads Excel date cells, ISO and dd/mm/yyyy text, and refuses impossible dates', async () => {
    const p = await preview([
      ['first_name', 'last_name', 'date_of_birth', 'date_joined'],
      ['A', 'B', new Date(Date.UTC(1988, 1, 29)), '31/12/2001'],
      ['C', 'D', '1990-02-31', 'yesterday'],
    ])
    expect(p.preview[0]).toMatchObject({ date_of_birth: '1988-02-29', date_joined: '2001-12-31' })
    expect(errorsOf(p, 3)).toEqual({ date_of_birth: 'invalidDate', date_joined: 'invalidDate' })
  })

  it('reads a date column written month first (a US Excel CSV) month first in every row', async () => {
    const rows = MONTH_FIRST_ROWS
    const res = await calls.upload(owner.auth, csvOf(rows), 'people.csv', {}, 'text/csv')
    const p = res.json<ImportPreview>()
    expect(p.preview.map((row) => row.date_of_birth)).toEqual([
      '1980-03-15',
      '1981-05-12',
      '1979-12-25',
    ])
    // The values step's samples read the column as the rows are stored.
    expect(p.date_columns[0].samples[1]).toMatchObject({ gregorian: '1981-05-12' })
    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(commit.statusCode).toBe(200)
    const sara = (await stored()).find((member) => member.first_name === 'Sara')
    expect(sara?.date_of_birth).toBe('1981-05-12')
  })

  it('keeps reading day first when the column also has a day that is no month', async () => {
    const p = await preview([
      ['first_name', 'last_name', 'date_of_birth'],
      ['A', 'B', '25/12/1979'],
      ['C', 'D', '5/12/1981'],
      ['E', 'F', '3/15/1980'],
    ])
    expect(p.preview.map((row) => row.date_of_birth)).toEqual([
      '1979-12-25',
      '1981-12-05',
      '1980-03-15',
    ])
  })

  it('converts Ethiopian dates with the domain calendar, Pagume and leap years included', async () => {
    const p = await preview(
      [
        ['first_name', 'last_name', 'date_of_birth', 'date_joined'],
        ['A', 'B', '2015-13-06', '01/01/2017'], // 2015 is a leap year: Pagume has 6 days
        ['C', 'D', '2016-13-06', '2015-13-07'], // no Pagume 6 in 2016; never a Pagume 7
        ['E', 'F', '1982-01-01', new Date(Date.UTC(2000, 0, 7))], // a date cell: asked
      ],
      { calendar: 'ethiopian' },
    )
    expect(p.preview[0]).toMatchObject({ date_of_birth: '2023-09-11', date_joined: '2024-09-11' })
    expect(errorsOf(p, 3)).toEqual({ date_of_birth: 'invalidDate', date_joined: 'invalidDate' })
    expect(p.preview[2]).toMatchObject({ date_of_birth: '1989-09-11' })
    // The date cell's column waits for the clerk, showing both readings.
    const joined = p.date_columns.find((column) => column.column === 'date_joined')
    expect(joined).toMatchObject({ calendar: 'ethiopian', date_cells: 1, needs_choice: true })
    expect(joined?.samples[2]).toEqual({
      text: '2000-01-07',
      gregorian: '2000-01-07',
      ethiopian: '2007-09-18',
    })
    const refused = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      errors: { column_calendars: 'importDateCellsUnconfirmed' },
    })
    expect(await stored()).toHaveLength(0)
    const chosen = await calls.preview(owner.auth, p.id, {
      column_calendars: { date_joined: 'gregorian' },
    })
    expect(chosen.json<ImportPreview>().preview[2]).toMatchObject({ date_joined: '2000-01-07' })
  })

  it('checks every row with the member schema and its message ids', async () => {
    const p = await preview([
      ['first_name', 'last_name', 'email', 'middle_name'],
      ['', 'B', 'not-an-email', 'x'.repeat(101)],
    ])
    expect(errorsOf(p, 2)).toEqual({
      first_name: 'fieldRequired',
      email: 'invalidEmail',
      middle_name: 'tooLong',
    })
  })

  it('reads CSV in UTF-8 with a BOM, with semicolons, and Excel UTF-16 with tabs', async () => {
    const rows = [
      ['first_name', 'last_name', 'city'],
      ['ሠላም', 'ገብሬ', 'አዲስ አበባ'],
    ]
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvOf(rows, ';')])
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(rows.map((r) => r.join('\t')).join('\r\n'), 'utf16le'),
    ])
    for (const [data, name] of [
      [bom, 'a.csv'],
      [utf16, 'b.txt'],
    ] as const) {
      const res = await calls.upload(owner.auth, data, name, {}, 'text/csv')
      expect(res.statusCode).toBe(200)
      // Two name columns are a given name and a father's name (Ethiopian practice).
      expect(res.json<ImportPreview>().preview[0]).toMatchObject({
        first_name: 'ሠላም',
        middle_name: 'ገብሬ',
        last_name: null,
        city: 'አዲስ አበባ',
      })
    }
  })

  it('reads a European Excel CSV: semicolons, a title line, quoted commas in the header', async () => {
    const csv = Buffer.from(
      'St Mary Church, member list 2017\r\n' +
        'First Name;"Father\'s Name";"Remarks, if any"\r\n' +
        'Abebe;Kebede;"Choir, Sunday school"\r\nSara;Tesfaye;\r\n',
      'utf8',
    )
    const res = await calls.upload(owner.auth, csv, 'members.csv', {}, 'text/csv')
    const p = res.json<ImportPreview>()
    expect(p.columns).toEqual(['First Name', "Father's Name", 'Remarks, if any'])
    expect(p.mapping).toMatchObject({ 'First Name': 'first_name', "Father's Name": 'middle_name' })
    expect(p.notes_columns).toEqual(['Remarks, if any'])
    expect(p.preview.map((row) => [row.row, row.first_name, row.middle_name])).toEqual([
      [3, 'Abebe', 'Kebede'],
      [4, 'Sara', 'Tesfaye'],
    ])
  })

  it('reads the Ethiopian name, address and church columns by their labels', async () => {
    const p = await preview([
      [
        'Given name',
        "Father's name",
        'የአያት ስም',
        'Name in Latin letters (as on the passport)',
        'ክፍለ ከተማ',
        'Aanaa',
        'Kebele',
        'House number',
        'ስመ ክርስትና',
        'Confession father',
        'Kutaa waldaa',
        'State / region',
        'P.O. Box',
      ],
      [
        'ሠላም',
        'ታደሰ',
        '',
        'Selam Tadesse',
        'ቦሌ',
        '03',
        '12',
        '1234',
        'ወለተ ማርያም',
        'አባ ዮሐንስ',
        'ኪዳነ ምሕረት',
        'Oromia',
        '1000',
      ],
      ['Abebe', '', 'Tesfaye', '', '', '', '', '', '', '', '', '', ''],
    ])
    expect(Object.values(p.mapping)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'latin_name',
      'sub_city',
      'woreda',
      'kebele',
      'house_number',
      'christian_name',
      'confession_father',
      'parish',
      'state',
      'zip_code',
    ])
    expect(p.preview[0]).toMatchObject({
      middle_name: 'ታደሰ',
      last_name: null,
      latin_name: 'Selam Tadesse',
      sub_city: 'ቦሌ',
      woreda: '03',
      kebele: '12',
      house_number: '1234',
      christian_name: 'ወለተ ማርያም',
      confession_father: 'አባ ዮሐንስ',
      parish: 'ኪዳነ ምሕረት',
      state: 'Oromia',
      zip_code: '1000',
    })
    // With a father's-name column, a row without one is refused rather than guessed.
    expect(errorsOf(p, 3)).toEqual({ middle_name: 'fieldRequired' })
    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(commit.json()).toEqual({ created: 1, updated: 0, skipped: 0, refused: 1 })
    expect((await stored())[0]).toMatchObject({ last_name: '', christian_name: 'ወለተ ማርያም' })
  })
})

describe('POST /api/imports: duplicates', () => {
  it('finds duplicates in the file and among stored members, folding ሰ/ሠ and apostrophes', async () => {
    const stored1 = await members.create(owner.auth, {
      first_name: 'ሰላም',
      middle_name: 'ታደሰ',
      last_name: "Ge'ez",
      phone_primary: '0911 111111',
      date_of_birth: '1980-01-01',
    })
    await members.create(other.auth, {
      first_name: 'Other',
      middle_name: 'Account',
      last_name: 'Person',
      phone_primary: '0922 222222',
    })
    const p = await preview([
      ['first_name', 'middle_name', 'last_name', 'phone_primary', 'date_of_birth'],
      ['ሠላም', 'ታደሠ', 'Ge’ez', '+251911111111', ''], // stored member, other spelling, same phone
      ['Abebe', 'Kebede', 'Tesfaye', '', '1990-05-04'],
      ['abebe', 'kebede', 'tesfaye', '', '1990-05-04'], // same as the row above
      ['Abebe', 'Kebede', 'Tesfaye', '0933', '1991-01-01'], // same name, another person
      ['Other', 'Account', 'Person', '0922 222222', ''], // another account's member: not ours
    ])
    expect(p.duplicates).toEqual([
      { row: 2, member_id: stored1.id, other_row: null, reason: 'same_name_and_phone' },
      { row: 4, member_id: null, other_row: 3, reason: 'same_name_and_birth_date' },
    ])
  })
})

describe('POST /api/imports/:id/commit', () => {
  const header = ['first_name', 'middle_name', 'last_name', 'phone_primary', 'city', 'notes']

  async function withStoredAndFile() {
    const existing = await members.create(owner.auth, {
      first_name: 'Abebe',
      middle_name: 'Kebede',
      last_name: 'Tesfaye',
      phone_primary: '0911 223344',
      city: 'Adama',
      notes: 'Kept note',
    })
    const p = await preview([
      header,
      ['Abebe', 'Kebede', 'Tesfaye', '0911223344', 'Hawassa', ''], // the stored member
      ['Hana', 'Girma', 'Bekele', '0922 556677', '', ''],
      ['', 'No', 'Name', '', '', ''], // refused
    ])
    return { existing, p }
  }

  it('skip: creates the new rows, skips duplicates, refuses invalid rows', async () => {
    const { p } = await withStoredAndFile()
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ created: 1, updated: 0, skipped: 1, refused: 1 })
    const names = (await stored()).map((m) => m.first_name).sort()
    expect(names).toEqual(['Abebe', 'Hana'])
    const hana = (await stored()).find((m) => m.first_name === 'Hana')
    expect(hana?.registerd_by).toBe('sara')
  })

  it('update: changes the stored member, and a blank cell never overwrites a value', async () => {
    const { existing, p } = await withStoredAndFile()
    // Every field the client's ImportPreview type reads is in the answer, and nothing else.
    expect(Object.keys(p).sort()).toEqual([
      'changes',
      'column_calendars',
      'columns',
      'date_columns',
      'duplicates',
      'errors',
      'expires_at',
      'household_changes',
      'id',
      'mapping',
      'notes_columns',
      'preview',
      'rows',
      'two_part_names',
      'value_map',
      'values',
      'warnings',
    ])
    expect(p.changes).toContainEqual({
      row: 2,
      member_id: existing.id,
      field: 'city',
      old: 'Adama',
      new: 'Hawassa',
    })
    expect(Object.keys(p.duplicates[0]).sort()).toEqual(['member_id', 'other_row', 'reason', 'row'])
    expect(Object.keys(p.errors[0]).sort()).toEqual(['field', 'message', 'row'])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'update' })
    expect(res.json()).toEqual({ created: 1, updated: 1, skipped: 0, refused: 1 })
    const after = (await stored()).find((m) => m.id === existing.id)
    expect(after).toMatchObject({
      city: 'Hawassa',
      notes: 'Kept note',
      phone_primary: '0911223344',
    })
  })

  it('create: creates duplicates anyway', async () => {
    const { p } = await withStoredAndFile()
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(res.json()).toEqual({ created: 2, updated: 0, skipped: 0, refused: 1 })
    expect(await stored()).toHaveLength(3)
  })

  it('a second commit is 409, another account gets 404, bad bodies 400', async () => {
    const { p } = await withStoredAndFile()
    expect((await calls.commit(other.auth, p.id, { on_duplicate: 'skip' })).statusCode).toBe(404)
    expect((await calls.commit(owner.auth, p.id, { on_duplicate: 'merge' })).statusCode).toBe(400)
    expect(
      (await calls.commit(owner.auth, p.id, { on_duplicate: 'skip', mapping: { nope: 'city' } }))
        .statusCode,
    ).toBe(400)
    expect((await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })).statusCode).toBe(200)
    const again = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expectRefusal(again, 409)
    expect(
      (await calls.commit(owner.auth, 'x'.repeat(32), { on_duplicate: 'skip' })).statusCode,
    ).toBe(404)
  })

  it('an import expires after an hour', async () => {
    const { p } = await withStoredAndFile()
    await ctx.database.db
      .updateTable('pending_imports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect((await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })).statusCode).toBe(404)
    expect(await stored()).toHaveLength(1)
  })

  it('takes a changed mapping at commit', async () => {
    const p = await preview([
      ['Vorname', 'Nachname', 'Ort'],
      ['Meron', 'Alemu', 'Bahir Dar'],
    ])
    expect(p.mapping).toEqual({ Vorname: null, Nachname: null, Ort: null })
    expect(p.errors.map((e) => e.message)).toEqual(['fieldRequired', 'fieldRequired'])
    const res = await calls.commit(owner.auth, p.id, {
      on_duplicate: 'skip',
      mapping: { Vorname: 'first_name', Nachname: 'last_name', Ort: 'city' },
    })
    expect(res.json()).toEqual({ created: 1, updated: 0, skipped: 0, refused: 0 })
    expect((await stored())[0]).toMatchObject({ first_name: 'Meron', city: 'Bahir Dar' })
  })

  it('is all or nothing: a failure in the middle leaves the account unchanged', async () => {
    await members.create(owner.auth, { first_name: 'Before' })
    const p = await preview([
      ['first_name', 'last_name'],
      ['One', 'X'],
      ['Two', 'X'],
      ['Boom', 'X'],
      ['Four', 'X'],
    ])
    if (ctx.database.dialect === 'sqlite') {
      await sql`create trigger boom before insert on members when new.first_name = 'Boom'
        begin select raise(abort, 'boom'); end`.execute(ctx.database.db)
    } else {
      await sql`create function boom() returns trigger language plpgsql as $$
        begin if new.first_name = 'Boom' then raise exception 'boom'; end if; return new; end $$`.execute(
        ctx.database.db,
      )
      await sql`create trigger boom before insert on members for each row execute function boom()`.execute(
        ctx.database.db,
      )
    }
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(res.statusCode).toBe(500)
    expect((await stored()).map((m) => m.first_name)).toEqual(['Before'])
    // The import was not used up either: it can be committed once the cause is gone.
    await sql`drop trigger boom${sql.raw(ctx.database.dialect === 'postgres' ? ' on members' : '')}`.execute(
      ctx.database.db,
    )
    const retry = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(retry.json()).toEqual({ created: 4, updated: 0, skipped: 0, refused: 0 })
  })

  it('writes a file of several batches: each row its member, history in row order', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => [
      `Person${i}`,
      'Batch',
      'Test',
      `0911 ${String(i).padStart(6, '0')}`,
      '',
    ])
    // Row 430 repeats row 5 (same names and phone) with a town: an update of a member that
    // this very import created in an earlier batch.
    rows[430] = ['Person5', 'Batch', 'Test', '0911 000005', 'Gondar']
    rows[449][4] = 'Qorqoraville'
    const p = await preview([
      ['first_name', 'middle_name', 'last_name', 'phone_primary', 'city'],
      ...rows,
    ])
    expect(p.errors).toEqual([])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'update' })
    expect(res.json()).toEqual({ created: 449, updated: 1, skipped: 0, refused: 0 })

    const byId = new Map((await stored()).map((m) => [m.id, m]))
    expect(byId.size).toBe(449)
    for (const m of byId.values()) {
      expect(m.phone_primary).toBe(`0911 ${m.first_name.slice(6).padStart(6, '0')}`)
    }
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .select(['member_id', 'details'])
      .where('action', '=', 'member_import')
      .orderBy('seq')
      .execute()
    const expected = rows.map((row) => row[0])
    expect(events.map((e) => byId.get(e.member_id as number)?.first_name)).toEqual(expected)
    // Recorded like an edit: only what changed, before and after.
    expect(JSON.parse(events[430].details)).toEqual({
      updated_fields: ['city'],
      changes: { city: [null, 'Gondar'] },
    })
    expect(byId.get(events[430].member_id as number)?.city).toBe('Gondar')
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
    // The search index took every batch.
    const found = await members.search(owner.auth, { q: 'Qorqoraville' })
    expect(found.items.map((m) => m.first_name)).toEqual(['Person449'])
  })

  it('offers the refused rows as .xlsx with the reason in the chosen language', async () => {
    const { p } = await withStoredAndFile()
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const res = await ctx.app.inject({
      url: `/api/imports/${p.id}/report?lang=am`,
      headers: owner.auth,
    })
    expect(res.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(2)
    expect(sheet.getRow(2).getCell(2).value).toBe('No')
    expect(String(sheet.getRow(2).getCell(header.length + 1).value)).toContain('ይህ')
    const foreign = await ctx.app.inject({
      url: `/api/imports/${p.id}/report`,
      headers: other.auth,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('POST /api/imports: hostile and wrong files change nothing', () => {
  afterEach(async () => {
    expect(await stored()).toEqual([])
  })

  it('refuses a row with a formula and keeps <script> as plain text', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('x')
    sheet.addRow(['first_name', 'last_name', 'notes'])
    sheet.addRow([
      'A',
      'B',
      { formula: 'HYPERLINK("http://evil.example","click")', result: 'click' },
    ])
    sheet.addRow(['<script>alert(1)</script>', 'C', '=1+1'])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    const res = await calls.upload(owner.auth, data)
    expect(res.statusCode).toBe(200)
    const p = res.json<ImportPreview>()
    expect(errorsOf(p, 2)).toEqual({ notes: 'invalidValue' })
    expect(p.preview[1]).toMatchObject({ first_name: '<script>alert(1)</script>', notes: '=1+1' })
  })

  it('reports a 32 KB cell as too long', async () => {
    const p = await preview([
      ['first_name', 'last_name', 'city'],
      ['A', 'B', 'x'.repeat(32 * 1024)],
    ])
    expect(errorsOf(p, 2)).toEqual({ city: 'tooLong' })
  })

  it.each([
    ['an empty sheet', async () => xlsxOf([]), 'empty'],
    ['a header and no rows of data in an empty CSV', async () => Buffer.from('\r\n\r\n'), 'empty'],
    [
      '10,001 columns',
      async () => xlsxOf([Array.from({ length: 10_001 }, (_, i) => `c${i}`)]),
      'columns',
    ],
    ['a .xlsx that is not a zip', async () => Buffer.from('this is not a workbook'), 'not a zip'],
    ['a zip bomb', async () => zipBomb(), 'more than 200 MB'],
  ])('answers 400 for %s', async (_label, make, reason) => {
    const name = _label.includes('CSV') ? 'empty.csv' : 'bad.xlsx'
    const res = await calls.upload(owner.auth, await make(), name)
    expectRefusal(res, 400)
    expect(res.json<{ message: string }>().message).toContain(reason)
  })

  it('refuses 130,000 rows with the row limit, not a 500', async () => {
    // About 300 KB: the rows alone once overflowed the call stack.
    const csv = Buffer.from(`first_name\n${'a\n'.repeat(130_000)}`, 'utf8')
    const res = await calls.upload(owner.auth, csv, 'long.csv', {}, 'text/csv')
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toContain('130000 rows; at most 20000')
  })

  it('answers 415 for another file type and 413 over 10 MB', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    expect((await calls.upload(owner.auth, png, 'photo.png', {}, 'image/png')).statusCode).toBe(415)
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41)
    expect((await calls.upload(owner.auth, big, 'big.csv', {}, 'text/csv')).statusCode).toBe(413)
  })

  it('answers 400 without a file, with a bad calendar, and 401 without a token', async () => {
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: owner.auth,
      payload: {},
    })
    expect(noFile.statusCode).toBe(400)
    const data = await xlsxOf([['first_name'], ['A']])
    expect(
      (await calls.upload(owner.auth, data, 'a.xlsx', { calendar: 'julian' })).statusCode,
    ).toBe(400)
    expect((await calls.upload({ authorization: '' }, data)).statusCode).toBe(401)
  })
})

describe('GET /api/imports/template', () => {
  it('gives the headers in the chosen language and one example row', async () => {
    const am = (await import('../../../../../locales/am.json')).default as Record<string, string>
    const res = await ctx.app.inject({ url: '/api/imports/template?lang=am', headers: owner.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(2)
    expect(sheet.getRow(1).getCell(1).value).toBe(am.firstName)
    // The template imports as it is.
    const p = (await calls.upload(owner.auth, res.rawPayload)).json<ImportPreview>()
    expect(p.errors).toEqual([])
    expect(p.preview[0]).toMatchObject({ first_name: 'አበበ', marital_status: 'married' })
    expect(
      (await ctx.app.inject({ url: '/api/imports/template?lang=fr', headers: owner.auth }))
        .statusCode,
    ).toBe(400)
  })

  it('names the calendar the tick says in its date headers, and the preview agrees', async () => {
    const res = await ctx.app.inject({
      url: '/api/imports/template?lang=am&calendar=ethiopian',
      headers: owner.auth,
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const headers = (workbook.worksheets[0].getRow(1).values as unknown[]).map(String)
    expect(headers).toContain('የትውልድ ቀን (የኢትዮጵያ ዘመን አቆጣጠር)')
    // Uploaded with the tick off, its dates are still read as its headers say, and shown so.
    const p = (await calls.upload(owner.auth, res.rawPayload)).json<ImportPreview>()
    expect(p.errors).toEqual([])
    expect(p.preview[0]).toMatchObject({ date_of_birth: '1985-09-14' })
    expect(p.date_columns.find((c) => c.field === 'date_of_birth')).toMatchObject({
      calendar: 'ethiopian',
      confirmed: true,
      needs_choice: false,
    })
  })
})

/**
 * A .xlsx-named zip bomb: 25 directory entries that all point at one 10 MB-of-zeros entry which
 * claims to be 1,000 bytes; together they inflate to 250 MB.
 */
function zipBomb(): Buffer {
  const packed = zlib.deflateRawSync(Buffer.alloc(10 * 1024 * 1024), { level: 9 })
  const name = Buffer.from('xl/worksheets/sheet1.xml')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(packed.length, 18)
  local.writeUInt32LE(1000, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(packed.length, 20)
  central.writeUInt32LE(1000, 24)
  central.writeUInt16LE(name.length, 28)
  central.writeUInt32LE(0, 42)
  const entries = 25
  const directory = Buffer.concat(
    Array.from({ length: entries }, () => Buffer.concat([central, name])),
  )
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries, 8)
  end.writeUInt16LE(entries, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(local.length + name.length + packed.length, 16)
  return Buffer.concat([local, name, packed, directory, end])
}
