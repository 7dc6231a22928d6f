// The layout of the Ethiopic block that both romanisations read (transliterate.ts for display,
// nameSkeleton.ts for search): series of eight orders, a few of them labialised throughout.

/** The series whose letters (apart from the 8th) are all labialised: ቈ ኈ ኰ ዀ ጐ ቘ. */
export const LABIALISED_SERIES: ReadonlySet<number> = new Set([
  0x1248, 0x1258, 0x1288, 0x12b0, 0x12c0, 0x1310,
])

/** Vowel of each order (0–7) of a regular series, in Latin; the 6th order has none. */
export const ORDER_VOWELS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'] as const

/**
 * Each series by its first code point: its consonant in passport spelling (transliterate.ts),
 * then the one letter per sound that name matching keeps (nameSkeleton.ts: ts→s, q→k, ch→c,
 * sh→x, v→b, ny→n). '' for the vowel carriers አ and ዐ.
 */
export const SERIES_CONSONANTS: Readonly<
  Record<number, readonly [passport: string, sound: string]>
> = {
  0x1200: ['h', 'h'], // ሀ
  0x1208: ['l', 'l'], // ለ
  0x1210: ['h', 'h'], // ሐ
  0x1218: ['m', 'm'], // መ
  0x1220: ['s', 's'], // ሠ
  0x1228: ['r', 'r'], // ረ
  0x1230: ['s', 's'], // ሰ
  0x1238: ['sh', 'x'], // ሸ
  0x1240: ['q', 'k'], // ቀ
  0x1248: ['q', 'k'], // ቈ (labialised)
  0x1250: ['q', 'k'], // ቐ
  0x1258: ['q', 'k'], // ቘ (labialised)
  0x1260: ['b', 'b'], // በ
  0x1268: ['v', 'b'], // ቨ
  0x1270: ['t', 't'], // ተ
  0x1278: ['ch', 'c'], // ቸ
  0x1280: ['h', 'h'], // ኀ
  0x1288: ['h', 'h'], // ኈ (labialised)
  0x1290: ['n', 'n'], // ነ
  0x1298: ['ny', 'n'], // ኘ
  0x12a0: ['', ''], // አ
  0x12a8: ['k', 'k'], // ከ
  0x12b0: ['k', 'k'], // ኰ (labialised)
  0x12b8: ['h', 'h'], // ኸ
  0x12c0: ['h', 'h'], // ዀ (labialised)
  0x12c8: ['w', 'w'], // ወ
  0x12d0: ['', ''], // ዐ
  0x12d8: ['z', 'z'], // ዘ
  0x12e0: ['zh', 'z'], // ዠ
  0x12e8: ['y', 'y'], // የ
  0x12f0: ['d', 'd'], // ደ
  0x12f8: ['d', 'd'], // ዸ
  0x1300: ['j', 'j'], // ጀ
  0x1308: ['g', 'g'], // ገ
  0x1310: ['g', 'g'], // ጐ (labialised)
  0x1318: ['ng', 'g'], // ጘ
  0x1320: ['t', 't'], // ጠ
  0x1328: ['ch', 'c'], // ጨ
  0x1330: ['p', 'p'], // ጰ
  0x1338: ['ts', 's'], // ጸ
  0x1340: ['ts', 's'], // ፀ
  0x1348: ['f', 'f'], // ፈ
  0x1350: ['p', 'p'], // ፐ
}
