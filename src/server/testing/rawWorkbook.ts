// Hand-made .xlsx files for the import's limits: a zip written here, so a test or a bench can
// hold what no spreadsheet program writes (one huge shared string, millions of cells) in a few
// hundred kilobytes.
import zlib from 'node:zlib'

interface Entry {
  name: string
  data: Buffer
}

/** A zip of deflated entries. */
export function zipOf(entries: Entry[], level = 6): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data } of entries) {
    const packed = zlib.deflateRawSync(data, { level })
    const nameBytes = Buffer.from(name)
    const crc = zlib.crc32(data)
    // The fields both headers carry, in the same order: method, time, date, crc, sizes, name.
    const entryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(8, at)
      header.writeUInt32LE(crc, at + 6)
      header.writeUInt32LE(packed.length, at + 10)
      header.writeUInt32LE(data.length, at + 14)
      header.writeUInt16LE(nameBytes.length, at + 18)
      return header
    }
    const local = entryFields(Buffer.alloc(30), 8)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    const central = entryFields(Buffer.alloc(46), 10)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A, B, … Z, AA, … for a 0-based column. */
function columnName(column: number): string {
  let name = ''
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

/**
 * A one-sheet workbook. `rows` holds shared-string indexes (numbers) or inline text; every
 * row is written by `row(i)` for i in 0 … count-1, so millions of cells never sit in memory.
 */
export function rawWorkbook(options: {
  strings: string[]
  rowCount: number
  row: (index: number) => (number | string)[]
  /** Deflate level, 9 to pack a large sheet under the upload limit. */
  level?: number
}): Buffer {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
  ]
  for (let i = 0; i < options.rowCount; i += 1) {
    const cells = options.row(i).map((value, column) => {
      const at = `${columnName(column)}${i + 1}`
      return typeof value === 'number'
        ? `<c r="${at}" t="s"><v>${value}</v></c>`
        : `<c r="${at}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`
    })
    parts.push(`<row r="${i + 1}">${cells.join('')}</row>`)
  }
  parts.push('</sheetData></worksheet>')
  const sharedStrings =
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${options.strings.length}" uniqueCount="${options.strings.length}">` +
    options.strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('') +
    '</sst>'
  const text = (value: string) => Buffer.from(value)
  return zipOf(
    [
      {
        name: '[Content_Types].xml',
        data: text(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
            '<Default Extension="xml" ContentType="application/xml"/>' +
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
            '</Types>',
        ),
      },
      {
        name: '_rels/.rels',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">` +
            `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      },
      {
        name: 'xl/workbook.xml',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}">` +
            '<sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">` +
            `<Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
            `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>` +
            '</Relationships>',
        ),
      },
      { name: 'xl/worksheets/sheet1.xml', data: text(parts.join('')) },
      { name: 'xl/sharedStrings.xml', data: text(sharedStrings) },
    ],
    options.level,
  )
}
