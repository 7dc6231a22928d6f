// Control characters (an .xlsx's _x0000_, a pasted escape) are refused in every member text
// field from every entry point, with the schema's message id; tab and line breaks stay allowed
// in fields that span lines. Runs on PostgreSQL too (TEST_DATABASE_URL), which cannot store a NUL.
import ExcelJS from 'exceljs'
import { hasControlCharacter, type ImportPreview, type Member } from '../domain'
import { CONTROL_IN_TEXT } from './plugins/inputGuard'
import { csvOf, importCalls } from './testing/importCalls'
import { registrationFields } from './testing/memberForms'
import { memberCalls } from './testing/memberCalls'
import { testAppPerFile } from './testing/testApp'

const {
  ctx,
  users: { clerk },
} = testAppPerFile({ clerk: 'sara' })
const members = memberCalls(() => ctx.app)
const imports = importCalls(() => ctx.app)

async function storedNames(): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('members').select('first_name').execute()
  return rows.map((row) => row.first_name)
}

const errorsOf = (p: ImportPreview, row: number) =>
  Object.fromEntries(p.errors.filter((e) => e.row === row).map((e) => [e.field, e.message]))

describe('control characters in member fields', () => {
  it.each([
    ['a NUL in a name', { first_name: 'Ab\u0000be' }, 'first_name'],
    ['a bell in a town', { city: 'Addis\u0007Ababa' }, 'city'],
    ['an escape in the notes', { notes: 'x\u001b[31m' }, 'notes'],
    ['a C1 control in the job', { job: 'Teacher\u0085' }, 'job'],
    ['a line break in a name', { middle_name: 'Ke\nbede' }, 'middle_name'],
    ['a tab in a phone', { phone_primary: '0911\t234567' }, 'phone_primary'],
    ['a control in a list item', { children_info: '["Sara\\u0001"]' }, 'children_info'],
    ['a right-to-left override in a name', { first_name: 'Abe\u202ebe' }, 'first_name'],
    ['a bidi isolate in the notes', { notes: 'Paid \u2067in cash\u2069' }, 'notes'],
  ])('%s: a registration answers 400 on that field', async (_label, fields, field) => {
    const res = await members.post(clerk.auth, fields)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      [field]: 'controlCharacter',
    })
    expect(await storedNames()).toEqual([])
  })

  it('keeps tabs and line breaks in text that spans lines, and refuses an edit adding a control', async () => {
    const member = await members.create(clerk.auth, {
      first_name: 'Multi',
      notes: 'First line\r\nSecond\tline',
      street_address: 'Bole Road 12\nNear the church',
    })
    expect(member.notes).toBe('First line\r\nSecond\tline')
    const edit = await members.update(clerk.auth, member.id, { current_prayer_requests: 'a\u0000' })
    expect(edit.statusCode).toBe(400)
    expect(edit.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      current_prayer_requests: 'controlCharacter',
    })
  })

  it('in a JSON body or a query of any route answers 400 with the guard message', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sara\u0008', password: 'whatever it is' },
    })
    expect(login.statusCode).toBe(400)
    expect(login.json<{ message: string }>().message).toBe(CONTROL_IN_TEXT)
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: clerk.auth,
      payload: { ...registrationFields(), first_name: 'Json\u0002' },
    })
    expect(json.statusCode).toBe(400)
    const search = await ctx.app.inject({
      url: `/api/members/search?q=${encodeURIComponent('a\u0003')}`,
      headers: clerk.auth,
    })
    expect(search.statusCode).toBe(400)
  })

  it('from an .xlsx (_x0000_ escapes) and a CSV: the row is refused, nothing is stored', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Members')
    // exceljs writes these as text; reading the file decodes them into the characters.
    sheet.addRow(['first_name', 'middle_name', 'notes', 'city_x0001_'])
    sheet.addRow(['Nul_x0000_', 'Kebede', 'ok', ''])
    sheet.addRow(['Bell', 'Kebede', 'ring_x0007_', ''])
    sheet.addRow(['Clean', 'Kebede', 'two\nlines', 'Adama'])
    const xlsx = await imports.upload(clerk.auth, Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(xlsx.statusCode).toBe(200)
    const p = xlsx.json<ImportPreview>()
    expect(p.columns).toEqual(['first_name', 'middle_name', 'notes', 'city'])
    expect(errorsOf(p, 2)).toEqual({ first_name: 'controlCharacter' })
    expect(errorsOf(p, 3)).toEqual({ notes: 'controlCharacter' })
    expect(errorsOf(p, 4)).toEqual({})
    const commit = await imports.commit(clerk.auth, p.id, { on_duplicate: 'create' })
    expect(commit.statusCode).toBe(200)
    expect(commit.json<{ created: number }>().created).toBe(1)

    const csv = csvOf([
      ['first_name', 'middle_name', 'city'],
      ['Csv\u0001', 'Kebede', 'Adama'],
    ])
    const fromCsv = await imports.upload(clerk.auth, csv, 'members.csv', {}, 'text/csv')
    expect(fromCsv.statusCode).toBe(200)
    expect(errorsOf(fromCsv.json<ImportPreview>(), 2)).toEqual({ first_name: 'controlCharacter' })

    const names = await storedNames()
    expect(names).toContain('Clean')
    expect(names.filter((name) => hasControlCharacter(name, false))).toEqual([])
    const listed = await ctx.app.inject({ url: '/api/members', headers: clerk.auth })
    expect(listed.json<Member[]>().some((m) => m.first_name === 'Clean')).toBe(true)
  })
})
