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
} from '../../../domain'
import { MEMBER_COLUMNS, rowToInput } from '../members/repository/rows'
import type { Db } from '../accounts/repository'
import { MAX_SEARCH_LIMIT, searchMembers } from '../search/repository'
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

type FieldWriter = (input: MemberInput) => string

/**
 * exportText for every field, with what it looks up done once per export: each option's label
 * in the language, and each date's text in the calendar (a register repeats its dates). Same
 * output as exportText; an export calls it for every cell of up to 100,000 rows.
 */
export function fieldWriters(lang: Language, calendar: Calendar): FieldWriter[] {
  return TRANSFER_FIELDS.map((field): FieldWriter => {
    if (isDateField(field) && calendar === 'ethiopian') {
      const dates = new Map<string, string>()
      return (input) => {
        const value = input[field]
        if (value === null || value === undefined) return ''
        const iso = String(value)
        let text = dates.get(iso)
        if (text === undefined) {
          const ethiopian = isoToEthiopian(iso)
          text = ethiopian ? formatIsoDate(ethiopian) : iso
          if (dates.size < 100_000) dates.set(iso, text)
        }
        return text
      }
    }
    if (isEnumField(field) || isOptionListField(field)) {
      const labels = new Map<string, string>()
      const label = (key: string) => {
        let text = labels.get(key)
        if (text === undefined) {
          text = optionLabel(field, key, lang)
          if (labels.size < 10_000) labels.set(key, text)
        }
        return text
      }
      if (isEnumField(field)) {
        return (input) => {
          const value = input[field]
          return value === null || value === undefined ? '' : label(String(value))
        }
      }
      return (input) => {
        const value = input[field] as string[] | null | undefined
        return value ? value.map(label).join(', ') : ''
      }
    }
    return (input) => exportText(field, input, lang, calendar)
  })
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
      // The export needs no total: its pages are read uncounted (decision 0142).
      count: false,
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
    const writers = fieldWriters(request.lang, request.calendar)
    for await (const members of matchingMembers(db, request)) {
      for (const member of members) {
        const row = writers.map((write) => neutralise(write(member)))
        // Respect back-pressure: a slow client must not make the rows pile up in memory.
        if (!out.write(row)) await new Promise((resolve) => out.once('drain', resolve))
      }
    }
    out.end()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

// Shared style objects: exceljs resolves a style object it has seen before by identity, where a
// fresh one per cell is serialised and looked up each time (most of the writer's time).
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd' }
const PLAIN_STYLE: Partial<ExcelJS.Style> = {}

function exportXlsx(db: Db, request: ExportRequest): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
    // Deflate level 1: the member text compresses nearly as well at a fraction of the time.
    zip: { zlib: { level: 1 } },
  })
  const sheet = workbook.addWorksheet('Members')
  const dateColumns = request.calendar === 'gregorian'
  const isDate = TRANSFER_FIELDS.map((field) => dateColumns && isDateField(field))
  const write = async () => {
    const header = sheet.addRow(exportHeaders(request.lang, request.calendar))
    header.font = { bold: true }
    header.commit()
    const writers = fieldWriters(request.lang, request.calendar)
    for await (const members of matchingMembers(db, request)) {
      for (const member of members) {
        // A blank field is no cell at all (undefined leaves it out), as a spreadsheet saves it.
        const cells: (string | Date | undefined)[] = writers.map((writeText, i) => {
          const text = writeText(member)
          if (text === '') return undefined
          // Gregorian dates are real date cells; everything else is a string cell, which a
          // spreadsheet never runs as a formula.
          if (isDate[i]) {
            const date = parseIsoDate(text)
            if (date) return new Date(Date.UTC(date.year, date.month - 1, date.day))
          }
          return text
        })
        const row = sheet.addRow(cells)
        row.eachCell((cell, column) => {
          cell.style =
            isDate[column - 1] && cell.type === ExcelJS.ValueType.Date ? DATE_STYLE : PLAIN_STYLE
        })
        row.commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}
