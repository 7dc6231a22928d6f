// A phonetic skeleton of names for search across scripts and spellings: "abebe", "Abebe" and
// "አበበ" share one, as do "ጫልቱ", "Caaltuu" and "Chaltu". Ge'ez syllables are romanised, then
// both sides go through the same Latin folds. Matching only: nothing shown is ever changed.
//
// The skeleton keeps consonants (one letter per sound: ts→s, q→k, ch→c, ph→p, sh→x, v→b, Oromo
// x→t), the rounded vowels u and o, and one vowel mark at the start of a word. The vowels a, e,
// i and Ge'ez's sixth order are dropped: Latin spellings of the same Ge'ez vowel vary between
// them (Kebede/Kabada, Tigist/Tegest, Tesfaye/Tesfaya/Tesfayie). Doubled Latin letters collapse
// (Toleraa ↔ Tolera, Gammachuu ↔ Gamachu: Ge'ez does not write gemination, so ንን stays two),
// accents go, word breaks go (ገብረ ሚካኤል ↔ ገብረሚካኤል).
import { LABIALISED_SERIES, ORDER_VOWELS, SERIES_CONSONANTS } from './geezOrders'

/** Vowel of each position of a labialised series (ቈ ቊ ቋ ቌ ቍ: wä, –, wi, wa, we, wə). */
const LABIALISED_VOWELS = ['we', '', 'wi', 'wa', 'we', 'w', '', ''] as const

/** Ge'ez abbreviations of compound-name heads: ገ/ሚካኤል is ገብረ ሚካኤል (ወ/ሮ is a title). */
const GEEZ_HEADS: readonly (readonly [RegExp, string])[] = [
  [/ገ\s*\/\s*/g, 'ገብረ'],
  [/ወ\s*\/\s*(?!ሮ|ሪት|ት(?![\u1200-\u137f]))/g, 'ወልደ'],
  [/ኃ\s*\/\s*/g, 'ኃይለ'],
  [/ሃ\s*\/\s*/g, 'ሃይለ'],
  [/ተ\s*\/\s*/g, 'ተክለ'],
  [/ኪ\s*\/\s*/g, 'ኪዳነ'],
  [/ሀ\s*\/\s*/g, 'ሀብተ'],
]
const LATIN_HEADS: readonly (readonly [RegExp, string])[] = [
  [/\bg\s*\/\s*/g, 'gebre'],
  [/\bw\s*\/\s*(?!ro\b|rt\b|t\b)/g, 'welde'],
  [/\bh\s*\/\s*/g, 'haile'],
  [/\bt\s*\/\s*/g, 'tekle'],
  [/\bk\s*\/\s*/g, 'kidane'],
]

function romaniseGeez(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x1200 || code > 0x1357) {
      out += char
      continue
    }
    const series = code & ~7
    const order = code - series
    const sound = SERIES_CONSONANTS[series]?.[1]
    if (sound === undefined) continue
    const vowel = LABIALISED_SERIES.has(series) ? LABIALISED_VOWELS[order] : ORDER_VOWELS[order]
    // A vowel carrier (አ, ዐ) written alone says its vowel; inside a word ኣ/አ between vowels too.
    out += sound === '' ? vowel || 'e' : `${sound}${vowel}`
  }
  return out
}

/** Latin spelling variants folded to one letter per sound (input: lower case, no accents). */
function foldLatin(text: string): string {
  return (
    text
      .replace(/['’‘ʼ`´]/g, '')
      .replace(/x/g, 't') // Oromo x is ጥ (t')
      .replace(/chae/g, 'kae') // Michael, Gebremichael: ሚካኤል
      .replace(/t[sz]/g, 's')
      .replace(/sh/g, 'x')
      .replace(/ch/g, 'c')
      .replace(/ph/g, 'p')
      .replace(/[kg]h/g, 'h')
      .replace(/dh/g, 'd')
      .replace(/zh/g, 'z')
      .replace(/(?<=[a-z])gn/g, 'n') // ኝ: Tegegn, Dagnachew
      .replace(/q/g, 'k')
      .replace(/v/g, 'b')
      .replace(/wo/g, 'we') // ወ: Wolde/Welde, Worku/Werku
      // "ai"/"ei" before a consonant or at the end is the glide y: Haile, Hailu (ኃይሌ, ኃይሉ);
      // so is "i" before "a": Mariam, Biniam (ማርያም, ቢንያም).
      .replace(/([aeo])i(?![aeiou])/g, '$1y')
      .replace(/ia/g, 'ya')
  )
}

/** The skeleton of one word: see the file comment. */
function wordSkeleton(word: string): string {
  const first = /^[aeiou]/.exec(word)?.[0]
  const mark = first === undefined ? '' : first === 'u' || first === 'o' ? first : 'a'
  const body = word
    .slice(first === undefined ? 0 : 1)
    .replace(/[aei]/g, '')
    .replace(/[^a-z]/g, '')
  return mark + body
}

/**
 * The phonetic skeleton of a name (or any text) in Ge'ez or Latin script, for matching across
 * scripts and spellings; '' when nothing of it is a letter.
 */
export function nameSkeleton(text: string): string {
  // Only a head abbreviation (ገ / ሚካኤል) spans a space; otherwise a text's skeleton is its words'
  // joined, and words recur far more than whole names do across members.
  return text.includes('/') ? memoSkeleton(text) : text.split(/\s+/).map(memoSkeleton).join('')
}

// Each skeleton is a chain of some twenty regular expressions: a small memo, emptied when full.
const SKELETON_MEMO_SIZE = 5000
const SKELETONS = new Map<string, string>()

function memoSkeleton(text: string): string {
  const known = SKELETONS.get(text)
  if (known !== undefined) return known
  const skeleton = computeSkeleton(text)
  if (SKELETONS.size >= SKELETON_MEMO_SIZE) SKELETONS.clear()
  SKELETONS.set(text, skeleton)
  return skeleton
}

function computeSkeleton(text: string): string {
  let spelled = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/([a-z])\1+/g, '$1')
  for (const [pattern, head] of GEEZ_HEADS) spelled = spelled.replace(pattern, head)
  for (const [pattern, head] of LATIN_HEADS) spelled = spelled.replace(pattern, head)
  return foldLatin(romaniseGeez(spelled))
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map(wordSkeleton)
    .join('')
}

/**
 * The national number of an Ethiopian phone number written any way (0911234567, 911234567,
 * +251 91 123 4567, 251911234567 → 911234567); undefined when the text is not a phone number.
 */
export function phoneKey(text: string): string | undefined {
  if (!/^[\d\s+().-]+$/.test(text.trim())) return undefined
  const digits = text.replace(/\D/g, '')
  const national = digits.replace(/^(?:00)?251/, '').replace(/^0/, '')
  return national.length >= 6 ? national : undefined
}

/** A query skeleton shorter than this would match too many names ("lm" is in Alemu and Selam). */
export const MIN_SKELETON_LENGTH = 3

/**
 * What a search query is looked up as, each a substring of the stored search text: the folded
 * query itself; its skeleton, so another script or spelling finds the name; and for a phone
 * number, its national number. Duplicates and empty keys are left out.
 */
export function searchKeys(query: string, fold: (text: string) => string): string[] {
  const trimmed = query.trim()
  const keys = [fold(trimmed)]
  const phone = phoneKey(trimmed)
  if (phone) keys.push(phone)
  else {
    const skeleton = nameSkeleton(trimmed)
    if (skeleton.length >= MIN_SKELETON_LENGTH) keys.push(skeleton)
  }
  return [...new Set(keys.filter(Boolean))]
}
