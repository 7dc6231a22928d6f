import { choicesKey, loadChoices, saveChoices } from './rememberedChoices'

describe('remembered import choices', () => {
  beforeEach(() => localStorage.clear())

  it('gives back the last choices for the same headers in any order', () => {
    const choices = {
      mapping: { 'Last Name': 'middle_name' as const, Title: null },
      value_map: { Classification: { Guest: 'visitor' } },
      notes_columns: ['Title'],
      column_calendars: { 'Birth Date': 'gregorian' as const },
    }
    saveChoices(['Last Name', 'Title'], choices)
    expect(loadChoices(['Title', 'Last Name'])).toEqual(choices)
    expect(loadChoices(['Title'])).toBeUndefined()
  })

  it('keeps the 20 most recent sets and survives damaged entries', () => {
    for (let i = 0; i < 25; i += 1) saveChoices([`c${i}`], { mapping: {} }, localStorage, i)
    expect(loadChoices(['c0'])).toBeUndefined()
    expect(loadChoices(['c24'])).toEqual({ mapping: {} })
    localStorage.setItem(choicesKey(['x']), '{not json')
    expect(loadChoices(['x'])).toBeUndefined()
  })
})
