import {
  mergeCustomEntries,
  parseBooleanInput,
  parseListInput,
  readBooleanValue,
  readListValue,
  splitCommaList,
} from './listFields'

describe('parseListInput', () => {
  it.each([
    [
      ['a', ' b ', ''],
      ['a', 'b'],
    ],
    ['["Diabetes", " Asthma "]', ['Diabetes', 'Asthma']],
    ['  [ ]', []],
    ['Diabetes, Asthma,, ', ['Diabetes', 'Asthma']],
    ['ኦቾሎኒ', ['ኦቾሎኒ']],
    ['', []],
    [null, []],
    [undefined, []],
  ])('%p → %p', (raw, value) => {
    expect(parseListInput(raw)).toEqual({ ok: true, value })
  })

  it.each([
    ['[not json'],
    ['[1, 2]'],
    ['["a", null]'],
    ['[{"a":"b"}]'],
    [[1]],
    [42],
    [{ a: 'b' }],
    [true],
  ])('%p is not a list', (raw) => {
    expect(parseListInput(raw)).toEqual({ ok: false })
  })

  it('reads text not starting with [ as comma-separated, even if it looks like JSON', () => {
    expect(parseListInput('{"a":1}')).toEqual({ ok: true, value: ['{"a":1}'] })
  })

  it('does not split commas inside JSON items', () => {
    expect(parseListInput('["a, b", "c"]')).toEqual({ ok: true, value: ['a, b', 'c'] })
  })
})

describe('splitCommaList and mergeCustomEntries (spec 5.7)', () => {
  it('splits, trims and drops empty entries', () => {
    expect(splitCommaList(' a ,b,, ,c ')).toEqual(['a', 'b', 'c'])
    expect(splitCommaList('')).toEqual([])
  })

  it('appends custom entries to the selected ones without duplicates', () => {
    expect(mergeCustomEntries(['pastor', 'choir'], ' Painting, choir ,, Cooking,Painting')).toEqual(
      ['pastor', 'choir', 'Painting', 'Cooking'],
    )
    expect(mergeCustomEntries([], '')).toEqual([])
  })
})

describe('parseBooleanInput', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['on', true],
    ['off', false],
    [' true ', true],
  ])('%p → %p', (raw, value) => {
    expect(parseBooleanInput(raw)).toBe(value)
  })

  it.each([['maybe'], [''], [1], [null], [undefined]])('%p → undefined', (raw) => {
    expect(parseBooleanInput(raw)).toBeUndefined()
  })

  it('reads values from the server with a fallback', () => {
    expect(readBooleanValue('false', true)).toBe(false)
    expect(readBooleanValue(undefined, true)).toBe(true)
    expect(readListValue('a, b')).toEqual(['a', 'b'])
    expect(readListValue('[oops')).toEqual([])
  })
})
