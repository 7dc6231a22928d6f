// An .xlsx is a zip. Before exceljs unpacks one, every entry is inflated here with a cap on its
// real (not declared) size, so a zip bomb or a file that is not a zip is a clear 400 instead of
// a server that runs out of memory; so is a cell longer than any or a sheet of more cells than
// an import holds, before exceljs builds them.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { ApiError } from '../../plugins/errors'

/** Unpacked size of a whole workbook: far above any register of 10 MB packed. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024
const MAX_ENTRIES = 5_000
const inflateRaw = promisify(zlib.inflateRaw)

/** A cell's text: above Excel's own limit (32,767 characters) and any member field's. */
export const MAX_CELL_CHARS = 50_000
/** Cells of one import (20,000 rows of 75 columns): what exceljs and the stored import hold. */
export const MAX_CELLS = 1_500_000
/** The XML of one cell or shared string: 50,000 characters even written as entities. */
const MAX_CELL_XML_BYTES = 4 * 1024 * 1024

export const cellTooLong = (where = '') =>
  new ApiError(
    400,
    `The file has a cell${where} longer than ${MAX_CELL_CHARS.toLocaleString('en')} characters, ` +
      'the most one cell of an import can hold',
    { file: 'importCellTooLong' },
  )

export const tooManyCells = (cells: number) =>
  new ApiError(
    400,
    `The file has ${cells.toLocaleString('en')} cells; at most ` +
      `${MAX_CELLS.toLocaleString('en')} can be imported at once: split it into smaller files`,
    { file: 'importTooLarge' },
  )

const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/
const STRINGS_PART = /^xl\/sharedStrings\.xml$/

/**
 * The elements `<name` (followed by a space, `>` or `/`) in an XML part: how many, and the
 * longest stretch of bytes between two starts, which bounds any one element's text.
 */
function elements(xml: Buffer, name: string): { count: number; longest: number } {
  const opening = Buffer.from(`<${name}`)
  let count = 0
  let longest = 0
  let previous = 0
  for (let at = xml.indexOf(opening); at >= 0; at = xml.indexOf(opening, at + 1)) {
    const next = xml[at + opening.length]
    if (next !== 0x20 && next !== 0x3e && next !== 0x2f) continue
    count += 1
    longest = Math.max(longest, at - previous)
    previous = at
  }
  return { count, longest: Math.max(longest, xml.length - previous) }
}

interface PartsSeen {
  /** Cell elements of every sheet (exceljs builds an object for each). */
  cells: number
  /** The longest stretch of XML one cell or shared string can span. */
  longest: number
}

/** Adds a sheet's or the shared strings' cells and longest element to what was seen. */
function notePart(name: string, xml: Buffer, seen: PartsSeen): void {
  const isSheet = SHEET_PART.test(name)
  if (!isSheet && !STRINGS_PART.test(name)) return
  const found = elements(xml, isSheet ? 'c' : 'si')
  seen.longest = Math.max(seen.longest, found.longest)
  if (isSheet) seen.cells += found.count
}

const notAWorkbook = (why: string) =>
  new ApiError(400, `The file is not a readable .xlsx workbook (${why})`, { file: 'invalidFile' })

export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50
}

function endOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff)
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) return at
  }
  throw notAWorkbook('not a zip archive')
}

/** Rejects with a 400 ApiError unless every entry inflates within the caps, its cells within theirs. */
export async function checkZip(bytes: Buffer): Promise<void> {
  if (!looksLikeZip(bytes)) throw notAWorkbook('not a zip archive')
  const end = endOfCentralDirectory(bytes)
  const count = bytes.readUInt16LE(end + 10)
  let at = bytes.readUInt32LE(end + 16)
  if (count === 0xffff || at === 0xffffffff) throw notAWorkbook('zip64 archives are not read')
  if (count > MAX_ENTRIES) throw notAWorkbook('too many parts')
  let unpacked = 0
  const seen: PartsSeen = { cells: 0, longest: 0 }
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) {
      throw notAWorkbook('damaged zip directory')
    }
    const method = bytes.readUInt16LE(at + 10)
    const packedSize = bytes.readUInt32LE(at + 20)
    const nameLength = bytes.readUInt16LE(at + 28)
    const extraLength = bytes.readUInt16LE(at + 30)
    const commentLength = bytes.readUInt16LE(at + 32)
    const local = bytes.readUInt32LE(at + 42)
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength)
    at += 46 + nameLength + extraLength + commentLength
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) {
      throw notAWorkbook('damaged zip entry')
    }
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    const packed = bytes.subarray(dataStart, dataStart + packedSize)
    if (packed.length !== packedSize) throw notAWorkbook('damaged zip entry')
    if (method === 0) {
      unpacked += packedSize
      notePart(name, packed, seen)
    } else if (method === 8) {
      let part: Buffer
      try {
        // On libuv's thread pool: a part of 150 MB does not hold up other requests.
        part = await inflateRaw(packed, {
          maxOutputLength: MAX_UNPACKED_BYTES - unpacked + 1,
        })
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw notAWorkbook('it unpacks to more than 200 MB')
        throw notAWorkbook('damaged compressed data')
      }
      unpacked += part.length
      notePart(name, part, seen)
    } else throw notAWorkbook('unknown compression')
    if (unpacked > MAX_UNPACKED_BYTES) throw notAWorkbook('it unpacks to more than 200 MB')
  }
  // Before exceljs builds them: no cell longer than any, no more cells than an import holds.
  if (seen.longest > MAX_CELL_XML_BYTES) throw cellTooLong()
  if (seen.cells > MAX_CELLS) throw tooManyCells(seen.cells)
}
