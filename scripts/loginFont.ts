// The drawn sign-in page's own letters, inline (decision 0376): the two font files every screen
// paints with are 91 KB, and on a slow link the page's first paint waited for them. The letters
// the drawn page shows are cut out of the same variable font and written into login.html.
import fs from 'node:fs'
import path from 'node:path'
import subsetFont from 'subset-font'
import { isEthiopic, PACKAGE_FONTS, unicodeRange } from './subset-ui-font'

/** The Latin face's unicode-range (fontsource's latin subset); the rest is another file. */
const inLatinFace = (cp: number) =>
  cp <= 0xff || (cp >= 0x2000 && cp <= 0x206f) || cp === 0x20ac || cp === 0x2122

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', nbsp: '\u00a0' }

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_all, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_all, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(quot|amp|lt|gt|nbsp);/g, (_all, name: string) => ENTITIES[name])

/** The strings CSS draws (`content: '*'`, `content: "\a0"`), with their escapes read. */
const cssContent = (css: string) =>
  [...css.matchAll(/content:\s*(["'])(.{0,8}?)\1/g)]
    .map((m) =>
      m[2].replace(/\\([0-9a-f]{1,6})\s?/gi, (_all, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16)),
      ),
    )
    .join('')

/**
 * Every letter the page can paint before the app starts: its markup's text, the attributes a
 * browser draws, and the strings of its CSS (what a clerk types comes from the app's faces).
 */
export function paintedCodePoints(markup: string, css: string): number[] {
  const attributes = [...markup.matchAll(/\s(?:placeholder|value|alt)="([^"]*)"/g)].map((m) => m[1])
  const text = markup.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, ' ')
  const points = new Set<number>()
  for (const char of decode([text, ...attributes].join(' ')) + cssContent(css)) {
    points.add(char.codePointAt(0)!)
  }
  return [...points].filter((cp) => cp >= 0x20).sort((a, b) => a - b)
}

async function face(file: string, points: number[]) {
  const font = await subsetFont(
    fs.readFileSync(path.join(PACKAGE_FONTS, file)),
    String.fromCodePoint(...points),
    { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 600 } } },
  )
  // Declared after the app's faces, so these win for their letters (CSS Fonts, unicode-range);
  // swap like the app's faces: measured no slower than block (decision 0376), never invisible.
  return `@font-face{font-family:'Noto Sans Ethiopic Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(data:font/woff2;base64,${font.toString('base64')}) format('woff2-variations');unicode-range:${unicodeRange(points)}}`
}

/** The <style> with the drawn page's letters, Ge'ez and Latin, as data URLs. */
export async function inlineFontStyle(markup: string, css: string): Promise<string> {
  const points = paintedCodePoints(markup, css)
  const faces = await Promise.all([
    face('noto-sans-ethiopic-ethiopic-wght-normal.woff2', points.filter(isEthiopic)),
    face('noto-sans-ethiopic-latin-wght-normal.woff2', points.filter(inLatinFace)),
  ])
  return `<style id="login-page-font">${faces.join('')}</style>`
}
