// An uploaded .xlsx or .csv as a table of text cells: the header is the first non-empty row, or
// the one below the title rows above it (see headerAt).
// .xlsx through exceljs (server only), .csv through csv-parse (UTF-8 with or without BOM, or
// Excel's UTF-16 "Unicode text"; comma, semicolon or tab).
import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { formatIsoDate, withoutControlCharacters } from '../../../domain'
import { ApiError } from '../../plugins/errors'
import { isKnownHeader } from './fieldDictionary'
import {
  cellTooLong,
  checkZip,
  looksLikeZip,
  MAX_CELL_CHARS,
  MAX_CELLS,
  tooManyCells,
} from './zipCheck'

/** A cell as stored between preview and commit: text, an Excel date, or a formula (refused). */
export type Cell = string | null | { d: string } | { f: string }

export interface Table {
  columns: string[]
  rows: Cell[][]
  /** The spreadsheet row number of each data row (title rows above the header counted). */
  rowNumbers: number[]
}

export const MAX_COLUMNS = 1_000
export const MAX_ROWS = 20_000
const MAX_HEADER_LENGTH = 200
/** Rows a title above the header may take: a list's name, the day it was printed, a place. */
const MAX_TITLE_ROWS = 5
/** The text of a whole sheet: 20,000 members of 1,000 characters each. */
export const MAX_SHEET_CHARS = 20_000_000
/** An import as stored between its preview and its commit (its rows as JSON). */
export const MAX_STORED_BYTES = 64 * 1024 * 1024

export const tooMuchData = (what: string) =>
  new ApiError(
    400,
    `The file holds ${what}; that is more than one import can take: split it into smaller files`,
    { file: 'importTooLarge' },
  )

const unreadable = (message: string) => new ApiError(400, message, { file: 'invalidFile' })

export type FileKind = 'xlsx' | 'csv'

/** Which reader a file goes to, from its bytes first and its name and type second; else 415. */
export function fileKind(bytes: Buffer, filename: string, mimetype: string): FileKind {
  const name = filename.toLowerCase()
  if (looksLikeZip(bytes) || name.endsWith('.xlsx')) return 'xlsx'
  if (/\.(csv|tsv|txt)$/.test(name) || /^text\/(csv|plain|tab-separated-values)/.test(mimetype)) {
    return 'csv'
  }
  throw new ApiError(415, 'Only .xlsx and .csv files can be imported', { file: 'unsupportedFile' })
}

export async function readTable(bytes: Buffer, kind: FileKind): Promise<Table> {
  const grid = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes)
  return toTable(grid)
}

function toTable(grid: { cells: Cell[]; number: number }[]): Table {
  const rows = grid.filter((row) => row.cells.some((cell) => !isBlankCell(cell)))
  if (rows.length === 0) throw unreadable('The file is empty: its first sheet has no rows')
  // Rows keep their numbers: a refused row is named by the row the spreadsheet shows.
  const filled = rows.slice(headerAt(rows))
  const [header, ...data] = filled
  if (data.length > MAX_ROWS) {
    throw unreadable(
      `The file has ${data.length} rows; at most ${MAX_ROWS} can be imported at once`,
    )
  }
  // A loop, not Math.max(...rows): spreading a long file's rows overflows the call stack.
  let width = 0
  for (const row of filled) width = Math.max(width, lastFilled(row.cells))
  if (width > MAX_COLUMNS) {
    throw unreadable(`The file has ${width} columns; at most ${MAX_COLUMNS} can be imported`)
  }
  // The padded grid is what is stored: its cells, each cell's text and the whole text bounded.
  if (data.length * width > MAX_CELLS) throw tooManyCells(data.length * width)
  let chars = 0
  for (const row of filled) {
    for (const cell of row.cells) {
      const length = cellText(cell).length
      if (length > MAX_CELL_CHARS) throw cellTooLong(` (row ${row.number})`)
      chars += length
    }
  }
  if (chars > MAX_SHEET_CHARS) {
    throw tooMuchData(`${chars.toLocaleString('en')} characters of text`)
  }
  const headers = Array.from(
    { length: width },
    // A header travels back in the commit's mapping, where the input guard refuses controls.
    (_, i) =>
      withoutControlCharacters(cellText(header.cells[i])).slice(0, MAX_HEADER_LENGTH) ||
      `#${i + 1}`,
  )
  // Choices name a column by its header, so each must be unique: a repeated "Phone" becomes
  // "Phone (2)", or "(3)" when the file has its own "Phone (2)" column too.
  const taken = new Set(headers)
  const used = new Set<string>()
  const columns = headers.map((text) => {
    let name = text
    for (let times = 2; used.has(name); times += 1) {
      name = `${text} (${times})`
      if (taken.has(name)) name = text
    }
    used.add(name)
    return name
  })
  return {
    columns,
    rows: data.map((row) => Array.from({ length: width }, (_, i) => row.cells[i] ?? null)),
    rowNumbers: data.map((row) => row.number),
  }
}

/**
 * Where the header is: past the title rows an office puts above it (a merged "St Mary – member
 * list 2017", then "Printed 12/3/2017"). Within the first MAX_TITLE_ROWS + 1 rows it is the one
 * naming the most columns the import knows, in any language: so a header naming column A only is
 * kept, and a title of two values passed over. Rows naming none: see headerByWidth.
 */
function headerAt(rows: readonly { cells: Cell[] }[]): number {
  let best = { at: -1, known: 0, values: 0 }
  rows.slice(0, MAX_TITLE_ROWS + 1).forEach(({ cells }, at) => {
    const texts = distinctTexts(cells)
    // A longer text is a title or a value, and matching a cell of 50,000 characters costs.
    const known = texts.filter(
      (text) => text.length <= MAX_HEADER_LENGTH && isKnownHeader(text),
    ).length
    // Ties go to the row of more values: a title of one known word is not the header below it.
    if (known > best.known || (known > 0 && known === best.known && texts.length > best.values)) {
      best = { at, known, values: texts.length }
    }
  })
  return best.known > 0 ? best.at : headerByWidth(rows)
}

/**
 * The header of a file whose first rows name no column the import knows: past up to
 * MAX_TITLE_ROWS rows of one value each, when the first row of two or more values follows and
 * most rows below it are as wide. A one-column list keeps its first row: its rows below are
 * mostly of one value, even when a stray note makes one row wider.
 */
function headerByWidth(rows: readonly { cells: Cell[] }[]): number {
  const wide = rows.map((row) => hasTwoValues(row.cells))
  const first = wide.indexOf(true)
  if (first <= 0 || first > MAX_TITLE_ROWS) return 0
  let wideBelow = 0
  for (let i = first + 1; i < wide.length; i += 1) if (wide[i]) wideBelow += 1
  return wideBelow * 2 >= wide.length - first - 1 ? first : 0
}

/** A row's texts, each once: a merged cell repeats its one value in every column it spans. */
function distinctTexts(cells: readonly Cell[]): string[] {
  const texts = new Set<string>()
  for (const cell of cells) {
    if (typeof cell === 'string' && cell.trim() !== '') texts.add(cell.trim())
  }
  return [...texts]
}

/** Two different values: a merged cell repeats its one value in every column it spans. */
function hasTwoValues(cells: readonly Cell[]): boolean {
  let seen: string | undefined
  for (const cell of cells) {
    const text = cellText(cell)
    if (text === '') continue
    if (seen === undefined) seen = text
    else if (text !== seen) return true
  }
  return false
}

function isBlankCell(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')
}

function lastFilled(cells: readonly Cell[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (!isBlankCell(cells[i])) return i + 1
  return 0
}

export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'string') return cell.trim()
  return 'd' in cell ? cell.d : cell.f
}

// ---- .xlsx

async function readXlsx(bytes: Buffer): Promise<{ cells: Cell[]; number: number }[]> {
  await checkZip(bytes)
  // Loaded here, not at the top: a .csv never needs it, and each upload's worker loads it anew.
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw unreadable('The file is not a readable .xlsx workbook')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw unreadable('The file is empty: it has no sheet')
  if (sheet.columnCount > MAX_COLUMNS) {
    throw unreadable(
      `The file has ${sheet.columnCount} columns; at most ${MAX_COLUMNS} can be imported`,
    )
  }
  const grid: { cells: Cell[]; number: number }[] = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = []
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = xlsxCell(cell.value, cell.numFmt)
    })
    for (let i = 0; i < cells.length; i += 1) cells[i] ??= null
    grid.push({ cells, number })
  })
  return grid
}

function richText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'richText' in value) {
    const runs = (value as { richText: { text?: unknown }[] }).richText
    return runs.map((run) => (typeof run.text === 'string' ? run.text : '')).join('')
  }
  return ''
}

/**
 * A whole number as its digits-only format shows it: Excel keeps a typed 0911234567 as the
 * number 911234567, and an office formats the column "0000000000" to see the 0 again.
 */
function numberText(value: number, numFmt: string | undefined): string {
  const text = String(value)
  if (!numFmt || !/^#*0+$/.test(numFmt) || !Number.isSafeInteger(value) || value < 0) return text
  return text.padStart(numFmt.length - numFmt.indexOf('0'), '0')
}

/** exceljs cell values → Cell. A formula is never evaluated or kept as data. */
function xlsxCell(value: ExcelJS.CellValue, numFmt?: string): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? numberText(value, numFmt) : null
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null
    return {
      d: formatIsoDate({
        year: value.getUTCFullYear(),
        month: value.getUTCMonth() + 1,
        day: value.getUTCDate(),
      }),
    }
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const formula = (value as { formula?: string; sharedFormula?: string }).formula ?? ''
      return { f: `=${String(formula).slice(0, 200)}` }
    }
    if ('richText' in value) return richText(value)
    if ('hyperlink' in value) return richText((value as { text?: unknown }).text)
    if ('error' in value) return null
  }
  return null
}

// ---- .csv

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start))
  } catch {
    throw unreadable('The file is not UTF-8 text: save it as "CSV UTF-8" or as .xlsx')
  }
}

const DELIMITERS: readonly string[] = [',', ';', '\t']
/** Lines the delimiter is judged on: a title line or two, the header and the first rows. */
const SNIFFED_LINES = 10

/**
 * The delimiter that splits the first lines most alike: the one whose count the most lines
 * share (then the larger count, then the order of DELIMITERS). A title line, a blank line or a
 * quoted comma in a semicolon file ("Name, full";Phone) does not decide it alone.
 */
function delimiterOf(text: string): string {
  const lines = delimitersByLine(text)
  let best = { index: 0, lines: 0, count: 0 }
  DELIMITERS.forEach((_, index) => {
    const tally = new Map<number, number>()
    for (const counts of lines) {
      if (counts[index] > 0) tally.set(counts[index], (tally.get(counts[index]) ?? 0) + 1)
    }
    for (const [count, many] of tally) {
      if (many > best.lines || (many === best.lines && count > best.count)) {
        best = { index, lines: many, count }
      }
    }
  })
  return DELIMITERS[best.index]
}

/**
 * Each of the first SNIFFED_LINES non-blank lines as how often each delimiter splits it. A quote
 * opening a field opens quoted text, passed over up to its closing quote, line breaks included.
 */
function delimitersByLine(text: string): number[][] {
  const lines: number[][] = []
  let counts = DELIMITERS.map(() => 0)
  let filled = false
  let quoted = false
  let fieldStart = true
  for (let i = 0; i < text.length && lines.length < SNIFFED_LINES; i += 1) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') i += 1
      else if (char === '"') quoted = false
    } else if (char === '\n' || char === '\r') {
      if (filled) lines.push(counts)
      counts = DELIMITERS.map(() => 0)
      filled = false
      fieldStart = true
    } else {
      const delimiter = DELIMITERS.indexOf(char)
      if (delimiter >= 0) counts[delimiter] += 1
      else if (char === '"' && fieldStart) quoted = true
      if (char !== ' ') filled = true
      fieldStart = delimiter >= 0
    }
  }
  if (filled && lines.length < SNIFFED_LINES) lines.push(counts)
  return lines
}

/** Undoes an export's CSV-injection guard ('=… → =…), so an export imports as it was. */
function unneutralise(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text
}

function readCsv(bytes: Buffer): { cells: Cell[]; number: number }[] {
  const text = decode(bytes)
  if (text.includes('\u0000')) {
    throw new ApiError(415, 'Only .xlsx and .csv files can be imported', {
      file: 'unsupportedFile',
    })
  }
  let records: string[][]
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      // Kept, and dropped with other blank rows later: a spreadsheet shows an empty line as a
      // row, so skipping it here would number every later row one short.
      skip_empty_lines: false,
      max_record_size: 4 * 1024 * 1024,
    }) as string[][]
  } catch {
    throw unreadable('The file is not readable CSV')
  }
  // A row's number is the one a spreadsheet shows it at (a quoted line break stays in its cell).
  return records.map((cells, index) => ({ cells: cells.map(unneutralise), number: index + 1 }))
}
