// Renders the app icons and the default avatar from inline SVG. Run once when the artwork
// changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import sharp from 'sharp'

const cross = (size, pad) => {
  const s = size - pad * 2
  const u = s / 40
  return `<g transform="translate(${pad},${pad})"><path fill="#fff" d="M${17 * u} ${4 * u}h${6 * u}v${10 * u}h${10 * u}v${6 * u}H${23 * u}v${16 * u}h-${6 * u}V${20 * u}H${7 * u}v-${6 * u}h${10 * u}z"/></g>`
}
const icon = (size, { maskable }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
  `<rect width="${size}" height="${size}" rx="${maskable ? 0 : size * 0.2}" fill="#1976d2"/>` +
  cross(size, maskable ? size * 0.22 : size * 0.12) +
  `</svg>`

const avatar = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="#e3e8ef"/>
<circle cx="128" cy="100" r="48" fill="#9aa7b8"/>
<path d="M40 236c8-52 44-80 88-80s80 28 88 80z" fill="#9aa7b8"/></svg>`

await sharp(Buffer.from(icon(192, { maskable: false })))
  .png()
  .toFile('public/icons/icon-192.png')
await sharp(Buffer.from(icon(512, { maskable: false })))
  .png()
  .toFile('public/icons/icon-512.png')
await sharp(Buffer.from(icon(512, { maskable: true })))
  .png()
  .toFile('public/icons/maskable-512.png')
await sharp(Buffer.from(avatar)).png({ compressionLevel: 9 }).toFile('public/default-avatar.png')
