import ExcelJS from 'exceljs'
import { titledXlsxOf } from '../../testing/importCalls'
import { readTable } from './readTable'

const csv = (text: string) => readTable(Buffer.from(text, 'utf8'), 'csv')

describe('readTable: CSV', () => {
  it('numbers each row as a spreadsheet shows it, blank lines counted', async () => {
    // Line 2 is empty, line 4 has only separators, the cell of line 5 runs over two lines.
    const table = await csv(
      'First Name,Father Name\r\n\r\nAbebe,Kebede\r\n,\r\nSara,"Line\r\nbreak"\r\nTola,Gemechu\r\n',
    )
    expect(table.rows.map((row) => row[0])).toEqual(['Abebe', 'Sara', 'Tola'])
    expect(table.rowNumbers).toEqual([3, 5, 6])
  })

  it('gives every column its own name when headers repeat', async () => {
    // The choices name columns by header: two columns of one name would take one field.
    const table = await csv('Phone,Phone,Phone (2),Notes\r\n0911111111,0922222222,0933333333,x\r\n')
    expect(new Set(table.columns).size).toBe(4)
    expect(table.columns).toEqual(['Phone', 'Phone (3)', 'Phone (2)', 'Notes'])
  })
})

describe('readTable: the CSV delimiter', () => {
  it('reads a semicolon file by its lines, not by a title line or quoted commas', async () => {
    // European Excel writes ";": the title's comma and the quoted "Surname, Given" are not it.
    const table = await csv(
      'St Mary Church, member list 2017\r\n"Name, full";Phone;City\r\n' +
        '"Kebede, Abebe";0911234567;Bole\r\n"Tesfaye, Sara";0922345678;Adama\r\n',
    )
    expect(table.columns).toEqual(['Name, full', 'Phone', 'City'])
    expect(table.rows).toEqual([
      ['Kebede, Abebe', '0911234567', 'Bole'],
      ['Tesfaye, Sara', '0922345678', 'Adama'],
    ])
    expect(table.rowNumbers).toEqual([3, 4])
  })

  it('passes over a leading blank line', async () => {
    const table = await csv('\r\nFirst Name;Father Name\r\nAbebe;Kebede\r\n')
    expect(table.columns).toEqual(['First Name', 'Father Name'])
    expect(table.rowNumbers).toEqual([3])
  })

  it('keeps a comma file whose cells hold semicolon lists a comma file', async () => {
    const table = await csv('First Name,Allergies\r\nAbebe,dust; pollen\r\nSara,"a;b;c"\r\n')
    expect(table.rows).toEqual([
      ['Abebe', 'dust; pollen'],
      ['Sara', 'a;b;c'],
    ])
  })
})

/** A header and the rows under it, as an office's sheet lists its members. */
const HEADER = ['First Name', "Father's Name", 'Phone']
const MEMBERS = [
  ['Abebe', 'Kebede', '0911234567'],
  ['Sara', 'Tesfaye', '0922345678'],
]

describe('readTable: title rows above the header', () => {
  it('takes the header below a merged title and a printed date, rows keeping their numbers', async () => {
    // Row 3 is left empty, as often between a title and its list.
    const table = await readTable(await titledXlsxOf([HEADER, ...MEMBERS], 4), 'xlsx')
    expect(table.columns).toEqual(HEADER)
    expect(table.rows).toEqual(MEMBERS)
    expect(table.rowNumbers).toEqual([5, 6])
  })

  it('skips a CSV title line and the blank line under it', async () => {
    const table = await csv('Member list 2017\r\n\r\nFirst Name,Father Name\r\nAbebe,Kebede\r\n')
    expect(table.columns).toEqual(['First Name', 'Father Name'])
    expect(table.rows).toEqual([['Abebe', 'Kebede']])
    expect(table.rowNumbers).toEqual([4])
  })

  it('keeps the header of a one-column list, a stray note in one row or not', async () => {
    const plain = await csv('Name\r\nAbebe\r\nSara\r\n')
    expect(plain.columns).toEqual(['Name'])
    expect(plain.rowNumbers).toEqual([2, 3])
    const noted = await csv('Name\r\nAbebe\r\nSara,see me\r\nTola\r\n')
    expect(noted.columns).toEqual(['Name', '#2'])
    expect(noted.rows.map((row) => row[0])).toEqual(['Abebe', 'Sara', 'Tola'])
    expect(noted.rowNumbers).toEqual([2, 3, 4])
  })
})

describe('readTable: the header known by the column names it holds', () => {
  /** A sheet whose rows stand at the row numbers they are keyed by, the rows between empty. */
  const sheetOf = async (rows: Record<number, ExcelJS.CellValue[]>) => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Members')
    for (const [number, values] of Object.entries(rows)) {
      values.forEach((value, column) => {
        if (value !== null) sheet.getRow(Number(number)).getCell(column + 1).value = value
      })
    }
    return readTable(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx')
  }

  it('keeps a header that names column A only, title above or not', async () => {
    // Most rows below fill A and B: by width alone the first member looked like the header.
    const plain = await csv('First Name\r\nAbebe,Kebede\r\nSara,Tesfaye\r\nTola,Gemechu\r\n')
    expect(plain.columns).toEqual(['First Name', '#2'])
    expect(plain.rows[0]).toEqual(['Abebe', 'Kebede'])
    expect(plain.rowNumbers).toEqual([2, 3, 4])
    const titled = await sheetOf({
      1: ['St Mary Church – member list 2017'],
      2: ['First Name'],
      3: ['Abebe', 'Kebede'],
      4: ['Sara', 'Tesfaye'],
    })
    expect(titled.columns).toEqual(['First Name', '#2'])
    expect(titled.rows).toEqual([
      ['Abebe', 'Kebede'],
      ['Sara', 'Tesfaye'],
    ])
    expect(titled.rowNumbers).toEqual([3, 4])
  })

  it('passes over a title of two values, the church in A1 and the day printed in F1', async () => {
    const table = await sheetOf({
      1: ['St Mary Church', null, null, null, null, 'Printed 12/11/2026'],
      3: HEADER,
      4: MEMBERS[0],
      5: MEMBERS[1],
    })
    expect(table.columns).toEqual(HEADER)
    expect(table.rows).toEqual(MEMBERS)
    expect(table.rowNumbers).toEqual([4, 5])
  })

  it("takes ChurchCRM's CSV Export header under a title line", async () => {
    const header = ['Title', 'First Name', 'Middle Name', 'Last Name', 'Suffix', 'Address 1']
    const more = ['City', 'Mobile Phone', 'Email', 'Birth Date', 'Gender', 'Family ID', 'Person ID']
    const table = await csv(
      'St Mary Church,ChurchCRM export 2026-11-12\r\n' +
        `${[...header, ...more].join(',')}\r\n` +
        'Mr.,John,,Smith,,12 Main St,Bole,0911234567,john@example.com,1980-03-15,Male,7,101\r\n' +
        'Mrs.,Mary,,Smith,,12 Main St,Bole,0922345678,,1982-05-12,Female,7,102\r\n',
    )
    expect(table.columns).toEqual([...header, ...more])
    expect(table.rows.map((row) => row[1])).toEqual(['John', 'Mary'])
    expect(table.rowNumbers).toEqual([3, 4])
  })

  it('takes an Amharic header under a title row', async () => {
    const table = await sheetOf({
      1: ['የቅድስት ማርያም ቤተ ክርስቲያን የአባላት ዝርዝር', null, null, 'ታኅሣሥ 3 ቀን 2017 ዓ.ም.'],
      2: ['የመጀመሪያ ስም', 'የአባት ስም', 'ስልክ', 'የልደት ቀን'],
      3: ['አበበ', 'ከበደ', '0911234567', '12/03/1980'],
      4: ['ሣራ', 'ተስፋዬ', '0922345678', '05/09/1981'],
    })
    expect(table.columns).toEqual(['የመጀመሪያ ስም', 'የአባት ስም', 'ስልክ', 'የልደት ቀን'])
    expect(table.rows.map((row) => row[0])).toEqual(['አበበ', 'ሣራ'])
    expect(table.rowNumbers).toEqual([3, 4])
  })

  it('finds a header of names it does not know by its width, as before', async () => {
    const table = await csv(
      'Liste des membres 2017\r\nPrénom,Nom du père,Ville natale\r\nAbebe,Kebede,Bole\r\n',
    )
    expect(table.columns).toEqual(['Prénom', 'Nom du père', 'Ville natale'])
    expect(table.rowNumbers).toEqual([3])
  })
})

describe('readTable: .xlsx', () => {
  it('reads a number as its format shows it: the leading 0 of a phone kept', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Members')
    sheet.addRow(['First Name', 'Phone', 'Home Phone', 'Zip', 'Count', 'Members'])
    // Excel keeps 0911234567 as the number 911234567; an office shows the 0 by a format.
    const row = sheet.addRow(['Abebe', 911234567, 116123456, 1000, 12, 1234])
    row.getCell(2).numFmt = '0000000000'
    row.getCell(3).numFmt = '##0000000000'
    row.getCell(4).numFmt = '00000'
    row.getCell(6).numFmt = '#,##0'
    const table = await readTable(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx')
    expect(table.rows[0]).toEqual(['Abebe', '0911234567', '0116123456', '01000', '12', '1234'])
  })
})
