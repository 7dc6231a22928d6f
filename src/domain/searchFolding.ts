// Folding of text for member search (spec 5.11: case-insensitive substring match). Amharic writes
// several sounds with more than one letter series (ሀ/ሐ/ኀ/ኸ, ሰ/ሠ, አ/ዐ, ጸ/ፀ), and people
// spell the same name either way, so search compares a folded form: both the stored text and the
// query are folded. The folding is for matching only; stored values keep their spelling.

const APOSTROPHES = /[’‘ʼ`´]/g

/** Each Ethiopic consonant occupies 8 code points: orders 1–7, then a labialised 8th. */
const SERIES_LENGTH = 8

/** First code point of each folded series → first code point of the series it folds into. */
const SERIES_FOLDS: readonly (readonly [number, number])[] = [
  [0x1210, 0x1200], // ሐ → ሀ
  [0x1280, 0x1200], // ኀ → ሀ
  [0x12b8, 0x1200], // ኸ → ሀ
  [0x1220, 0x1230], // ሠ → ሰ
  [0x12d0, 0x12a0], // ዐ → አ
  [0x1340, 0x1338], // ፀ → ጸ
]

/** Orders that sound alike within one series: 4th order "a" written for 1st order "ä". */
const SAME_SOUND: Readonly<Record<string, string>> = {
  ኣ: 'አ',
  ሃ: 'ሀ',
}

/**
 * Letters outside the 8-letter series that are written for one another: the labialised h
 * (ሗ, ኋ and ኸ's labialised ዃ all say "hwa"), ቐ (Tigrinya qh) for ቀ, ዉ for ው, ኢ for እ.
 */
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ሗ: 'ኋ',
  ዃ: 'ኋ',
  ዀ: 'ኈ',
  ዂ: 'ኊ',
  ዄ: 'ኌ',
  ዅ: 'ኍ',
  ቐ: 'ቀ',
  ቑ: 'ቁ',
  ቒ: 'ቂ',
  ቓ: 'ቃ',
  ቔ: 'ቄ',
  ቕ: 'ቅ',
  ቖ: 'ቆ',
  ቘ: 'ቈ',
  ቚ: 'ቊ',
  ቛ: 'ቋ',
  ቜ: 'ቌ',
  ቝ: 'ቍ',
  ዉ: 'ው',
  ኢ: 'እ',
}

const isAssigned = (char: string): boolean => /\p{Assigned}/u.test(char)

function buildLetterFolds(): ReadonlyMap<string, string> {
  const folds = new Map<string, string>()
  for (const [from, to] of SERIES_FOLDS) {
    for (let order = 0; order < SERIES_LENGTH; order += 1) {
      const source = String.fromCodePoint(from + order)
      const target = String.fromCodePoint(to + order)
      // Some series lack the 8th (labialised) letter: map only letters that exist on both sides.
      if (isAssigned(source) && isAssigned(target)) folds.set(source, SAME_SOUND[target] ?? target)
    }
  }
  for (const [source, target] of Object.entries(SAME_SOUND)) folds.set(source, target)
  for (const [source, target] of Object.entries(EXTRA_FOLDS)) folds.set(source, target)
  // One pass must reach the end of a chain (ዒ → ኢ → እ).
  for (const [source, target] of folds) {
    let end = target
    while (folds.has(end) && folds.get(end) !== end) end = folds.get(end)!
    folds.set(source, end)
  }
  return folds
}

const LETTER_FOLDS = buildLetterFolds()
const FOLDABLE = new RegExp(`[${[...LETTER_FOLDS.keys()].join('')}]`, 'gu')

/**
 * Lower-cases (locale-independent), treats ’ ‘ ʼ ` ´ as ', and folds the Amharic homophone
 * letters to one series (ሐ ኀ ኸ → ሀ, ሠ → ሰ, ዐ → አ, ፀ → ጸ, order by order; ኣ → አ, ሃ → ሀ;
 * ሗ ዃ → ኋ, ቐ → ቀ, ዉ → ው, ኢ → እ).
 * Search matches when foldForSearch(haystack).includes(foldForSearch(query.trim())).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(FOLDABLE, (letter) => LETTER_FOLDS.get(letter) ?? letter)
}

/** Case- and spelling-insensitive substring test using foldForSearch. */
export function matchesSearch(haystack: string, query: string): boolean {
  return foldForSearch(haystack).includes(foldForSearch(query.trim()))
}
