import { nameIn } from './nameIn'

describe('nameIn', () => {
  const names = { name_am: 'ደብረ ሰላም', name_en: 'Debre Selam', name_om: '' }

  it("gives the reader's own language when it is written", () => {
    expect(nameIn(names, 'am')).toBe('ደብረ ሰላም')
    expect(nameIn(names, 'en')).toBe('Debre Selam')
  })

  it('falls back to English, then Amharic, then Oromo', () => {
    expect(nameIn(names, 'om')).toBe('Debre Selam')
    expect(nameIn({ ...names, name_en: '  ' }, 'om')).toBe('ደብረ ሰላም')
    expect(nameIn({ name_am: '', name_en: '', name_om: 'Dabra Salaam' }, 'am')).toBe('Dabra Salaam')
  })

  it('is empty when no name is written', () => {
    expect(nameIn({ name_am: ' ', name_en: '', name_om: '' }, 'en')).toBe('')
  })
})
