// A parish moving its register to another Abal: every field of every member, as offices fill
// them, comes back the same from each export (format, language, calendar) imported into an
// empty register, and from an export saved again as CSV by a spreadsheet.
import ExcelJS from 'exceljs'
import { stringify } from 'csv-stringify/sync'
import { ENUM_OPTIONS, type ImportPreview, type Member } from '../../../../domain'
import { householdWith, importCalls } from '../../../testing/importCalls'
import { memberCalls } from '../../../testing/memberCalls'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../../testing/testApp'

let source: TestContext
let owner: Awaited<ReturnType<typeof createUserAndSignIn>>
const members = memberCalls(() => source.app)
const sourceImports = importCalls(() => source.app)

const NAMES = [
  ['አበበ', 'ከበደ', 'ተሰማ'],
  ["Bulchaa'a", 'Tolaa', "Gammachuu'u"],
  ['ትዕግሥት', 'ኃይሌ', 'ወልደ ማርያም'],
  ['Caalaa', "Lammii'i", 'Dinqaa'],
  ['ሳምራዊት', 'አበበ', 'ከበደ'],
  ["Lensa'a", 'Caalaa', 'Tolaa'],
  ['ዮናስ', 'አበበ', 'ከበደ'],
  ['Gammachuu', "Bulchaa'a", 'Tolaa'],
  ['ሰላም', 'ጌታቸው', 'አለሙ'],
  ['Ayyaantuu', 'Fayyisaa', "Duub'ee"],
  // Left with its given and father's names only (SPARSE).
  ['ብርሃኑ', 'ተፈራ', 'ገብሬ'],
] as const
const SPARSE = 10

// Days offices write: 29 February, Pagume 5 and 6 (2023-09-11 is Pagume 6, 2015), New Year.
const DATES = [
  '1996-02-29',
  '2023-09-11',
  '2019-09-10',
  '1964-09-11',
  '2000-02-29',
  '1985-09-06',
  '2024-02-29',
  '1999-09-12',
  '1972-09-10',
  '2016-09-10',
]

const PHONES = ['0911234567', '+251911234567', '+251 922 000 111', '011 551 2345', '0912-34-56-78']

/** Every enumerated field cycles through its options: ten members show each value. */
const option = (field: keyof typeof ENUM_OPTIONS, i: number) => {
  const options = ENUM_OPTIONS[field]
  return options[i % options.length].key
}

function memberFields(i: number): Record<string, string> {
  const [first, father, grandfather] = NAMES[i]
  const date = (k: number) => DATES[(i + k) % DATES.length]
  return {
    first_name: first,
    middle_name: father,
    last_name: grandfather,
    latin_name: i % 2 === 0 ? `${first}-latin` : `${first} ${father}`,
    gender: option('gender', i),
    date_of_birth: date(0),
    marital_status: option('marital_status', i),
    nationality: option('nationality', i),
    job: i % 3 === 0 ? 'Teacher, Farmer' : i % 3 === 1 ? 'Teacher, የሸማ፣ የእንጨት ሥራ' : "Qotee bulaa'a",
    selectedJobs: '[]',
    customJob: '',
    phone_primary: PHONES[i % PHONES.length],
    phone_secondary: PHONES[(i + 1) % PHONES.length],
    email: `member${i}@example.et`,
    street_address: i % 2 === 0 ? 'ቦሌ መንገድ፣ ቁ. 12' : "Karaa Finfinnee, mana 4'ffaa",
    city: i % 2 === 0 ? 'አዲስ አበባ' : 'Adaamaa',
    state: i % 2 === 0 ? 'Addis Ababa' : 'Oromia',
    zip_code: '1000',
    sub_city: 'ቦሌ',
    woreda: '03',
    kebele: '07',
    house_number: '0123',
    emergency_contact_name: 'አልማዝ በቀለ',
    emergency_contact_relationship: 'Obbolee dubartii',
    emergency_contact_phone: PHONES[(i + 2) % PHONES.length],
    spouse_name: 'ህሩት አለሙ',
    children_info: JSON.stringify(['ሳምራዊት (12 ዓመት)', 'Dawit, the younger', "Lalisaa'a"]),
    parent_guardian: "Tolaa Gammachuu'u",
    membership_status: option('membership_status', i),
    date_joined: date(1),
    baptism_date: date(2),
    baptism_location: 'ጥምቀተ ባሕር፣ ጎንደር',
    confirmation_date: date(3),
    previous_church: 'Mekane Yesus, Bole',
    external_id: `per-${i}`,
    christian_name: 'ወልደ ማርያም',
    confession_father: 'አባ ገብረ ሥላሴ',
    parish: 'ደብረ ሰላም ቅድስት ማርያም',
    spiritual_gifts: JSON.stringify(['teacher', 'choir', 'Kennaa, faarfannaa']),
    service_interests: JSON.stringify(['Ushering', 'Bible study, youth']),
    current_ministries: JSON.stringify(['choir', 'sundaySchool', 'የወጣቶች ኅብረት፣ ሐሙስ']),
    volunteer_availability: option('volunteer_availability', i),
    last_attendance_date: date(4),
    regular_attendance_pattern: 'Every Sunday, and on feast days',
    bible_study_participation: String(i % 2 === 0),
    events_attended: JSON.stringify(['Timket 2016', 'Meskel, 2017']),
    medical_conditions: JSON.stringify(['Asthma; mild']),
    allergies: JSON.stringify(['Penicillin, severe', 'ኦቾሎኒ']),
    professional_skills: JSON.stringify(['Carpentry', 'Accounting']),
    special_needs: 'ዊልቸር ያስፈልገዋል።',
    current_prayer_requests: 'ለቤተሰቡ ጤና፣ ለሥራው።',
    highest_education: option('highest_education', i),
    preferred_contact_method: option('preferred_contact_method', i),
    receive_email_notifications: String(i % 3 === 0),
    receive_sms_notifications: String(i % 2 === 1),
    notes:
      i % 2 === 0
        ? `መስከረም ላይ ተመለሰ።\nAbbaan isaa: "Tolaa", ${i}\n= not a formula; -3 either`
        : `- ንስሐ አባቱ ተቀይረዋል።\n- Bakka jireenyaa jijjiirate, ${i}`,
  }
}

/**
 * Households: one with every role, one with no head, and (members 8, 9) none at all; each with
 * its own fields as a clerk fills them (a wedding on 29 February, one on Pagume 6).
 */
const HOUSEHOLDS = [
  {
    name: 'የአቶ አበበ ከበደ ቤተሰብ',
    number: 'F-12',
    home_phone: '+251 11 551 2345',
    wedding_date: '1996-02-29',
    status: 'archived',
    notes: 'ቤታቸው ተቀይሯል፣ ቦሌ\nAbbaan isaa: "Tolaa", 3\n= not a formula',
    members: [
      [0, 'head'],
      [2, 'spouse'],
      [4, 'child'],
      [6, 'relative'],
      [1, 'other'],
    ],
  },
  {
    name: "Warra Bulchaa'a",
    number: null,
    home_phone: null,
    wedding_date: '2023-09-11',
    status: 'moved_away',
    notes: '- Bakka jireenyaa jijjiirate, 2016',
    members: [
      [3, 'spouse'],
      [5, 'child'],
      [7, 'child'],
    ],
  },
] as const

beforeAll(async () => {
  source = await createTestApp()
  owner = await createUserAndSignIn(source, 'sara')
  const ids: number[] = []
  for (let i = 0; i < NAMES.length; i += 1) {
    ids.push((await members.create(owner.auth, memberFields(i))).id)
  }
  // Every field but the two names an edit requires cleared, as the edit saves it.
  const blank = Object.fromEntries(
    Object.entries(memberFields(SPARSE)).map(([field, value]) => [
      field,
      field === 'first_name' || field === 'middle_name' ? value : '',
    ]),
  )
  const cleared = await members.update(owner.auth, ids[SPARSE], blank)
  expect(cleared.statusCode).toBe(200)
  for (const household of HOUSEHOLDS) {
    const roles = household.members.map(([index, role]) => [ids[index], role] as const)
    await householdWith(source.app, owner.auth, household, roles)
  }
})
afterAll(() => source.close())

const SERVER_SET = [
  'id',
  'created_at',
  'updated_at',
  'registerd_by',
  'photo_path',
  'thumbnail_path',
  'household_id',
] as const

/** Each member without what the server sets, with its household's name, number and fields. */
async function register(ctx: TestContext, auth: { authorization: string }) {
  const res = await ctx.app.inject({ url: '/api/members', headers: auth })
  expect(res.statusCode).toBe(200)
  const households = new Map(
    (
      await ctx.database.db
        .selectFrom('households')
        .select(['id', 'name', 'number', 'home_phone', 'wedding_date', 'status', 'notes'])
        .execute()
    ).map(({ id, name, number, ...own }) => [
      id,
      `${name} #${number ?? '-'} ${JSON.stringify(own)}`,
    ]),
  )
  return res
    .json<Member[]>()
    .sort((a, b) => String(a.external_id).localeCompare(String(b.external_id)))
    .map((member): Record<string, unknown> => {
      const rest: Record<string, unknown> = { ...member }
      for (const field of SERVER_SET) delete rest[field]
      return {
        ...rest,
        household: member.household_id === null ? null : households.get(member.household_id),
      }
    })
}

/** The file imported into an empty register, committed, and the register read back. */
async function importedInto(data: Buffer, filename: string) {
  const target = await createTestApp()
  try {
    const clerk = await createUserAndSignIn(target, 'dawit')
    const imports = importCalls(() => target.app)
    const upload = await imports.upload(clerk.auth, data, filename)
    expect(upload.statusCode).toBe(200)
    const preview = upload.json<ImportPreview>()
    expect(Object.values(preview.mapping).filter((target) => target === null)).toEqual([])
    expect(preview.errors).toEqual([])
    expect(preview.warnings).toEqual([])
    const commit = await imports.commit(clerk.auth, preview.id, { on_duplicate: 'create' })
    expect(commit.json()).toMatchObject({ created: NAMES.length, refused: 0 })
    return await register(target, clerk.auth)
  } finally {
    await target.close()
  }
}

const CHOICES = (['xlsx', 'csv'] as const).flatMap((format) =>
  (['en', 'am', 'om'] as const).flatMap((lang) =>
    (['gregorian', 'ethiopian'] as const).map((calendar) => [format, lang, calendar] as const),
  ),
)

describe('an export imported into an empty register', () => {
  it('starts from a register with every option and a member of names only', async () => {
    const all = await register(source, owner.auth)
    for (const [field, options] of Object.entries(ENUM_OPTIONS)) {
      const used = new Set(all.map((member) => member[field]))
      expect([field, options.filter((o) => !used.has(o.key))]).toEqual([field, []])
    }
    expect(new Set(all.map((member) => member.household_role))).toEqual(
      new Set(['head', 'spouse', 'child', 'relative', 'other', null]),
    )
    // Every household status but the default, and every own field filled somewhere.
    expect(new Set(all.map((member) => member.household))).toEqual(
      new Set([
        null,
        ...HOUSEHOLDS.map(({ name, number, home_phone, wedding_date, status, notes }) => {
          const own = JSON.stringify({ home_phone, wedding_date, status, notes })
          return `${name} #${number ?? '-'} ${own}`
        }),
      ]),
    )
    const sparse = all.find((m) => m.first_name === 'ብርሃኑ')
    expect(sparse).toMatchObject({
      last_name: '',
      phone_primary: null,
      date_of_birth: null,
      gender: null,
      allergies: [],
      bible_study_participation: false,
      receive_email_notifications: true,
      notes: null,
      household: null,
    })
  })

  it.each(CHOICES)(
    'gives back every member field by field (%s, %s, %s)',
    async (format, lang, calendar) => {
      const expected = await register(source, owner.auth)
      expect(expected).toHaveLength(NAMES.length)
      const exported = await sourceImports.exportMembers(owner.auth, { format, lang, calendar })
      expect(exported.statusCode).toBe(200)
      expect(await importedInto(exported.rawPayload, `export.${format}`)).toEqual(expected)
    },
  )

  /** How a spreadsheet saving the sheet as CSV shows a date cell: as formatted, or its locale's. */
  const DATE_TEXT = {
    iso: (date: Date) => date.toISOString().slice(0, 10),
    monthFirst: (date: Date) =>
      `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`,
    dayFirst: (date: Date) =>
      `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`,
  }

  it.each([
    ['gregorian', 'en', ',', 'iso'],
    ['ethiopian', 'am', ',', 'iso'],
    ['gregorian', 'om', ';', 'iso'],
    ['gregorian', 'en', ',', 'monthFirst'],
    ['gregorian', 'am', ';', 'dayFirst'],
  ] as const)(
    'gives them back from the .xlsx saved again as CSV by a spreadsheet (%s, %s, "%s", %s)',
    async (calendar, lang, delimiter, dates) => {
      const exported = await sourceImports.exportMembers(owner.auth, {
        format: 'xlsx',
        lang,
        calendar,
      })
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
      const rows: string[][] = []
      workbook.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
        const cells: string[] = []
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          const value = cell.value
          cells[column - 1] = value instanceof Date ? DATE_TEXT[dates](value) : String(value ?? '')
        })
        rows.push(Array.from(cells, (cell) => cell ?? ''))
      })
      // Excel's "CSV UTF-8": a BOM, CRLF between rows, quotes only where needed.
      const csv = `\ufeff${stringify(rows, { record_delimiter: 'windows', delimiter })}`
      const expected = await register(source, owner.auth)
      expect(await importedInto(Buffer.from(csv, 'utf8'), 'edited.csv')).toEqual(expected)
    },
  )

  it('gives them back into the same register after they were deleted', async () => {
    const expected = await register(source, owner.auth)
    const exported = await sourceImports.exportMembers(owner.auth, { format: 'xlsx' })
    const scratch = await createTestApp()
    const other = await createUserAndSignIn(scratch, 'sara')
    try {
      // The same register, in a copy of its own: delete every member, then import the export.
      const copy = importCalls(() => scratch.app)
      const first = await copy.upload(other.auth, exported.rawPayload, 'export.xlsx')
      const firstId = first.json<ImportPreview>().id
      await copy.commit(other.auth, firstId, { on_duplicate: 'create' })
      const before = await register(scratch, other.auth)
      // Imported again over itself: every row is a double, and an update would change nothing.
      const repeat = (
        await copy.upload(other.auth, exported.rawPayload, 'export.xlsx')
      ).json<ImportPreview>()
      // The member of names only has no external id: its double is found by its name alone.
      expect(repeat.duplicates.filter((d) => d.member_id !== null)).toHaveLength(NAMES.length)
      expect(repeat.duplicates.map((d) => d.reason).sort()).toEqual(
        NAMES.map((_, i) => (i === SPARSE ? 'same_row' : 'same_external_id')).sort(),
      )
      expect(repeat.changes).toEqual([])
      const updated = await copy.commit(other.auth, repeat.id, { on_duplicate: 'update' })
      expect(updated.json()).toMatchObject({ created: 0, refused: 0 })
      expect(await register(scratch, other.auth)).toEqual(before)
      for (const member of (
        await scratch.app.inject({ url: '/api/members', headers: other.auth })
      ).json<Member[]>()) {
        const removed = await scratch.app.inject({
          method: 'DELETE',
          url: `/api/members/${member.id}`,
          headers: other.auth,
        })
        expect(removed.statusCode).toBeLessThan(300)
      }
      const again = await copy.upload(other.auth, exported.rawPayload, 'export.xlsx')
      const preview = again.json<ImportPreview>()
      expect(preview.errors).toEqual([])
      expect(preview.duplicates).toEqual([])
      const commit = await copy.commit(other.auth, preview.id, { on_duplicate: 'skip' })
      expect(commit.json()).toMatchObject({ created: NAMES.length, refused: 0 })
      expect(await register(scratch, other.auth)).toEqual(before)
      expect(before).toEqual(expected)
    } finally {
      await scratch.close()
    }
  })
})
