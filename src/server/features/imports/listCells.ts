// A list in one spreadsheet cell, as the export writes it and the import reads it: items between
// `,`, `;` or `፣`. An item that holds one of these (an allergy "Penicillin, severe", children
// typed "ሳምራዊት፣ ዮናስ" in one entry) is written in double quotes, a quote in it doubled, as CSV
// quotes a field, so that it comes back as the one item it is.
import { listSeparator } from '../../../domain'
import type { Language } from './fieldDictionary'

const SEPARATOR = /[,;፣]/

/** An item as a list cell writes it: quoted when it would otherwise read as several. */
function cellItem(item: string): string {
  return SEPARATOR.test(item) || item.startsWith('"') ? `"${item.replaceAll('"', '""')}"` : item
}

/** Items as one cell's text, joined as the language writes a list. */
export function listCellText(items: readonly string[], lang: Language): string {
  return items.map(cellItem).join(listSeparator(lang))
}

/**
 * A list cell's items, trimmed, empty ones dropped. An item in double quotes is one item,
 * separators and all; a quote that opens no such item (`5" tall`, `"Dawit, Sara`) is text.
 */
export function splitListCell(text: string): string[] {
  // Most cells hold no quote: a plain split, as fast as a register of 20,000 rows needs.
  if (!text.includes('"')) {
    return text
      .split(SEPARATOR)
      .map((item) => item.trim())
      .filter((item) => item !== '')
  }
  const items: string[] = []
  let at = 0
  while (at <= text.length) {
    let start = at
    while (start < text.length && /\s/.test(text[start])) start += 1
    const quoted = text[start] === '"' ? quotedItem(text, start) : undefined
    if (quoted) {
      items.push(quoted.item.trim())
      at = quoted.end + 1
      continue
    }
    let end = start
    while (end < text.length && !SEPARATOR.test(text[end])) end += 1
    items.push(text.slice(start, end).trim())
    at = end + 1
  }
  return items.filter((item) => item !== '')
}

/** The quoted item opening at `start`, and where its separator is; undefined if none closes. */
function quotedItem(text: string, start: number): { item: string; end: number } | undefined {
  let item = ''
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] !== '"') {
      item += text[i]
    } else if (text[i + 1] === '"') {
      item += '"'
      i += 1
    } else {
      let end = i + 1
      while (end < text.length && /\s/.test(text[end])) end += 1
      return end === text.length || SEPARATOR.test(text[end]) ? { item, end } : undefined
    }
  }
  return undefined
}
