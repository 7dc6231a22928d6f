// Card text as glyph outlines. SVG renderers other than browsers (librsvg, print tools) ignore
// @font-face, so an embedded font still shows boxes for Amharic on a machine without Ethiopic
// fonts; outlines from Noto Sans Ethiopic draw the same everywhere and give exact widths for
// wrapping. Each glyph used is defined once in <defs> (the document's own font subset) and every
// line of text is a group of <use> references carrying its words in aria-label.
import type { Font, Glyph } from 'fontkit'
import { escapeXml, num } from './svgMarkup'

/** Fonts in fallback order: a character is drawn with the first font that has it. */
export type CardFonts = readonly Font[]

export type Weight = 'regular' | 'bold'

export interface TextStyle {
  size: number
  fill: string
  weight?: Weight
  anchor?: 'start' | 'middle' | 'end'
  /** Extra space after each glyph, in px. */
  letterSpacing?: number
}

export interface GlyphSheet {
  /** Advance width in px of the text at this size. */
  measure(text: string, size: number, weight?: Weight, letterSpacing?: number): number
  /** One line of text with its baseline starting (or anchored) at x, y. */
  line(text: string, x: number, y: number, style: TextStyle): string
  /** The <path> definitions of every glyph the lines so far have used. */
  defs(): string
}

interface PlacedGlyph {
  font: number
  glyph: Glyph
  x: number
  y: number
}

// Synthetic bold: fontkit cannot instance the variable wght axis of a WOFF2 font, so bold text
// is the regular outline stroked in its own colour, as browsers do for a missing bold face.
const BOLD_STROKE = 34
const EMPTY_FONT_SCALE = 1000

export function createGlyphSheet(fonts: CardFonts): GlyphSheet {
  const used = new Map<string, string>()
  const upem = fonts[0]?.unitsPerEm ?? EMPTY_FONT_SCALE

  function fontFor(codePoint: number, current: number): number {
    if (current >= 0 && fonts[current].hasGlyphForCodePoint(codePoint)) return current
    const found = fonts.findIndex((font) => font.hasGlyphForCodePoint(codePoint))
    return found >= 0 ? found : Math.max(current, 0)
  }

  /** Lays the text out in runs of one font each, positions in font units of the first font. */
  function place(text: string, spacingUnits: number): { glyphs: PlacedGlyph[]; width: number } {
    const runs: { font: number; text: string }[] = []
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0
      const last = runs[runs.length - 1]
      const font = fontFor(codePoint, last ? last.font : -1)
      if (last && last.font === font) last.text += char
      else runs.push({ font, text: char })
    }
    const glyphs: PlacedGlyph[] = []
    let pen = 0
    for (const run of runs) {
      const font = fonts[run.font]
      if (!font) continue
      const scale = upem / font.unitsPerEm
      const laid = font.layout(run.text)
      laid.glyphs.forEach((glyph, i) => {
        const position = laid.positions[i]
        glyphs.push({
          font: run.font,
          glyph,
          x: pen + position.xOffset * scale,
          y: position.yOffset * scale,
        })
        pen += position.xAdvance * scale + spacingUnits
      })
    }
    return { glyphs, width: Math.max(0, pen - (glyphs.length ? spacingUnits : 0)) }
  }

  function define(font: number, glyph: Glyph): string | undefined {
    const id = `g${font}_${glyph.id}`
    if (used.has(id)) return used.get(id) ? id : undefined
    const d = pathData(glyph, upem / (fonts[font]?.unitsPerEm ?? upem))
    used.set(id, d)
    return d ? id : undefined
  }

  return {
    measure(text, size, weight = 'regular', letterSpacing = 0) {
      const scale = size / upem
      const { width } = place(text, letterSpacing / scale)
      // The stroke of synthetic bold widens the line by about one stroke width.
      return (width + (weight === 'bold' ? BOLD_STROKE : 0)) * scale
    },
    line(text, x, y, { size, fill, weight = 'regular', anchor = 'start', letterSpacing = 0 }) {
      const scale = size / upem
      const { glyphs, width } = place(text, letterSpacing / scale)
      const widthPx = width * scale
      const left = anchor === 'end' ? x - widthPx : anchor === 'middle' ? x - widthPx / 2 : x
      const uses = glyphs
        .map((g) => {
          const id = define(g.font, g.glyph)
          if (!id) return ''
          const xAttr = Math.round(g.x) ? ` x="${Math.round(g.x)}"` : ''
          const yAttr = Math.round(g.y) ? ` y="${Math.round(g.y)}"` : ''
          return `<use xlink:href="#${id}"${xAttr}${yAttr}/>`
        })
        .join('')
      const bold =
        weight === 'bold'
          ? ` stroke="${fill}" stroke-width="${BOLD_STROKE}" stroke-linejoin="round"`
          : ''
      return (
        `<g class="text" aria-label="${escapeXml(text)}" fill="${fill}"${bold}` +
        ` transform="translate(${num(left)} ${num(y)}) scale(${num(scale, 5)} ${num(-scale, 5)})">` +
        `${uses}</g>`
      )
    },
    defs() {
      return [...used]
        .filter(([, d]) => d)
        .map(([id, d]) => `<path id="${id}" d="${d}"/>`)
        .join('')
    },
  }
}

/** The glyph outline in font units (y up), rounded to whole units: a 1000-unit em is plenty. */
function pathData(glyph: Glyph, scale: number): string {
  const r = (v: number) => Math.round(v * scale)
  return glyph.path.commands
    .map(({ command, args }) => {
      const a = args.map(r).join(' ')
      switch (command) {
        case 'moveTo':
          return `M${a}`
        case 'lineTo':
          return `L${a}`
        case 'quadraticCurveTo':
          return `Q${a}`
        case 'bezierCurveTo':
          return `C${a}`
        default:
          return 'Z'
      }
    })
    .join('')
}
