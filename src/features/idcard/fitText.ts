// Fitting member text into a box of the card: wrap at spaces, shrink, and as a last resort cut
// with an ellipsis, so a long name or ministry list never runs off the card.
import type { Weight } from './glyphSheet'

export type Measure = (text: string, size: number, weight?: Weight) => number

export interface FitOptions {
  maxWidth: number
  maxLines: number
  /** Font sizes to try, largest first. */
  sizes: readonly number[]
  weight?: Weight
}

export interface FittedText {
  size: number
  lines: string[]
  /** True when even the smallest size could not hold it all and the end was cut. */
  cut: boolean
}

const ELLIPSIS = '…'

/** Graphemes, so a cut never splits a letter from its combining mark. */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    )
  }
  return Array.from(text)
}

/** Greedy word wrap; a word wider than the box is broken between letters. */
export function wrapText(
  measure: Measure,
  text: string,
  maxWidth: number,
  size: number,
  weight?: Weight,
): string[] {
  const fits = (line: string) => measure(line, size, weight) <= maxWidth
  const lines: string[] = []
  let current = ''
  // Breaks at ordinary spaces only: a no-break space binds a compound name (ገብረ ሚካኤል).
  for (const word of text
    .trim()
    .split(/[ \t\r\n]+/)
    .filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (fits(candidate)) {
      current = candidate
      continue
    }
    if (current) lines.push(current)
    current = ''
    if (fits(word)) {
      current = word
      continue
    }
    for (const letter of graphemes(word)) {
      if (current && !fits(current + letter)) {
        lines.push(current)
        current = ''
      }
      current += letter
    }
  }
  if (current) lines.push(current)
  return lines
}

/** The largest size at which the text wraps into maxLines; else the smallest size, cut. */
export function fitText(measure: Measure, text: string, options: FitOptions): FittedText {
  const { maxWidth, maxLines, sizes, weight } = options
  for (const size of sizes) {
    const lines = wrapText(measure, text, maxWidth, size, weight)
    if (lines.length <= maxLines) return { size, lines, cut: false }
  }
  const size = sizes[sizes.length - 1]
  const lines = wrapText(measure, text, maxWidth, size, weight).slice(0, maxLines)
  let last = lines[maxLines - 1]
  while (last && measure(last + ELLIPSIS, size, weight) > maxWidth) {
    last = graphemes(last).slice(0, -1).join('').trimEnd()
  }
  lines[maxLines - 1] = `${last ?? ''}${ELLIPSIS}`
  return { size, lines, cut: true }
}

/**
 * Text that must never be cut (the name as on the passport): each step's lines and sizes are
 * tried in turn; past the last step it wraps at the smallest size into as many lines as needed.
 */
export function fitWhole(
  measure: Measure,
  text: string,
  maxWidth: number,
  steps: readonly { maxLines: number; sizes: readonly number[] }[],
  weight?: Weight,
): FittedText {
  for (const { maxLines, sizes } of steps) {
    const fitted = fitText(measure, text, { maxWidth, maxLines, sizes, weight })
    if (!fitted.cut) return fitted
  }
  const smallest = steps[steps.length - 1].sizes.at(-1)!
  return { size: smallest, lines: wrapText(measure, text, maxWidth, smallest, weight), cut: false }
}
