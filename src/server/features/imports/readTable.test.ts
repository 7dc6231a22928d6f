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
})
