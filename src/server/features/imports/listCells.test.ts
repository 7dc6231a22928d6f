import { listCellText, splitListCell } from './listCells'

describe('list cells', () => {
  it('quotes only the items that hold a separator or open with a quote', () => {
    expect(listCellText(['Peanuts', 'Penicillin, severe', '"Abba"', 'ሳምራዊት፣ ዮናስ'], 'am')).toBe(
      'Peanuts፣ "Penicillin, severe"፣ """Abba"""፣ "ሳምራዊት፣ ዮናስ"',
    )
  })

  it('reads each written list back as its items', () => {
    const items = ['a; b', 'He said "no", twice', '5" tall', "Bulchaa'a", 'x']
    for (const lang of ['en', 'am', 'om'] as const) {
      expect(splitListCell(listCellText(items, lang))).toEqual(items)
    }
  })

  it('reads quotes that open no item as text, as before', () => {
    expect(splitListCell('"Dawit, Sara')).toEqual(['"Dawit', 'Sara'])
    expect(splitListCell('5" tall, "x" y; z')).toEqual(['5" tall', '"x" y', 'z'])
    expect(splitListCell(' a ,, b፣c ; ')).toEqual(['a', 'b', 'c'])
    expect(splitListCell('"Dawit", "Sara"')).toEqual(['Dawit', 'Sara'])
  })
})
