// Test-only: the card fonts read from node_modules, as the browser gets them from the bundle.
import fs from 'node:fs'
import path from 'node:path'
import { create, type Font } from 'fontkit'
import type { CardFonts } from './glyphSheet'

const FILES = path.resolve(
  __dirname,
  '../../../node_modules/@fontsource-variable/noto-sans-ethiopic/files',
)
export const CARD_FONT_FILES = ['ethiopic', 'latin', 'latin-ext'].map((subset) =>
  path.join(FILES, `noto-sans-ethiopic-${subset}-wght-normal.woff2`),
)

let cached: CardFonts | undefined

export function testCardFonts(): CardFonts {
  cached ??= CARD_FONT_FILES.map((file) => create(fs.readFileSync(file)) as Font)
  return cached
}
