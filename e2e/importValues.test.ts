import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import {
  apiToken,
  type Language,
  LOOKS,
  navigate,
  openOptions,
  openPage,
  scratchFile,
  screenshot,
  server,
  signInToHome,
  t,
  useServerAndBrowser,
} from './support'

useServerAndBrowser()

// A ChurchCRM-style export (issue 45): its headers, unpadded and unknown dates, "Unassigned",
// classifications the system does not know, and families with roles.
const HEADERS = [
  'Title',
  'First Name',
  'Middle Name',
  'Last Name',
  'Mobile Phone',
  'Birth Date',
  'Gender',
  'Classification',
  'Family ID',
  'Family Role',
  'Person ID',
]
const ROWS = [
  [
    'Mr.',
    'John',
    '',
    'Carter',
    '555-2000',
    '1970-6-15',
    'M',
    'Member',
    '1',
    'Head of Household',
    '1',
  ],
  ['Mrs.', 'Mary', '', 'Carter', '555-2001', '\t-0-0', 'F', 'Member', '1', 'Spouse', '2'],
  ['', 'Abel', '', 'Carter', '', '2001-12-3', 'Unassigned', 'Regular Attender', '1', 'Child', '3'],
  ['', 'Beth', '', 'Carter', '', '-12-29', 'F', 'Guest', '1', 'Other Relative', '4'],
  [
    'Mr.',
    'David',
    '',
    'Bekele',
    '555-3000',
    '1965-1-30',
    'Male',
    'Regular Attender',
    '2',
    'Head of Household',
    '5',
  ],
  ['', 'Ruth', '', 'Bekele', '', '1999-4-0', 'Female', 'Guest', '2', 'Non Relative', '6'],
]

function writeCsv(): string {
  const file = scratchFile('people.csv')
  const quoted = [HEADERS, ...ROWS].map((row) => row.map((cell) => `"${cell}"`).join(','))
  fs.writeFileSync(file, `${quoted.join('\r\n')}\r\n`)
  return file
}

// IMPORT_SHOTS=<dir> also keeps the screenshots there, to be looked at.
const SHOTS = process.env.IMPORT_SHOTS

async function shot(page: Page, name: string) {
  // From the top: a page scrolled by a choice draws its sticky header mid-page in a full shot.
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
  // Each look of the import's steps is also read by axe, as the main screens are (e2e/a11y).
  assert.deepEqual(await seriousViolations(page), [], name)
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

/** Picks an option of the searchable select labelled `name` by typing its label (keyboard). */
async function choose(page: Page, name: string, label: string) {
  const select = page.getByRole('combobox', { name })
  await select.click()
  await select.fill(label)
  await openOptions(page).filter({ hasText: label }).first().waitFor()
  await page.keyboard.press('Enter')
  await page
    .locator('.import-mapping-row', { has: select })
    .getByTitle(label, { exact: true })
    .waitFor()
}

async function openImport(page: Page, lang: Language) {
  await signInToHome(page)
  await navigate(page, '/import')
  await page.getByRole('heading', { level: 1, name: t(lang, 'importMembers') }).waitFor()
}

for (const { lang, viewport, theme } of LOOKS) {
  test(`maps a ChurchCRM export's values once, ${lang} at ${viewport.width} px, ${theme}`, async () => {
    const { context, page } = await openPage({ viewport, language: lang, theme })
    await openImport(page, lang)
    if (await page.getByRole('checkbox', { name: t(lang, 'importDatesEthiopian') }).isChecked()) {
      await page.getByRole('checkbox', { name: t(lang, 'importDatesEthiopian') }).click()
    }
    await page.locator('input[type=file]').setInputFiles(writeCsv())

    // Mapping: the family name is the father's name, said so; the family columns recognised.
    await page.getByRole('heading', { level: 2, name: t(lang, 'importStepColumns') }).waitFor()
    await page.getByText(t(lang, 'importTwoPartNames', { column: 'Last Name' })).waitFor()
    const field = (column: string) =>
      page.getByRole('combobox', { name: t(lang, 'importFieldFor', { column }) })
    const selected = async (column: string) =>
      (
        await page
          .locator('.import-mapping-row', { has: field(column) })
          .locator('.ant-select-content, .ant-select-selection-item')
          .first()
          .textContent()
      )?.trim()
    assert.equal(await selected('Last Name'), t(lang, 'middleName'))
    assert.equal(await selected('Family Role'), t(lang, 'importFamilyRole'))
    assert.equal(await selected('Person ID'), t(lang, 'externalId'))
    await shot(page, `import-mapping-${lang}-${viewport.width}-${theme}`)
    await page.getByRole('button', { name: t(lang, 'importShowPreview') }).click()

    // Values: each unknown classification once, with its count; the dates read both ways.
    await page.getByRole('heading', { level: 2, name: t(lang, 'importStepValues') }).waitFor()
    const valueFor = (value: string) =>
      t(lang, 'importValueFor', { value, column: 'Classification' })
    assert.equal(
      await page.getByRole('combobox', { name: valueFor('Regular Attender') }).count(),
      1,
    )
    assert.equal(await page.getByRole('combobox', { name: valueFor('Guest') }).count(), 1)
    assert.equal(await page.getByRole('combobox', { name: valueFor('Member') }).count(), 0)
    assert.equal(
      await page.getByRole('combobox', { name: /Unassigned/ }).count(),
      0,
      '"Unassigned" is known to mean empty',
    )
    const counts = await page.locator('.import-value-count').allTextContents()
    assert.deepEqual(
      counts.map((text) => text.replace(/\D/g, '')),
      ['2', '2'],
    )
    await choose(
      page,
      valueFor('Regular Attender'),
      t(lang, 'option.membership_status.regularAttendee'),
    )
    await choose(page, valueFor('Guest'), t(lang, 'option.membership_status.visitor'))
    const dates = page.getByRole('radiogroup', {
      name: t(lang, 'importDateCalendarFor', { column: 'Birth Date' }),
    })
    assert.equal(
      await dates.getByRole('radio', { name: t(lang, 'importDateAsGregorian') }).isChecked(),
      true,
    )
    await page.locator('.ant-select-dropdown').filter({ visible: true }).first().waitFor({
      state: 'hidden',
    })
    await shot(page, `import-values-${lang}-${viewport.width}-${theme}`)
    await page.getByRole('button', { name: t(lang, 'importShowPreview') }).click()

    // Preview: every row ready; the unknown dates left empty with a warning.
    await page.getByRole('heading', { level: 2, name: t(lang, 'importStepPreview') }).waitFor()
    await page.getByText(t(lang, 'importWarningsTitle')).waitFor()
    const valid = page.locator('.import-figure').filter({ hasText: t(lang, 'importRowsValid') })
    assert.equal((await valid.locator('.import-figure-value').textContent())?.trim(), '6')
    await shot(page, `import-preview-${lang}-${viewport.width}-${theme}`)
    const duplicates = page
      .locator('.import-figure')
      .filter({ hasText: t(lang, 'importRowsDuplicate') })
    const repeated = (await duplicates.locator('.import-figure-value').textContent())?.trim()
    const importButton = page.locator('.import-actions .ant-btn-primary')
    if (repeated === '6') {
      // The same file again (the tests share one server): every row is caught, none to import.
      assert.equal(await importButton.isDisabled(), true)
    } else {
      assert.equal(repeated, '0')
      await importButton.click()
      await page.getByRole('heading', { level: 2, name: t(lang, 'importStepReport') }).waitFor()
      const created = page.locator('.import-figure').filter({ hasText: t(lang, 'importCreated') })
      assert.equal((await created.locator('.import-figure-value').textContent())?.trim(), '6')
    }

    const token = await apiToken(server.url)
    const res = await fetch(`${server.url}/api/members/search?q=Abel`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const body = (await res.json()) as { items: { id: number }[] }
    assert.equal(body.items.length, 1)
    const abel = (await (
      await fetch(`${server.url}/api/members/${body.items[0].id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Record<string, unknown>
    assert.equal(abel.middle_name, 'Carter')
    assert.equal(abel.membership_status, 'regularAttendee')
    assert.equal(abel.date_of_birth, '2001-12-03')
    assert.equal(abel.gender, null)
    // ChurchCRM's person id is kept as the earlier system's id; the family as a household.
    assert.equal(abel.external_id, '3')
    assert.equal(typeof abel.household_id, 'number')
    assert.equal(abel.household_role, 'child')
    await context.close()
  })
}
