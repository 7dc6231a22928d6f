// The layout of the Ethiopic block that both romanisations read (transliterate.ts for display,
// nameSkeleton.ts for search): series of eight orders, a few of them labialised throughout.

/** The series whose letters (apart from the 8th) are all labialised: ቈ ኈ ኰ ዀ ጐ ቘ. */
export const LABIALISED_SERIES: ReadonlySet<number> = new Set([
  0x1248, 0x1258, 0x1288, 0x12b0, 0x12c0, 0x1310,
])

/** Vowel of each order (0–7) of a regular series, in Latin; the 6th order has none. */
export const ORDER_VOWELS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'] as const
