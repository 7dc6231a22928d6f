// GET /api/audit/export (issue 25): the History screen's filtered history as .xlsx or .csv, in
// the reader's language, calendar and time zone; nothing in it runs as a formula.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import ExcelJS from 'exceljs'
import am from '../../../../locales/am.json'
import en from '../../../../locales/en.json'
import { recordEvent } from './service'
import { memberCalls } from '../../testing/memberCalls'
import { BOARD, SECRETARY, testAppPerFile } from '../../testing/testApp'

jest.setTimeout(60_000)

const {
  ctx,
  users: { admin, auditor },
} = testAppPerFile({ admin: SECRETARY, auditor: BOARD })
const members = memberCalls(() => ctx.app)
let memberId: number
const BULK = 620

beforeAll(async () => {
  const member = await members.create(admin.auth, {
    first_name: 'Almaz',
    last_name: 'Tesfaye',
    membership_status: 'visitor',
  })
  memberId = member.id
  const res = await members.update(admin.auth, memberId, { membership_status: 'member' })
  expect(res.statusCode).toBe(200)
  await ctx.database.db.transaction().execute(async (trx) => {
    // A name a spreadsheet would run as a formula, as a subject of the history.
    await recordEvent(trx, {
      actor: { id: null, username: null },
      action: 'member_purge',
      memberId: 999,
      details: { first_name: '=HYPERLINK("http://evil.example","x")', last_name: 'X' },
      at: new Date('2026-03-10T21:30:00.000Z'),
    })
    // More events than one page of the export reads at a time.
    for (let i = 0; i < BULK; i += 1) {
      await recordEvent(trx, {
        actor: { id: admin.id, username: 'secretary' },
        action: 'sign_in',
        at: new Date('2026-03-11T08:00:00.000Z'),
      })
    }
  })
})

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(payload as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: ExcelJS.Row[] = []
  sheet.eachRow((row) => rows.push(row))
  return { sheet, rows }
}

const texts = (row: ExcelJS.Row) =>
  (row.values as unknown[]).slice(1).map((value) => (value === undefined ? '' : value))

describe('GET /api/audit/export', () => {
  it('writes .xlsx in Amharic and the Ethiopian calendar, local time, formulas neutralised', async () => {
    const res = await ctx.app.inject({
      url: '/api/audit/export?format=xlsx&lang=am&calendar=ethiopian&tz=Africa/Addis_Ababa',
      headers: auditor.auth,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/spreadsheetml/)
    expect(res.headers['content-disposition']).toMatch(/abal-history-\d{4}-\d{2}-\d{2}\.xlsx/)
    expect(res.headers['cache-control']).toBe('no-store')
    const { sheet, rows } = await workbookOf(res.rawPayload)
    expect(sheet.name).toBe(am.history)
    expect(texts(rows[0])).toEqual([
      am.historyWhen,
      am.historyWho,
      am.historyWhat,
      am.historyMemberId,
      am.historyAbout,
      am.historyChanges,
    ])
    // Every event, across pages: the bulk sign-ins, the purge, the create and the update (and
    // the two sign-ins of the test accounts).
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .orderBy('seq')
      .execute()
    // Header, the events, and last the whole chain's head to keep (audit verify --since).
    expect(rows.length - 2).toBe(events.length)
    const last = events[events.length - 1]
    expect(texts(rows[rows.length - 1])).toEqual([am.historyHead, `${last.seq}:${last.hash}`])
    const update = rows.map(texts).find((cells) => cells[2] === am['action.member_update'])!
    expect(update[1]).toBe('secretary')
    expect(update[3]).toBe(String(memberId))
    expect(update[5]).toBe(
      `${am.membershipStatus}፦ ${am['option.membership_status.visitor']} → ${am['option.membership_status.member']}`,
    )
    const purge = rows.map(texts).find((cells) => cells[2] === am['action.member_purge'])!
    // 21:30 UTC on 10 March 2026 is 00:30 on 11 March in Addis Ababa: 2 መጋቢት 2018.
    expect(purge[0]).toMatch(/^መጋቢት 2 ቀን 2018 ዓ\.ም\.? 00:30$/)
    expect(purge[1]).toBe(am.historySystem)
    expect(purge[4]).toBe(`'=HYPERLINK("http://evil.example","x") X`)
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).toBe(ExcelJS.ValueType.String)))
  })

  it('writes the filtered events as CSV with a byte-order mark', async () => {
    const res = await ctx.app.inject({
      url: `/api/audit/export?format=csv&lang=en&member_id=${memberId}&action=member_update`,
      headers: admin.auth,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    const text = res.body
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('When,Who,What,Member number,About,Changes')
    expect(lines).toHaveLength(4)
    const head = await ctx.database.db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow()
    expect(lines.slice(2)).toEqual(['', `${en.historyHead},${head.seq}:${head.hash}`])
    expect(lines[1]).toContain(`,secretary,${en['action.member_update']},${memberId},`)
    expect(lines[1]).toContain('Visitor → Member')
  })

  it('refuses a bad format, language, calendar, time zone or date with 400', async () => {
    for (const query of [
      'format=pdf',
      'lang=fr',
      'calendar=julian',
      'tz=Mars/Olympus_Mons',
      'from=2026-13-45',
      'from=2026-02-31',
      'to=2025-02-29',
      'action=member_eaten',
    ]) {
      const res = await ctx.app.inject({
        url: `/api/audit/export?${query}`,
        headers: admin.auth,
      })
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 })
      if (!query.startsWith('from') && !query.startsWith('to')) continue
      // The history's own list reads the same filters.
      const list = await ctx.app.inject({ url: `/api/audit?${query}`, headers: admin.auth })
      expect({ query, status: list.statusCode }).toEqual({ query, status: 400 })
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
    }
  })
})
