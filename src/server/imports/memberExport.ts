// The export of issue 24: exactly the members a search shows (the same matching, owner-scoped),
// paged through the search and written as they come, so 100,000 members never sit in memory
// at once. Headers and option labels in the chosen language; dates in the chosen calendar,
// named in the header; lists "a, b"; CSV cells that a spreadsheet would run are neutralised.
import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import {
  formatIsoDate,
  isoToEthiopian,
  LIST_FIELDS,
  parseIsoDate,
  type MemberField,
  type MemberInput,
} from '../../domain'
import { MEMBER_COLUMNS, rowToInput } from '../repositories/memberRows'
import type { Db } from '../repositories/users'
import { MAX_SEARCH_LIMIT, searchMembers } from '../repositories/memberSearch'
import {
  exportHeader,
  isDateField,
  isEnumField,
  isOptionListField,
  optionLabel,
  TRANSFER_FIELDS,
  type Calendar,
  type Language,
} from './fieldDictionary'

export type ExportFormat = 'xlsx' | 'csv'

export interface ExportRequest {
  /** One account's members, or (null) everyone's: the caller's role decides (ownerScope). */
  ownerId: number | null
  query?: string
  status?: string
  lang: Language
  calendar: Calendar
}

const LIST_SET: ReadonlySet<string> = new Set(LIST_FIELDS)

/** OWASP CSV injection: a cell a spreadsheet would read as a formula gets a leading '. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** A stored value as the text an export writes (dates in the calendar, options as labels). */
export function exportText(
  field: MemberField,
  input: MemberInput,
  lang: Language,
  calendar: Calendar,
): string {
  const value = input[field]
  if (value === null || value === undefined) return ''
  if (isDateField(field)) {
    const text = String(value)
    if (calendar === 'gregorian') return text
    const ethiopian = isoToEthiopian(text)
    return ethiopian ? formatIsoDate(ethiopian) : text
  }
  if (isEnumField(field)) return optionLabel(field, String(value), lang)
  if (LIST_SET.has(field)) {
    const items = value as string[]
    return (
      isOptionListField(field) ? items.map((item) => optionLabel(field, item, lang)) : items
    ).join(', ')
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return String(value)
}

/** The caller's matching members in list order, a page at a time. */
async function* matchingMembers(db: Db, request: ExportRequest): AsyncGenerator<MemberInput[]> {
  let cursor: string | undefined
  do {
    const page = await searchMembers(db, {
      ownerId: request.ownerId,
      query: request.query,
      status: request.status,
      limit: MAX_SEARCH_LIMIT,
      cursor,
    })
    const ids = page.items.map((item) => item.id)
    if (ids.length > 0) {
      let rows = db.selectFrom('members').select(MEMBER_COLUMNS).where('id', 'in', ids)
      if (request.ownerId !== null) rows = rows.where('owner_user_id', '=', request.ownerId)
      const byId = new Map((await rows.execute()).map((row) => [row.id, rowToInput(row)]))
      yield ids.flatMap((id) => byId.get(id) ?? [])
    }
    cursor = page.next_cursor ?? undefined
  } while (cursor)
}

export function exportHeaders(lang: Language, calendar: Calendar): string[] {
  return TRANSFER_FIELDS.map((field) => exportHeader(field, lang, calendar))
}

/** The export as a stream; a failure half-way ends the stream with an error (logged). */
export function exportMembers(db: Db, format: ExportFormat, request: ExportRequest): Readable {
  return format === 'csv' ? exportCsv(db, request) : exportXlsx(db, request)
}

function exportCsv(db: Db, request: ExportRequest): Readable {
  const out = stringify({ bom: true, record_delimiter: 'windows' })
  const write = async () => {
    out.write(exportHeaders(request.lang, request.calendar))
    for await (const members of matchingMembers(db, request)) {
      for (const member of members) {
        const row = TRANSFER_FIELDS.map((field) =>
          neutralise(exportText(field, member, request.lang, request.calendar)),
        )
        // Respect back-pressure: a slow client must not make the rows pile up in memory.
        if (!out.write(row)) await new Promise((resolve) => out.once('drain', resolve))
      }
    }
    out.end()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

function exportXlsx(db: Db, request: ExportRequest): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  })
  const sheet = workbook.addWorksheet('Members')
  const dateColumns = request.calendar === 'gregorian'
  const write = async () => {
    const header = sheet.addRow(exportHeaders(request.lang, request.calendar))
    header.font = { bold: true }
    header.commit()
    for await (const members of matchingMembers(db, request)) {
      for (const member of members) {
        const cells = TRANSFER_FIELDS.map((field) => {
          const text = exportText(field, member, request.lang, request.calendar)
          // Gregorian dates are real date cells; everything else is a string cell, which a
          // spreadsheet never runs as a formula.
          if (dateColumns && isDateField(field) && text !== '') {
            const date = parseIsoDate(text)
            if (date) return new Date(Date.UTC(date.year, date.month - 1, date.day))
          }
          return text
        })
        const row = sheet.addRow(cells)
        if (dateColumns) {
          TRANSFER_FIELDS.forEach((field, i) => {
            if (isDateField(field)) row.getCell(i + 1).numFmt = 'yyyy-mm-dd'
          })
        }
        row.commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}
