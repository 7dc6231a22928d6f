// A readable Latin spelling of a Ge'ez name, as Ethiopian passports write them (አበበ ከበደ →
// Abebe Kebede). Only a suggestion that prefills the Latin-script name: the user corrects it,
// and search matches through nameSkeleton.ts, not through this spelling.
import { LABIALISED_SERIES, ORDER_VOWELS, SERIES_CONSONANTS } from './geezOrders'

const LABIALISED_VOWELS = ['we', '', 'wi', 'wa', 'we', 'u', '', ''] as const
/** The vowel carriers አ and ዐ: አ and ዐ themselves read "a" (አበበ → Abebe, ዓለም → Alem). */
const CARRIER_VOWELS = ['a', 'u', 'i', 'a', 'e', 'i', 'o', 'wa'] as const

const isGeez = (code: number) => code >= 0x1200 && code <= 0x1357

interface Syllable {
  consonant: string
  vowel: string
  sixth: boolean
}

function syllableOf(code: number): Syllable | undefined {
  const series = code & ~7
  const order = code - series
  const consonant = SERIES_CONSONANTS[series]?.[0]
  if (consonant === undefined) return undefined
  if (consonant === '') return { consonant, vowel: CARRIER_VOWELS[order], sixth: false }
  const vowels = LABIALISED_SERIES.has(series) ? LABIALISED_VOWELS : ORDER_VOWELS
  return { consonant, vowel: vowels[order], sixth: !LABIALISED_SERIES.has(series) && order === 5 }
}

/** One Ge'ez word in Latin letters, lower case. */
function transliterateWord(word: string): string {
  const syllables = [...word].map((char) => syllableOf(char.codePointAt(0)!))
  let out = ''
  syllables.forEach((syllable, index) => {
    if (!syllable) return
    // A sixth-order letter opening a word before another consonant says a short i (ግርማ →
    // Girma, ብርሃኑ → Birhanu); elsewhere it is silent (ተስፋዬ → Tesfaye, ካሳሁን → Kasahun).
    const next = syllables[index + 1]
    const vowel =
      syllable.sixth && index === 0 && next && next.consonant !== '' ? 'i' : syllable.vowel
    out += syllable.consonant + vowel
  })
  return out
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A passport-style Latin spelling of text in Ge'ez script: each Ge'ez word romanised and
 * capitalised, everything else kept (spaces, "/", Latin letters). '' for blank input.
 */
export function transliterateGeez(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\u1200-\u137f]+(\/?)/gu, (word: string, slash: string) => {
      const letters = [...word].filter((char) => isGeez(char.codePointAt(0)!))
      // An abbreviated compound head keeps only its consonant: ገ/ሚካኤል → G/Mikael.
      if (slash && letters.length === 1) {
        const head = syllableOf(letters[0].codePointAt(0)!)
        if (head?.consonant) return `${capitalise(head.consonant)}/`
      }
      return capitalise(transliterateWord(letters.join(''))) + slash
    })
}

/** True when the text holds any Ge'ez letter (a Latin spelling can be suggested for it). */
export function hasGeezLetters(text: string | null | undefined): boolean {
  return /[\u1200-\u1357]/u.test(text ?? '')
}

/** Heads of Ethiopian compound names, in Ge'ez and common Latin spellings (ገብረ ሚካኤል). */
const COMPOUND_HEADS =
  /(^|\s)(ገብረ|ወልደ|ኃይለ|ሀይለ|ሃይለ|ተክለ|ኪዳነ|ሀብተ|ወለተ|አመተ|ዘወልደ|gebre|gabre|wolde|welde|walda|haile|hayle|tekle|takla|kidane|habte|welete|wolete|amete)\s+(?=\S)/giu

/**
 * The name with each compound (ገብረ ሚካኤል, Wolde Mariam) bound by a no-break space, so that
 * line wrapping never separates its two halves; "ገ/ሚካኤል" has no space to break already.
 */
export function bindCompoundNames(name: string): string {
  return name.replace(COMPOUND_HEADS, '$1$2\u00a0')
}
