// Axis labels of the home charts, wrapped into lines that fit beside their bars, so no label
// overlaps its neighbour or is cut at the card's edge, whatever the language or the width.

/** Approximate advance at 12 px: Ge'ez glyphs are about twice as wide as Latin letters. */
function charWidth(char: string): number {
  if (/[\u1200-\u139F\u2D80-\u2DDF]/.test(char)) return 12
  if (char === ' ') return 3.5
  if (/[A-Z0-9]/.test(char)) return 7.5
  return 6.5
}

export function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  return width
}

/** The label cut between words into lines no wider than `width` px (a longer word keeps a line). */
export function wrapLabel(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && textWidth(candidate) > width) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  return lines
}

/** The width of the label column: the longest word fits, and at most `max` px. */
export function labelColumnWidth(labels: readonly string[], max: number): number {
  const longestWord = Math.max(0, ...labels.flatMap((label) => label.split(/\s+/).map(textWidth)))
  const longestLabel = Math.max(0, ...labels.map(textWidth))
  return Math.ceil(Math.min(max, Math.max(longestWord, Math.min(longestLabel, max))) + 12)
}
