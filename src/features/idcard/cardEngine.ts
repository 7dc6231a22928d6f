// Loads what drawing the card needs, on demand: fontkit, the QR encoder and the Noto Sans
// Ethiopic files are large, so they come in their own chunk when the ID card screen asks, never
// with the login route.
import type { Font } from 'fontkit'
import ethiopicUrl from '@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-wght-normal.woff2'
import latinUrl from '@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-latin-wght-normal.woff2'
import latinExtUrl from '@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-latin-ext-wght-normal.woff2'
import type { CardFonts } from './glyphSheet'
import type { buildIdCardSide, buildIdCardSvg } from './idCardSvg'

export interface CardEngine {
  fonts: CardFonts
  buildIdCardSvg: typeof buildIdCardSvg
  buildIdCardSide: typeof buildIdCardSide
}

// Ethiopic first: the card's own labels are half Amharic; Latin covers the rest.
const FONT_URLS = [ethiopicUrl, latinUrl, latinExtUrl]

/**
 * The fonts are static files of the app itself (the same ones its stylesheet uses, so usually
 * cached), read as bytes: they are not server data and, being binary, stay out of the store, so
 * they are fetched here rather than through the RTK Query api.
 */
async function fontBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
}

let pending: Promise<CardEngine> | undefined

export function loadCardEngine(): Promise<CardEngine> {
  pending ??= Promise.all([
    import('fontkit'),
    import('./idCardSvg'),
    ...FONT_URLS.map(fontBytes),
  ] as const)
    .then(([fontkit, builder, ...files]) => ({
      // fontkit's browser build reads any Uint8Array; its types name Node's Buffer.
      fonts: files.map((bytes) => fontkit.create(bytes as unknown as Buffer) as Font),
      buildIdCardSvg: builder.buildIdCardSvg,
      buildIdCardSide: builder.buildIdCardSide,
    }))
    .catch((error: unknown) => {
      pending = undefined // let the next visit try again
      throw error
    })
  return pending
}
