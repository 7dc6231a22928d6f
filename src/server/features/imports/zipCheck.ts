// An .xlsx is a zip. Before exceljs unpacks one, every entry is inflated here with a cap on its
// real (not declared) size, so a zip bomb or a file that is not a zip is a clear 400 instead of
// a server that runs out of memory.
import zlib from 'node:zlib'
import { ApiError } from '../../plugins/errors'

/** Unpacked size of a whole workbook: far above any register of 10 MB packed. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024
const MAX_ENTRIES = 5_000

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

/** Throws a 400 ApiError unless every entry inflates within the caps. */
export function checkZip(bytes: Buffer): void {
  if (!looksLikeZip(bytes)) throw notAWorkbook('not a zip archive')
  const end = endOfCentralDirectory(bytes)
  const count = bytes.readUInt16LE(end + 10)
  let at = bytes.readUInt32LE(end + 16)
  if (count === 0xffff || at === 0xffffffff) throw notAWorkbook('zip64 archives are not read')
  if (count > MAX_ENTRIES) throw notAWorkbook('too many parts')
  let unpacked = 0
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
    at += 46 + nameLength + extraLength + commentLength
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) {
      throw notAWorkbook('damaged zip entry')
    }
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    const packed = bytes.subarray(dataStart, dataStart + packedSize)
    if (packed.length !== packedSize) throw notAWorkbook('damaged zip entry')
    if (method === 0) unpacked += packedSize
    else if (method === 8) {
      try {
        unpacked += zlib.inflateRawSync(packed, {
          maxOutputLength: MAX_UNPACKED_BYTES - unpacked + 1,
        }).length
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw notAWorkbook('it unpacks to more than 200 MB')
        throw notAWorkbook('damaged compressed data')
      }
    } else throw notAWorkbook('unknown compression')
    if (unpacked > MAX_UNPACKED_BYTES) throw notAWorkbook('it unpacks to more than 200 MB')
  }
}
