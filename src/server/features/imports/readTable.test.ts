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
