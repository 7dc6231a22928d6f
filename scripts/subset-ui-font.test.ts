import fs from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import {
  ETHIOPIC_RANGES,
  FONT_DIR,
  interfaceCodePoints,
  isEthiopic,
  SUBSET_FILE,
  unicodeRange,
} from './subset-ui-font'

/** "U+1200-1202,U+1205" → [0x1200, 0x1201, 0x1202, 0x1205] */
function parseRange(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [lo, hi = lo] = part.replace('U+', '').split('-')
    const start = parseInt(lo, 16)
    const end = parseInt(hi, 16)
    return Array.from({ length: end - start + 1 }, (_, i) => start + i)
  })
}

const css = fs.readFileSync(path.join(FONT_DIR, 'fonts.css'), 'utf8')
const faces = [...css.matchAll(/src: url\(([^)]+)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(
  ([, url, range]) => ({ url, points: parseRange(range) }),
)
const uiFace = faces.find((f) => f.url === `./${SUBSET_FILE}`)!
const fullFace = faces.find((f) => f.url.endsWith('noto-sans-ethiopic-ethiopic-wght-normal.woff2'))!

describe('the interface font subset (npm run font:subset)', () => {
  it('covers every Ge\u2019ez letter of locales/am.json and the client code', () => {
    const missing = interfaceCodePoints().filter((cp) => !uiFace.points.includes(cp))
    // When this fails: run `npm run font:subset` and commit src/app/fonts.
    expect(missing.map((cp) => String.fromCodePoint(cp)).join('')).toBe('')
  })

  it('holds a glyph for every letter its unicode-range claims, with the weight axis kept', () => {
    const font = fontkit.create(fs.readFileSync(path.join(FONT_DIR, SUBSET_FILE))) as fontkit.Font
    const inFont = new Set(font.characterSet)
    expect(uiFace.points.filter((cp) => !inFont.has(cp))).toEqual([])
    expect(font.variationAxes.wght).toMatchObject({ min: 100, max: 900 })
  })

  it('sends every other Ethiopic letter to the full face, and no letter to both', () => {
    const all = ETHIOPIC_RANGES.flatMap(([lo, hi]) =>
      Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
    )
    const covered = new Set([...uiFace.points, ...fullFace.points])
    expect(all.filter((cp) => !covered.has(cp))).toEqual([])
    expect(uiFace.points.filter((cp) => fullFace.points.includes(cp))).toEqual([])
    expect(fs.existsSync(path.resolve(FONT_DIR, fullFace.url))).toBe(true)
  })

  it('writes ranges compactly and recognises Ethiopic letters', () => {
    expect(unicodeRange([0x1200, 0x1201, 0x1202, 0x1205])).toBe('U+1200-1202,U+1205')
    expect(isEthiopic('ሀ'.codePointAt(0)!)).toBe(true)
    expect(isEthiopic('A'.codePointAt(0)!)).toBe(false)
  })
})
