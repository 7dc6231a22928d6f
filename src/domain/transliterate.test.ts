import { bindCompoundNames, hasGeezLetters, transliterateGeez } from './transliterate'

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

describe('bindCompoundNames', () => {
  it('binds the two halves of compound names with a no-break space', () => {
    expect(bindCompoundNames('ገብረ ሚካኤል ወልደ ማርያም ተስፋዬ')).toBe('ገብረ\u00a0ሚካኤል ወልደ\u00a0ማርያም ተስፋዬ')
    expect(bindCompoundNames('Abebe Gebre Mikael Haile Selassie')).toBe(
      'Abebe Gebre\u00a0Mikael Haile\u00a0Selassie',
    )
  })

  it('leaves other names and a trailing head alone', () => {
    expect(bindCompoundNames('አበበ ከበደ ተስፋዬ')).toBe('አበበ ከበደ ተስፋዬ')
    expect(bindCompoundNames('Abebe Gebrehiwot')).toBe('Abebe Gebrehiwot')
    expect(bindCompoundNames('Abebe ገብረ')).toBe('Abebe ገብረ')
  })
})
