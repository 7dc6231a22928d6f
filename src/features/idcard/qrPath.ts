import { create } from 'qrcode'

/**
 * The QR code of a text as one SVG path of unit squares (module coordinates, quiet zone not
 * included) and its size in modules. Medium error correction survives a scuffed card.
 */
export function qrPath(text: string): { d: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      // One horizontal run per path segment keeps the file small and the edges seamless.
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`)
    }
  }
  return { d: parts.join(''), size: modules.size }
}
