// The History screen's export (issue 25): the filtered history as .xlsx or .csv, in the words and
// calendar the screen shows (src/domain/audit.ts), read a page at a time and written as it comes.
import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import {
  type AuditEvent,
  type AuditFilters,
  formatDate,
  HISTORY_EXPORT_HEADERS,
  historyRow,
  historyText,
  type HistoryWords,
} from '../../../domain'
import type { AuditEventRow, Db } from '../../db/tables'
import { chainHead, formatAnchor, withMemberNames } from './service'
import { type Caller, ownerScope } from '../accounts'
import { downloadGuard, type ExportFormat } from '../imports'
import {
  type Calendar,
  filledMessage,
  type Language,
  message,
  neutralise,
} from '../../platform/spreadsheetText'
import { auditQuery } from './repository'

const PAGE = 500

export const toAuditEvent = (row: AuditEventRow): AuditEvent => ({
  seq: Number(row.seq),
  at: row.at,
  actor_id: row.actor_id,
  actor_username: row.actor_username,
  action: row.action,
  member_id: row.member_id,
  subject_user_id: row.subject_user_id,
  details: JSON.parse(row.details) as Record<string, unknown>,
})

/** The words of locales/ on the server; `{name}` placeholders filled (no plurals needed here). */
export function serverWords(lang: Language, calendar: Calendar): HistoryWords {
  return {
    t: (id, values = {}) => filledMessage(lang, id, values),
    known: (id) => message(lang, id) !== undefined,
    calendar,
    language: lang,
  }
}

/** Is it a time zone this server's Intl knows (IANA name, such as Africa/Addis_Ababa)? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** An instant as the reader's day (their calendar and language) and hh:mm in their time zone. */
export function whenText(lang: Language, calendar: Calendar, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return (iso: string) => {
    const at = new Date(iso)
    if (Number.isNaN(at.getTime())) return iso
    const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]))
    return `${formatDate(`${p.year}-${p.month}-${p.day}`, calendar, lang)} ${p.hour}:${p.minute}`
  }
}

export interface HistoryExportRequest {
  /** Who reads it: members are named where they may read them, as on the screen. */
  caller: Caller
  filters: AuditFilters
  lang: Language
  calendar: Calendar
  timeZone: string
}

async function* pages(db: Db, caller: Caller, filters: AuditFilters): AsyncGenerator<AuditEvent[]> {
  let before: number | undefined
  for (;;) {
    const rows = await auditQuery(db, filters, before, ownerScope(caller, 'all'))
      .limit(PAGE)
      .execute()
    if (rows.length === 0) return
    const events = await withMemberNames(db, caller, rows.map(toAuditEvent))
    yield events
    if (rows.length < PAGE) return
    before = events[events.length - 1].seq
  }
}

/** The rows of the export, header first, every cell text with formulas neutralised. */
async function* exportRows(db: Db, request: HistoryExportRequest): AsyncGenerator<string[]> {
  const words = serverWords(request.lang, request.calendar)
  const text = historyText(words)
  const when = whenText(request.lang, request.calendar, request.timeZone)
  // The whole chain's head as the export starts: an anchor the office keeps with the file.
  const head = formatAnchor(await chainHead(db))
  yield HISTORY_EXPORT_HEADERS.map((id) => words.t(id))
  for await (const events of pages(db, request.caller, request.filters)) {
    for (const event of events) yield historyRow(text, event, when(event.at)).map(neutralise)
  }
  yield []
  yield [words.t('historyHead'), head]
}

/** The export as a stream; a failure half-way ends the stream with an error (logged). */
export function exportHistory(
  db: Db,
  format: ExportFormat,
  request: HistoryExportRequest,
): Readable {
  const rows = exportRows(db, request)
  if (format === 'csv') {
    const out = stringify({ bom: true, record_delimiter: 'windows' })
    const write = async () => {
      // Back-pressure, and a stop when the client is gone: no more pages read, no rows built.
      const wanted = downloadGuard(out)
      for await (const row of rows) {
        if (!(await wanted())) return
        out.write(row)
      }
      out.end()
    }
    write().catch((error: unknown) => out.destroy(error as Error))
    return out
  }
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  })
  const sheet = workbook.addWorksheet(message(request.lang, 'history') ?? 'History')
  // When, who, what, member number, about, changes: set before the first row is streamed.
  sheet.columns = [22, 16, 22, 12, 28, 80].map((width) => ({ width }))
  const write = async () => {
    let first = true
    const wanted = downloadGuard(out)
    for await (const cells of rows) {
      if (!(await wanted())) return
      // Every cell is a string cell (never a formula), and neutralised for a later CSV save.
      const row = sheet.addRow(cells)
      if (first) row.font = { bold: true }
      first = false
      row.commit()
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}
