// What the two spreadsheet downloads (the member list and the history) share: the format,
// language and calendar they accept, and how the file is sent.
import type { Readable, Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { type Calendar, isLanguage, type Language } from './fieldDictionary'
import { ApiError } from '../../plugins/errors'
import { AccountSlots } from '../../platform/accountSlots'

export type SpreadsheetFormat = 'xlsx' | 'csv'

const TYPES: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

/** Query-string schema of the choices every download accepts. */
export const DOWNLOAD_QUERY_PROPERTIES = {
  format: { type: 'string', maxLength: 10 },
  lang: { type: 'string', maxLength: 10 },
  calendar: { type: 'string', maxLength: 20 },
} as const

export const invalidValue = (field: string, message: string) =>
  new ApiError(400, message, { [field]: 'invalidValue' })

/** The checked choices, xlsx in English on the Gregorian calendar unless asked; else a 400. */
export function downloadChoices(query: { format?: string; lang?: string; calendar?: string }): {
  format: SpreadsheetFormat
  lang: Language
  calendar: Calendar
} {
  const { format = 'xlsx', lang = 'en', calendar = 'gregorian' } = query
  if (format !== 'xlsx' && format !== 'csv')
    throw invalidValue('format', 'format must be xlsx or csv')
  if (!isLanguage(lang)) throw invalidValue('lang', 'lang must be en, am or om')
  if (calendar !== 'gregorian' && calendar !== 'ethiopian') {
    throw invalidValue('calendar', 'calendar must be gregorian or ethiopian')
  }
  return { format, lang, calendar }
}

export const DOWNLOADS_BUSY =
  'Your files are already being prepared. Please wait for them and try again.'

/**
 * The streamed downloads (the member list, the history) being written per account: each is a
 * long read of the database, so two at a time, as the dues reports' files.
 */
export const downloadSlots = () => new AccountSlots(2, DOWNLOADS_BUSY)

/** Takes one of `accountId`'s places (or 429), given back when the answer ends or the client goes. */
export function holdDownloadSlot(slots: AccountSlots, reply: FastifyReply, accountId: number) {
  reply.raw.once('close', slots.acquire(accountId))
}

/** Sends the file as `<name>-<today>.<format>`, kept by no cache. */
export function sendSpreadsheet(
  reply: FastifyReply,
  stream: Readable,
  format: SpreadsheetFormat,
  name: string,
) {
  const stamp = new Date().toISOString().slice(0, 10)
  return reply
    .type(TYPES[format])
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${name}-${stamp}.${format}"`)
    .send(stream)
}

/** Rows written between two looks at the connection when the client keeps up. */
const ROWS_BETWEEN_LOOKS = 200

/**
 * For a download's write loop, called before each row: false once `out` is destroyed (Fastify
 * destroys the stream when the client goes away), so the loop stops reading and building.
 * It waits while `out` is full, and lets I/O run every few rows so that a close is seen.
 */
export function downloadGuard(out: Writable): () => Promise<boolean> {
  let rows = 0
  return async () => {
    if (out.destroyed) return false
    rows += 1
    if (out.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done)
          out.off('close', done)
          resolve()
        }
        out.on('drain', done)
        out.on('close', done)
      })
    } else if (rows % ROWS_BETWEEN_LOOKS === 0) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    return !out.destroyed
  }
}

/**
 * A workbook written into `out` as its rows are committed, so a long one is never held whole.
 * Deflate level 1: text compresses nearly as well at a fraction of the time.
 */
export const streamedWorkbook = (out: Writable) =>
  new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
    zip: { zlib: { level: 1 } },
  })
