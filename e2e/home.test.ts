import assert from 'node:assert/strict'
import { test } from 'node:test'
import sharp from 'sharp'
import {
  apiToken,
  browser,
  createMember,
  LOOKS,
  newContext,
  screenshot,
  server,
  signInToHome,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

const STATUSES = ['member', 'member', 'member', 'visitor', 'visitor', 'regularAttendee']

/** Today's month and day, some years back: a birthday this week. */
function birthdayToday(yearsAgo: number) {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear() - yearsAgo}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The church profile's logo (decision 0225), saved on the server as a PNG. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" ' +
  'fill="#7b1fa2"/><path d="M29 10h6v14h12v6H35v24h-6V30H17v-6h12z" fill="#ffd54f"/></svg>'

/** The church profile's names, printed over the report in the reader's language. */
const CHURCH_NAMES = { name_am: 'ደብረ ሰላም መድኃኔዓለም', name_en: 'Debre Selam Medhane Alem' }

useServerAndBrowser(async () => {
  const token = await apiToken(server.url)
  const png = await sharp(Buffer.from(LOGO_SVG)).png().toBuffer()
  const saved = await fetch(`${server.url}/api/church`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...CHURCH_NAMES,
      logo: `data:image/png;base64,${png.toString('base64')}`,
    }),
  })
  assert.equal(saved.status, 200, await saved.text())
  for (const [i, status] of STATUSES.entries()) {
    await createMember(
      {
        first_name: `Homeseed${i}`,
        middle_name: 'Kebede',
        last_name: 'Girma',
        street_address: 'Bole Road 12',
        city: 'Addis Ababa',
        state: 'Addis Ababa',
        marital_status: 'single',
        highest_education: 'degree',
        preferred_contact_method: 'call',
        gender: i % 2 ? 'female' : 'male',
        date_of_birth: i === 0 ? birthdayToday(30) : `19${70 + i}-03-1${i}`,
        membership_status: status,
        phone_primary: `+251 911 000 20${i}`,
        current_ministries: JSON.stringify(i % 2 ? ['choir'] : ['youthMinistry']),
      },
      token,
    )
  }
})

test('Home shows the charts in Amharic with Ethiopian months; a status bar filters the list', async () => {
  const context = await newContext(browser, { viewport: WIDE, language: 'am' })
  await context.addInitScript(() => localStorage.setItem('calendar', 'ethiopian'))
  const page = await context.newPage()
  await signInToHome(page)
  await page.getByRole('heading', { level: 1, name: t('am', 'homeTitle') }).waitFor()
  // The registrations chart's table names this Ethiopian month in Ge'ez script.
  const months = page.getByRole('table', { name: t('am', 'homeRegistrations') })
  await months.waitFor({ state: 'attached' })
  const monthNames = await months.locator('tbody th').allTextContents()
  assert.equal(monthNames.length, 12)
  // Each month carries its era mark (issue 42), so an Ethiopian year is never read as Gregorian.
  const ethiopic = /^(መስከረም|ጥቅምት|ኅዳር|ታኅሣሥ|ጥር|የካቲት|መጋቢት|ሚያዝያ|ግንቦት|ሰኔ|ሐምሌ|ነሐሴ|ጳጉሜ(ን)?) \d{4} ዓ\.ም\.$/
  for (const name of monthNames) assert.match(name, ethiopic)
  assert.ok(
    Number(monthNames.at(-1)!.split(' ')[1]) === new Date().getFullYear() - 8 ||
      Number(monthNames.at(-1)!.split(' ')[1]) === new Date().getFullYear() - 7,
    `an Ethiopian year: ${monthNames.at(-1)}`,
  )
  // The charts are drawn (SVG bars), this week's birthday is listed.
  await page.locator('.home-chart .recharts-bar-rectangle').first().waitFor()
  await page.getByText('Homeseed0 Kebede Girma').waitFor()

  // Clicking the visitors' bar opens the list filtered to visitors.
  const statusChart = page.locator('.home-chart', { hasText: t('am', 'homeByStatus') })
  // Bars stand in the order of the chart's table rows.
  const statuses = await statusChart.locator('tbody th').allTextContents()
  const visitors = statuses.indexOf(t('am', 'option.membership_status.visitor'))
  assert.ok(visitors >= 0, `no visitors in ${statuses.join(', ')}`)
  await statusChart.locator('.recharts-bar-rectangle').nth(visitors).click()
  await page.waitForURL(/\/members$/)
  await page.getByText('Homeseed3').first().waitFor()
  await page.getByText('Homeseed4').first().waitFor()
  assert.equal(await page.getByText('Homeseed0').count(), 0)
  assert.equal(await page.getByText('Homeseed5').count(), 0)
  await context.close()
})

for (const { lang, theme, viewport, name } of LOOKS) {
  test(`Home at ${viewport.width}px, ${lang}, ${theme}`, async () => {
    const context = await newContext(browser, { viewport, language: lang })
    await context.addInitScript(
      ([mode, calendar]) => {
        localStorage.setItem('themeMode', mode)
        localStorage.setItem('calendar', calendar)
      },
      [theme, lang === 'am' ? 'ethiopian' : 'gregorian'],
    )
    const page = await context.newPage()
    await signInToHome(page)
    await page.locator('.home-chart .recharts-bar-rectangle').first().waitFor()
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`)
    await screenshot(page, `home-${name}`)
    await context.close()
  })
}

for (const lang of ['en', 'am'] as const) {
  test(`the report prints the church logo, the figures and the filtered list (${lang})`, async () => {
    const context = await newContext(browser, { viewport: WIDE, language: lang })
    const page = await context.newPage()
    await signInToHome(page)
    await page.getByRole('button', { name: t(lang, 'homePrintReport') }).click()
    await page.waitForURL(/\/home\/report$/)
    await page.getByRole('table', { name: t(lang, 'homeByStatus') }).waitFor()
    await page.getByText('Homeseed4 Kebede Girma').waitFor()
    await page.emulateMedia({ media: 'print' })
    assert.equal(await page.locator('.top-bar').isVisible(), false)
    assert.equal(await page.locator('.report-controls').isVisible(), false)
    // The logo comes with the church profile, its own request: waited for, then checked.
    const logo = page.getByRole('img', { name: t(lang, 'reportChurchLogo') })
    await logo.waitFor()
    assert.equal(await logo.isVisible(), true)
    assert.match((await logo.getAttribute('src')) ?? '', /^data:image\/png;base64,/)
    // Loaded and drawn, not a broken image.
    assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    assert.equal(await page.locator('.report-church').textContent(), CHURCH_NAMES[`name_${lang}`])
    await screenshot(page, `home-report-${lang}-print-1280`)
    await context.close()
  })
}
