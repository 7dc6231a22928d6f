import ExcelJS from 'exceljs'
import { MEMBER_INPUT_FIELDS, type Member } from '../../../../domain'
import type { ImportPreview } from '../../../../domain'
import { EXPORT_FIELDS } from '../memberExport'
import { importCalls } from '../../../testing/importCalls'
import { memberCalls } from '../../../testing/memberCalls'
import { createUserAndSignIn, testAppPerFile } from '../../../testing/testApp'
import { expectRefusal } from '../../../testing/responses'

const {
  ctx,
  users: { owner, empty },
} = testAppPerFile({ owner: 'sara', empty: 'dawit' })
const members = memberCalls(() => ctx.app)
const imports = importCalls(() => ctx.app)
/** The owner's member export with this query. */
const ownExport = (query: Record<string, string>) => imports.exportMembers(owner.auth, query)

beforeAll(async () => {
  await members.create(owner.auth, {
    first_name: 'ሠላም',
    last_name: "Ge'ez",
    notes: '=HYPERLINK("http://evil.example","x")',
    city: '@SUM(1+1)',
    phone_primary: '+251 911 234 567',
    membership_status: 'visitor',
    spiritual_gifts: JSON.stringify(['choir', 'my own gift']),
    allergies: 'dust, pollen',
    date_of_birth: '1991-09-11',
    baptism_date: '2015-09-11',
    latin_name: 'Selam Ge’ez',
    sub_city: 'ቦሌ',
    woreda: '03',
    kebele: '12',
    house_number: '1234',
    christian_name: 'ወለተ ማርያም',
    confession_father: 'አባ ገብረ ሥላሴ',
    parish: 'ቦሌ መድኃኔ ዓለም',
    job: 'Teacher, Farmer, tailor',
    current_ministries: JSON.stringify(['choir', 'elder']),
    receive_sms_notifications: 'true',
    receive_email_notifications: 'false',
  })
  await members.create(owner.auth, {
    first_name: 'Abebe',
    last_name: 'Kebede',
    membership_status: 'member',
    marital_status: 'married',
    date_of_birth: '1980-02-29',
    street_address: '-5 Bole',
    // Already quoted as an export quotes a formula: the quote is part of the value.
    special_needs: "'=1+1",
    notes: "''@home",
  })
  const otherAccount = await createUserAndSignIn(ctx, 'hana')
  await members.create(otherAccount.auth, { first_name: 'NotYours' })
})

async function list(auth: { authorization: string }): Promise<Member[]> {
  return (await ctx.app.inject({ url: '/api/members', headers: auth })).json<Member[]>()
}

describe('GET /api/members/export', () => {
  it('writes CSV in UTF-8 with a BOM, headers and labels in the language, formulas neutralised', async () => {
    const res = await ownExport({ format: 'csv', lang: 'am', calendar: 'ethiopian' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = res.rawPayload.toString('utf8')
    const am = (await import('../../../../../locales/am.json')).default as Record<string, string>
    expect(text).toContain(am.firstName)
    expect(text).toContain(`${am.dateOfBirth} (${am.ethiopianCalendar})`)
    expect(text).toContain(am['option.membership_status.visitor'])
    // 1991-09-11 is Pagume 6, 1983 (a leap year) on the Ethiopian calendar
    expect(text).toContain('1983-13-06')
    expect(text).not.toContain('NotYours')
    // Every cell that a spreadsheet would run starts with a quote instead.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(text).toContain("'@SUM(1+1)")
    expect(text).toContain("'+251 911 234 567")
    expect(text).toContain("'-5 Bole")
  })

  it.each(['am', 'om'] as const)(
    'writes every value in %s, the columns in the profile order, each with a width',
    async (lang) => {
      const res = await ownExport({ format: 'xlsx', lang, calendar: 'ethiopian', q: 'ሠላም' })
      const words = (await import(`../../../../../locales/${lang}.json`)).default as Record<
        string,
        string
      >
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.worksheets[0]
      const headers = (sheet.getRow(1).values as unknown[]).slice(1)
      expect(headers.slice(0, 6)).toEqual([
        words.firstName,
        words.middleName,
        words.lastName,
        words.latinName,
        words.gender,
        `${words.dateOfBirth} (${words.ethiopianCalendar})`,
      ])
      expect(EXPORT_FIELDS.length).toBe(MEMBER_INPUT_FIELDS.length)
      expect(new Set(EXPORT_FIELDS)).toEqual(new Set(MEMBER_INPUT_FIELDS))
      const cell = (field: string) =>
        sheet
          .getRow(2)
          .getCell(EXPORT_FIELDS.indexOf(field as never) + 1)
          .text.toString()
      const separator = lang === 'am' ? '፣ ' : ', '
      expect(cell('job')).toBe(
        [words['option.job.teacher'], words['option.job.farmer'], 'tailor'].join(separator),
      )
      expect(cell('receive_sms_notifications')).toBe(words.yes)
      expect(cell('receive_email_notifications')).toBe(words.no)
      expect(cell('current_ministries')).toBe(
        [words['option.current_ministries.choir'], words['option.current_ministries.elder']].join(
          separator,
        ),
      )
      for (let i = 1; i <= EXPORT_FIELDS.length; i++) {
        expect(sheet.getColumn(i).width).toBeGreaterThanOrEqual(10)
      }
      expect(sheet.getColumn(EXPORT_FIELDS.indexOf('notes') + 1).width).toBe(40)
    },
  )

  it('exports exactly what a search shows', async () => {
    const res = await ownExport({ format: 'csv', q: 'ሰላም', status: 'visitor' })
    const lines = res.rawPayload.toString('utf8').trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('ሠላም')
    const none = await ownExport({ format: 'csv', q: 'ሰላም', status: 'member' })
    expect(none.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1)
  })

  it('ends each row with the household key, number, name and role (issue 44)', async () => {
    const household = await ctx.app.inject({
      method: 'POST',
      url: '/api/households',
      headers: owner.auth,
      payload: { name: 'የአቶ አበበ ቤተሰብ', number: 'F-77' },
    })
    const [abebe] = (await list(owner.auth)).filter((m) => m.first_name === 'Abebe')
    const householdId = household.json<{ id: number }>().id
    const joined = await ctx.app.inject({
      method: 'PUT',
      url: `/api/households/${householdId}/members/${abebe.id}`,
      headers: owner.auth,
      payload: { role: 'head' },
    })
    expect(joined.statusCode).toBe(200)
    try {
      const en = await ownExport({ format: 'csv', lang: 'en' })
      const lines = en.rawPayload
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(
        lines[0].endsWith(
          ',Family (household) ID,Household number,Household name,Role in the family' +
            ',Household home phone,Household wedding date (Gregorian calendar),Household status,Household notes',
        ),
      ).toBe(true)
      const abebeLine = lines.find((line) => line.startsWith('Abebe,'))!
      expect(abebeLine.endsWith(`,${householdId},F-77,የአቶ አበበ ቤተሰብ,Head,,,Active,`)).toBe(true)
      // A member in no household leaves the four cells empty.
      expect(
        lines.find((line) => !line.startsWith('Abebe,') && line !== lines[0])!.endsWith(',,,,'),
      ).toBe(true)
      const am = await ownExport({ format: 'xlsx', lang: 'am' })
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(am.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.worksheets[0]
      const last = MEMBER_INPUT_FIELDS.length + 4
      expect(sheet.getRow(1).getCell(last).value).toBe('በቤተሰብ ውስጥ ያለው ድርሻ')
      const rows = [2, 3].map((n) => sheet.getRow(n))
      const headRow = rows.find((row) => row.getCell(1).value === 'Abebe')!
      expect(
        [1, 2, 3, 4].map((i) => headRow.getCell(MEMBER_INPUT_FIELDS.length + i).value),
      ).toEqual([String(householdId), 'F-77', 'የአቶ አበበ ቤተሰብ', 'አባወራ/እማወራ'])
    } finally {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/households/${householdId}`,
        headers: owner.auth,
      })
    }
  })

  it('answers 400 for a bad format, language, calendar or status, 401 without a token', async () => {
    const queries: Record<string, string>[] = [
      { format: 'pdf' },
      { lang: 'fr' },
      { calendar: 'julian' },
      { status: 'x' },
    ]
    for (const query of queries) {
      const res = await ownExport(query)
      expectRefusal(res, 400)
    }
    expect((await imports.exportMembers(undefined, {})).statusCode).toBe(401)
  })

  it('writes Gregorian dates as date cells and a blank field as no cell in .xlsx', async () => {
    const res = await ownExport({ format: 'xlsx', lang: 'en', calendar: 'gregorian', q: 'Abebe' })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const column = (field: string) => EXPORT_FIELDS.indexOf(field as never) + 1
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true })
    const born = sheet.getRow(2).getCell(column('date_of_birth'))
    expect(born.value).toEqual(new Date(Date.UTC(1980, 1, 29)))
    expect(born.numFmt).toBe('yyyy-mm-dd')
    const street = sheet.getRow(2).getCell(column('street_address'))
    // A string cell, which a spreadsheet never runs as a formula.
    expect(street.value).toBe('-5 Bole')
    expect(street.type).toBe(ExcelJS.ValueType.String)
    expect(street.numFmt).toBeUndefined()
    expect(sheet.getRow(2).getCell(column('christian_name')).value).toBe(null)
    expect(sheet.getRow(2).getCell(column('christian_name')).type).toBe(ExcelJS.ValueType.Null)
  })

  it.each([
    ['en', 'Members'],
    ['am', 'አባላት'],
    ['om', 'Miseensota'],
  ])('names the .xlsx sheet tab in the export’s language (%s)', async (lang, name) => {
    const res = await ownExport({ format: 'xlsx', lang })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([name])
  })

  it.each([
    ['xlsx', 'am', 'ethiopian'],
    ['csv', 'om', 'gregorian'],
    ['xlsx', 'en', 'gregorian'],
  ])(
    'round trip: %s in %s (%s) imported into an empty account gives the same members',
    async (format, lang, calendar) => {
      const res = await ownExport({ format, lang, calendar })
      expect(res.statusCode).toBe(200)
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook()
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
        expect(workbook.worksheets[0].rowCount).toBe(3)
      }
      const upload = await imports.upload(
        empty.auth,
        res.rawPayload,
        `export.${format}`,
        {},
        format === 'csv' ? 'text/csv' : 'application/octet-stream',
      )
      expect(upload.statusCode).toBe(200)
      const preview = upload.json<ImportPreview>()
      expect(preview.errors).toEqual([])
      // Every member field comes back (the household columns may map to family targets).
      const fields = Object.values(preview.mapping).filter((target) =>
        (MEMBER_INPUT_FIELDS as readonly (string | null)[]).includes(target),
      )
      expect(new Set(fields)).toEqual(new Set(MEMBER_INPUT_FIELDS))
      const commit = await imports.commit(empty.auth, preview.id, { on_duplicate: 'create' })
      expect(commit.json()).toEqual({ created: 2, updated: 0, skipped: 0, refused: 0 })
      const pick = (member: Member) =>
        Object.fromEntries(MEMBER_INPUT_FIELDS.map((f) => [f, member[f]]))
      const original = (await list(owner.auth)).map(pick)
      const copied = (await list(empty.auth)).map(pick)
      expect(
        copied.sort((a, b) => String(a.first_name).localeCompare(String(b.first_name))),
      ).toEqual(original.sort((a, b) => String(a.first_name).localeCompare(String(b.first_name))))
      for (const member of await list(empty.auth)) {
        expect((await members.remove(empty.auth, member.id)).statusCode).toBe(204)
      }
    },
  )
})
