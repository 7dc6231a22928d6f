import { hasGeezLetters, transliterateGeez } from './transliterate'

describe('transliterateGeez', () => {
  it.each([
    ['አበበ ከበደ ተስፋዬ', 'Abebe Kebede Tesfaye'],
    ['ግርማ', 'Girma'],
    ['ብርሃኑ', 'Birhanu'],
    ['ካሳሁን', 'Kasahun'],
    ['ደረጀ', 'Dereje'],
    ['ሙሉጌታ', 'Mulugeta'],
    ['ገብረ ሚካኤል', 'Gebre Mikael'],
    ['ወልደ ማርያም', 'Welde Maryam'],
    ['ጫልቱ', 'Chaltu'],
    ['ሰላማዊት', 'Selamawit'],
    ['ጸጋዬ', 'Tsegaye'],
    ['ሸዋዬ', 'Shewaye'],
    ['ቋንቋ', 'Qwanqwa'],
  ])('%s → %s', (geez, latin) => {
    expect(transliterateGeez(geez)).toBe(latin)
  })

  it('keeps spaces, slashes and Latin text, and folds runs of spaces', () => {
    expect(transliterateGeez('  ገ/ሚካኤል   Tola ')).toBe('G/Mikael Tola')
    expect(transliterateGeez('ወ/ማርያም')).toBe('W/Maryam')
    expect(transliterateGeez('')).toBe('')
  })

  it('tells whether a text has Ge’ez letters', () => {
    expect(hasGeezLetters('አበበ')).toBe(true)
    expect(hasGeezLetters('Abebe')).toBe(false)
    expect(hasGeezLetters(null)).toBe(false)
  })
})
