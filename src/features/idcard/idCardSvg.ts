// The member ID card as SVG text (spec 2.9, 9.8): a pure function of the member, the images
// and the date, so the preview, the print pages and the download are the same drawing.
import type { Member } from '../../domain'
import {
  type CardFields,
  type CardLabels,
  cardFields,
  cardLabels,
  type CardPartner,
  type FormatDate,
} from './cardContent'
import { fitText, fitWhole, type Measure } from './fitText'
import { type CardFonts, createGlyphSheet, type GlyphSheet } from './glyphSheet'
import { qrPath } from './qrPath'
import { escapeXml, num, safeImageDataUrl } from './svgMarkup'

export const CARD_WIDTH = 324
export const CARD_HEIGHT = 204

export interface IdCardInput {
  member: Member
  /** Noto Sans Ethiopic faces in fallback order (see loadCardFonts). */
  fonts: CardFonts
  logoDataUrl?: string | null
  photoDataUrl?: string | null
  today?: Date
  /** Dates in the user's calendar; yyyy-mm-dd as received when not given. */
  formatDate?: FormatDate
  /** The language beside Amharic: English unless an Oromo reader prints it (issue 42). */
  partner?: CardPartner
  /** The church's name from its profile, in the partner language and Amharic ('' for none). */
  churchName?: { partner: string; am: string }
}

export type CardSide = 'front' | 'back'

/** The Latin name's sizes: one line at 10–8 pt, then two at 8.5–7, then three at 7–6. */
export const LATIN_NAME_STEPS = [
  { maxLines: 1, sizes: [10, 9, 8] },
  { maxLines: 2, sizes: [8.5, 8, 7.5, 7] },
  { maxLines: 3, sizes: [7, 6.5, 6] },
] as const

const PRIMARY = '#1976d2'
const PRIMARY_DARK = '#0d47a1'
const ACCENT = '#dc004e'
const INK = '#102a43'
const MUTED = '#5b6b7f'
const PAD = 14
const BAR_TOP = 178
const LABEL_SIZE = 6.3
const VALUE_SIZES = [9, 8.5, 8, 7.5, 7] as const
/** No-break spaces (cardContent.ts binds compound names with them) are drawn as spaces. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ')
const spacedMeasure =
  (sheet: GlyphSheet): Measure =>
  (text, size, weight) =>
    sheet.measure(spaced(text), size, weight)

/** Both sides side by side, 648×204: the file the user downloads. */
export function buildIdCardSvg(input: IdCardInput): string {
  return cardDocument(input, ['front', 'back'])
}

/** One side alone, 324×204: the previews and the printed pages. */
export function buildIdCardSide(input: IdCardInput, side: CardSide): string {
  return cardDocument(input, [side])
}

function cardDocument(input: IdCardInput, sides: CardSide[]): string {
  const today = input.today ?? new Date()
  const partner = input.partner ?? 'en'
  const labels = cardLabels(partner)
  const fields = cardFields(input.member, today, input.formatDate ?? ((iso) => iso ?? ''), partner)
  const sheet = createGlyphSheet(input.fonts)
  const church = churchLine(sheet, input.churchName)
  const logo = safeImageDataUrl(input.logoDataUrl)
  const photo = safeImageDataUrl(input.photoDataUrl)
  const body = sides
    .map((side, i) => {
      const content =
        side === 'front'
          ? front(sheet, labels, fields, Boolean(logo), photo, church)
          : back(sheet, labels, fields, Boolean(logo))
      return `<g id="${side}" transform="translate(${i * CARD_WIDTH} 0)">${content}</g>`
    })
    .join('')
  const width = CARD_WIDTH * sides.length
  const logoDef = logo
    ? `<image id="logo" width="28" height="28" preserveAspectRatio="xMidYMid slice" xlink:href="${escapeXml(logo)}"/>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"` +
    ` width="${width}" height="${CARD_HEIGHT}" viewBox="0 0 ${width} ${CARD_HEIGHT}">` +
    `<title>${escapeXml(`${labels.title} · ${spaced(fields.name)} · ${fields.idNumber}`)}</title>` +
    `<defs>${sharedDefs()}${logoDef}${sheet.defs()}</defs>${body}</svg>`
  )
}

function sharedDefs(): string {
  return (
    `<linearGradient id="band" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${PRIMARY}"/><stop offset="1" stop-color="#1565c0"/></linearGradient>` +
    `<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eaf2fb"/></linearGradient>` +
    `<clipPath id="card"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="12"/></clipPath>` +
    `<clipPath id="photo-clip"><rect x="${PAD + 3}" y="61" width="74" height="90" rx="4"/></clipPath>` +
    `<clipPath id="logo-clip"><circle cx="14" cy="14" r="14"/></clipPath>`
  )
}

/** The church's name on one line of the front's band: both names, or the first that fits. */
function churchLine(
  sheet: GlyphSheet,
  name: IdCardInput['churchName'],
): { text: string; size: number } | null {
  const names = [name?.partner.trim() ?? '', name?.am.trim() ?? ''].filter(Boolean)
  if (names.length === 0) return null
  const both = names.length === 2 && names[0] !== names[1] ? `${names[0]} · ${names[1]}` : null
  const fit = (text: string) =>
    fitText(sheet.measure, text, {
      maxWidth: CHURCH_LINE_WIDTH,
      maxLines: 1,
      sizes: [10, 9.5, 9, 8.5, 8, 7.5],
      weight: 'bold',
    })
  const whole = both ? fit(both) : null
  const line = whole && !whole.cut ? whole : fit(names[0])
  return { text: line.lines[0], size: line.size }
}

/** From the title's start to the band's right padding. */
const CHURCH_LINE_WIDTH = CARD_WIDTH - 54 - PAD

/** Card shape, paper, header band with the accent stripe, and the ID bar. */
function frame(
  sheet: GlyphSheet,
  labels: CardLabels,
  fields: CardFields,
  bandHeight: number,
): string {
  return (
    `<g clip-path="url(#card)">` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#paper)"/>` +
    `<rect width="${CARD_WIDTH}" height="${bandHeight}" fill="url(#band)"/>` +
    `<rect y="${bandHeight}" width="${CARD_WIDTH}" height="2.5" fill="${ACCENT}"/>` +
    `<rect y="${BAR_TOP}" width="${CARD_WIDTH}" height="${CARD_HEIGHT - BAR_TOP}" fill="${PRIMARY_DARK}"/>` +
    `</g>` +
    `<rect x="0.4" y="0.4" width="${CARD_WIDTH - 0.8}" height="${CARD_HEIGHT - 0.8}" rx="11.6"` +
    ` fill="none" stroke="#c9d3e0" stroke-width="0.8"/>` +
    sheet.line(labels.idNumber, PAD, 194.5, { size: 7, fill: '#bbdefb' }) +
    sheet.line(fields.idNumber, CARD_WIDTH - PAD, 195.5, {
      size: 11,
      fill: '#ffffff',
      weight: 'bold',
      anchor: 'end',
      letterSpacing: 0.8,
    })
  )
}

/** The church logo in a white disc, or a cross when no logo was uploaded. */
function emblem(cx: number, cy: number, hasLogo: boolean): string {
  const disc = `<circle cx="${cx}" cy="${cy}" r="16" fill="#ffffff"/>`
  if (hasLogo) {
    return (
      disc +
      `<g transform="translate(${cx - 14} ${cy - 14})"><g clip-path="url(#logo-clip)">` +
      `<use xlink:href="#logo"/></g></g>`
    )
  }
  return disc + `<path d="M${cx - 2} ${cy - 10}h4v6h6v4h-6v10h-4v-10h-6v-4h6z" fill="${PRIMARY}"/>`
}

/** A bilingual label and its value wrapped into at most maxLines; returns markup and bottom. */
function field(
  sheet: GlyphSheet,
  label: string,
  value: string,
  x: number,
  top: number,
  width: number,
  maxLines: number,
): { markup: string; bottom: number } {
  const labelLine = fitText(sheet.measure, label, {
    maxWidth: width,
    maxLines: 1,
    sizes: [LABEL_SIZE, 5.5],
  })
  const fitted = fitText(spacedMeasure(sheet), value, {
    maxWidth: width,
    maxLines: Math.max(1, maxLines),
    sizes: VALUE_SIZES,
  })
  let markup = sheet.line(labelLine.lines[0], x, top + 6, {
    size: labelLine.size,
    fill: MUTED,
  })
  let y = top + 6
  for (const line of fitted.lines) {
    y += fitted.size * 1.22
    markup += sheet.line(spaced(line), x, y, { size: fitted.size, fill: INK })
  }
  return { markup, bottom: y + 4 }
}

/** How many value lines still fit above the ID bar below `top`. */
function linesLeft(top: number, limit = BAR_TOP - 3): number {
  return Math.floor((limit - (top + 6)) / (VALUE_SIZES[0] * 1.22))
}

/** The title on one line of the band's width, shrinking from `size` for a long one. */
function titleLine(sheet: GlyphSheet, text: string, sizes: readonly number[], bold: boolean) {
  const fitted = fitText(sheet.measure, text, {
    maxWidth: CHURCH_LINE_WIDTH,
    maxLines: 1,
    sizes,
    weight: bold ? 'bold' : 'regular',
  })
  return { text: fitted.lines[0], size: fitted.size }
}

function front(
  sheet: GlyphSheet,
  labels: CardLabels,
  fields: CardFields,
  hasLogo: boolean,
  photo: string | undefined,
  church: { text: string; size: number } | null,
): string {
  let out = frame(sheet, labels, fields, 46)
  // A faint cross behind the details marks the card as the church's without adding noise.
  out += `<path d="M268 64h16v26h26v16h-26v52h-16v-52h-26v-16h26z" fill="${PRIMARY}" opacity="0.05"/>`
  out += emblem(PAD + 16, 23, hasLogo)
  if (church) {
    // Three lines in the band: the church's name above the title and its Amharic subtitle.
    const title = titleLine(sheet, labels.title, [10, 9.5, 9, 8.5], true)
    out += sheet.line(church.text, 54, 15, { size: church.size, fill: '#ffffff', weight: 'bold' })
    out += sheet.line(title.text, 54, 28.5, { size: title.size, fill: '#e3f2fd', weight: 'bold' })
    out += sheet.line(labels.titleAm, 54, 40.5, { size: 7.5, fill: '#e3f2fd' })
  } else {
    const title = titleLine(sheet, labels.title, [12.5, 12, 11.5, 11, 10.5, 10], true)
    out += sheet.line(title.text, 54, 21, { size: title.size, fill: '#ffffff', weight: 'bold' })
    out += sheet.line(labels.titleAm, 54, 36, { size: 9, fill: '#e3f2fd' })
  }

  out += `<rect x="${PAD}" y="58" width="80" height="96" rx="6" fill="#ffffff" stroke="${PRIMARY}" stroke-width="1.5"/>`
  out += photo
    ? `<image x="${PAD + 3}" y="61" width="74" height="90" preserveAspectRatio="xMidYMid slice"` +
      ` clip-path="url(#photo-clip)" xlink:href="${escapeXml(photo)}"/>`
    : defaultAvatar(PAD + 3, 61, 74, 90)

  const x = 106
  const width = CARD_WIDTH - x - PAD
  const measure = spacedMeasure(sheet)
  // Two lines at a readable size first; a very long name may take a third, smaller line.
  const twoLines = fitText(measure, fields.name, {
    maxWidth: width,
    maxLines: 2,
    sizes: [15, 14, 13, 12, 11],
    weight: 'bold',
  })
  const name = twoLines.cut
    ? fitText(measure, fields.name, {
        maxWidth: width,
        maxLines: 3,
        sizes: [11, 10, 9],
        weight: 'bold',
      })
    : twoLines
  let y = 56
  for (const line of name.lines) {
    y += name.size * 1.18
    out += sheet.line(spaced(line), x, y, { size: name.size, fill: INK, weight: 'bold' })
  }
  if (fields.latinName) {
    // The name as on the passport (issue 26): never cut. One line, shrinking; then two or
    // three smaller lines, wrapped between compounds.
    const latin = fitWhole(measure, fields.latinName, width, LATIN_NAME_STEPS)
    for (const line of latin.lines) {
      y += latin.size * 1.25
      out += sheet.line(spaced(line), x, y, { size: latin.size, fill: MUTED })
    }
  }
  y += 5
  out += `<rect x="${x}" y="${num(y)}" width="28" height="2" rx="1" fill="${ACCENT}"/>`
  y += 4

  const half = (width - 8) / 2
  const gender = field(sheet, labels.gender, fields.gender, x, y, half, 1)
  const birth = field(sheet, labels.dateOfBirth, fields.dateOfBirth, x + half + 8, y, half, 1)
  out += gender.markup + birth.markup
  const phone = field(
    sheet,
    labels.phone,
    fields.phone,
    x,
    Math.max(gender.bottom, birth.bottom),
    width,
    1,
  )
  out += phone.markup
  const ministries = field(
    sheet,
    labels.ministries,
    fields.ministries,
    x,
    phone.bottom,
    width,
    Math.min(2, linesLeft(phone.bottom)),
  )
  return out + ministries.markup
}

function back(sheet: GlyphSheet, labels: CardLabels, fields: CardFields, hasLogo: boolean): string {
  let out = frame(sheet, labels, fields, 40)
  out += sheet.line(labels.details, PAD, 19, { size: 12.5, fill: '#ffffff', weight: 'bold' })
  out += sheet.line(labels.detailsAm, PAD, 33, { size: 9, fill: '#e3f2fd' })
  out += emblem(CARD_WIDTH - PAD - 16, 20, hasLogo)

  const qrBox = 70
  const qrX = CARD_WIDTH - PAD - qrBox
  const qrY = 52
  const width = qrX - PAD - 12
  let y = 48
  const rows: [string, string, number][] = [
    [labels.address, fields.address, 2],
    [labels.nationality, fields.nationality, 1],
    [labels.emergency, fields.emergencyContact, 2],
    [labels.joined, fields.joined, 1],
  ]
  for (const [label, value, lines] of rows) {
    const placed = field(sheet, label, value, PAD, y, width, Math.min(lines, linesLeft(y, 166)))
    out += placed.markup
    y = placed.bottom
  }

  const qr = qrPath(fields.idNumber)
  const quiet = 4
  const scale = qrBox / (qr.size + quiet * 2)
  out +=
    `<rect x="${qrX}" y="${qrY}" width="${qrBox}" height="${qrBox}" rx="4" fill="#ffffff" stroke="#c9d3e0" stroke-width="0.6"/>` +
    `<path d="${qr.d}" fill="${INK}" transform="translate(${num(qrX + quiet * scale)} ${num(qrY + quiet * scale)}) scale(${num(scale, 4)})"/>`
  const issuedX = qrX + qrBox / 2
  out += sheet.line(labels.issued, issuedX, qrY + qrBox + 10, {
    size: 5.8,
    fill: MUTED,
    anchor: 'middle',
  })
  out += sheet.line(fields.issued, issuedX, qrY + qrBox + 19, {
    size: 7.5,
    fill: INK,
    anchor: 'middle',
  })

  const note = fitText(sheet.measure, labels.returnNote, {
    maxWidth: CARD_WIDTH - 2 * PAD,
    maxLines: 1,
    sizes: [6, 5.5, 5],
  })
  out += sheet.line(note.lines[0], CARD_WIDTH / 2, 172, {
    size: note.size,
    fill: MUTED,
    anchor: 'middle',
  })
  return out
}

/** The same figure as /default-avatar.png (spec 8.5), drawn so the file needs no extra image. */
function defaultAvatar(x: number, y: number, width: number, height: number): string {
  const cx = x + width / 2
  return (
    `<g clip-path="url(#photo-clip)"><rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#e2e8f0"/>` +
    `<circle cx="${cx}" cy="${y + height * 0.4}" r="${width * 0.2}" fill="#94a3b8"/>` +
    `<ellipse cx="${cx}" cy="${y + height * 1.02}" rx="${width * 0.36}" ry="${height * 0.36}" fill="#94a3b8"/></g>`
  )
}
