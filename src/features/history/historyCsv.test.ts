import { toCsv } from './historyCsv'

describe('toCsv', () => {
  it('quotes what needs quoting and starts with a byte-order mark', () => {
    const csv = toCsv([
      ['Time', 'Who'],
      ['a,b', 'say "hi"'],
      ['line\nbreak', 'ሐና'],
    ])
    expect(csv).toBe('\uFEFFTime,Who\r\n"a,b","say ""hi"""\r\n"line\nbreak",ሐና\r\n')
  })

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(toCsv([['=1+2', '-3', '@x', 'plain']])).toBe("\uFEFF'=1+2,'-3,'@x,plain\r\n")
  })
})
