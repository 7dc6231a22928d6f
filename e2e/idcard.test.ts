import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import {
  AMHARIC_MEMBER,
  ARTIFACTS,
  createMember,
  NARROW,
  navigate,
  openPage,
  screenshot,
  signIn,
  useServerAndBrowser,
} from './support'

let memberId: number

/** A portrait JPEG: sky, shoulders and a head, so a wrong crop is easy to see. */
async function portraitJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600">
    <rect width="480" height="600" fill="#7fb3d5"/>
    <ellipse cx="240" cy="640" rx="210" ry="240" fill="#34495e"/>
    <circle cx="240" cy="250" r="110" fill="#a0522d"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** A square church logo: a gold disc with a white cross. */
async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
    <circle cx="64" cy="64" r="64" fill="#f2b705"/>
    <path d="M56 20h16v28h28v16H72v44H56V64H28V48h28z" fill="#ffffff"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

useServerAndBrowser(async () => {
  const member = await createMember({
    ...AMHARIC_MEMBER,
    latin_name: 'Abebe Kebede Tesema',
    sub_city: 'ቦሌ',
    woreda: '03',
    zip_code: '1000',
    current_ministries: JSON.stringify(['choir', 'youthMinistry']),
    emergency_contact_relationship: 'Sister',
    emergency_contact_phone: '+251 922 000 111',
    date_joined: '2015-09-11',
    photo: new File([new Uint8Array(await portraitJpeg())], 'portrait.jpg', { type: 'image/jpeg' }),
  })
  assert.ok(member.photo_path)
  memberId = member.id
})

async function openCard(page: Page) {
  await signIn(page)
  await navigate(page, `/member/idcard/${memberId}`)
  await page.getByRole('heading', { name: 'Church Member ID Card' }).waitFor()
  await page.getByRole('button', { name: 'Download SVG' }).waitFor()
  await page.getByTestId('idcard-back').locator('img').waitFor()
}

test('a new user downloads a correct card for an Amharic-named member and prints it', async () => {
  const { context, page } = await openPage({ language: 'en' })
  await openCard(page)

  await page.locator('input[type=file][accept="image/*"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  })
  await page.getByRole('button', { name: 'Remove logo' }).waitFor()
  await page.waitForFunction(() =>
    decodeURIComponent(
      document.querySelector<HTMLImageElement>('[data-testid=idcard-front] img')?.src ?? '',
    ).includes('data:image/png;base64,'),
  )
  await screenshot(page, 'idcard-en-1280')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ])
  assert.equal(download.suggestedFilename(), `member-id-card-${memberId}.svg`)
  await page.getByText('ID card SVG with front and back generated successfully.').waitFor()
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const saved = path.join(ARTIFACTS, download.suggestedFilename())
  await download.saveAs(saved)

  const svg = fs.readFileSync(saved, 'utf8')
  assert.ok(svg.length > 20_000 && svg.length < 3_000_000, `size ${svg.length}`)
  assert.match(svg, /^<svg [^>]*width="648" height="204"/)
  assert.match(svg, /xlink:href="data:image\/jpeg;base64,[A-Za-z0-9+/]{1000,}/, 'photo embedded')
  assert.match(svg, /xlink:href="data:image\/png;base64,/, 'logo embedded')
  assert.doesNotMatch(svg, /<script|<foreignObject|\son\w+=/i)
  // The Amharic name is drawn with Ethiopic glyph outlines (font 0) defined in the file itself.
  const name = /<g class="text" aria-label="አበበ ከበደ ተሰማ"[^>]*>(.*?)<\/g>/.exec(svg)
  assert.ok(name, 'the Amharic name is on the card')
  const refs = [...name[1].matchAll(/xlink:href="#(g0_\d+)"/g)].map((m) => m[1])
  assert.ok(refs.length >= 8, `Ethiopic glyphs used: ${refs.length}`)
  for (const ref of refs) assert.match(svg, new RegExp(`<path id="${ref}" d="M`))
  assert.match(svg, new RegExp(`CM-\\d{4}-${String(memberId).padStart(6, '0')}`))

  // librsvg ignores web fonts and this machine has no Ethiopic font: outlines must carry it.
  const png = await sharp(Buffer.from(svg), { density: 216 }).png().toBuffer()
  const meta = await sharp(png).metadata()
  assert.equal(meta.width, 1944)
  assert.equal(meta.height, 612)
  fs.writeFileSync(path.join(ARTIFACTS, 'idcard-download-render.png'), png)

  // Print: each side alone on one CR80 page (85.6 × 54 mm = 242.6 × 153.1 pt).
  await page.emulateMedia({ media: 'print' })
  await screenshot(page, 'idcard-print-media')
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  fs.writeFileSync(path.join(ARTIFACTS, 'idcard-print.pdf'), pdf)
  const text = pdf.toString('latin1')
  const pages = text.match(/\/Type\s*\/Page(?!s)/g) ?? []
  assert.equal(pages.length, 2, 'one page per side')
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text)
  assert.ok(box, 'a media box')
  assert.ok(
    Math.abs(Number(box[1]) - 242.6) < 1.5 && Math.abs(Number(box[2]) - 153.1) < 1.5,
    `page ${box[1]}×${box[2]}`,
  )
  await context.close()
})

test('the card screen in Amharic on a phone', async () => {
  const { context, page } = await openPage({ viewport: NARROW, language: 'am' })
  await signIn(page)
  await navigate(page, `/member/idcard/${memberId}`)
  await page.getByRole('heading', { name: 'የቤተ ክርስቲያን አባል መታወቂያ ካርድ' }).waitFor()
  await page.getByRole('button', { name: 'SVG ያውርዱ' }).waitFor()
  await page.getByTestId('idcard-back').locator('img').waitFor()
  await screenshot(page, 'idcard-am-375')
  await context.close()
})

test('an unknown member shows the load failure', async () => {
  const { context, page } = await openPage({ language: 'en' })
  await signIn(page)
  await navigate(page, '/member/idcard/999999')
  await page
    .getByText('Failed to load member data. Please check your connection and try again.')
    .waitFor()
  await context.close()
})
