import assert from 'node:assert/strict'
import fs from 'node:fs'
import { test } from 'node:test'
import {
  apiToken,
  openPage,
  scratchFile,
  screenshot,
  server,
  signInToHome,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

useServerAndBrowser()

// Amharic headers as the UI labels them, Ge'ez names, and a date on the Ethiopian calendar:
// 9 Ginbot 1982 E.C. is 17 May 1990.
const CSV = [
  [
    t('am', 'firstName'),
    t('am', 'middleName'),
    t('am', 'lastName'),
    t('am', 'phonePrimary'),
    'Date of birth',
  ],
  ['ሠላማዊት', 'ገብረ', 'ወልደማርያም', '0911 223 344', '09/09/1982'],
].map((row) => row.join(','))

test('imports a CSV with Ge’ez names and an Ethiopian date in the Amharic UI', async () => {
  const file = scratchFile('register.csv')
  fs.writeFileSync(file, `\ufeff${CSV.join('\r\n')}\r\n`)
  const { context, page } = await openPage({ viewport: WIDE, language: 'am' })
  await context.addInitScript(() => localStorage.setItem('calendar', 'ethiopian'))
  await signInToHome(page)

  const nav = page.getByRole('navigation', { name: t('am', 'mainNavigation') })
  await nav.getByRole('button', { name: t('am', 'importNav') }).click()
  await page.getByRole('heading', { level: 1, name: t('am', 'importMembers') }).waitFor()
  // A user who reads dates on the Ethiopian calendar: the choice starts ticked.
  const ethiopian = page.getByRole('checkbox', { name: t('am', 'importDatesEthiopian') })
  assert.equal(await ethiopian.isChecked(), true)
  await page.locator('input[type=file]').setInputFiles(file)

  await page.getByRole('heading', { level: 2, name: t('am', 'importStepColumns') }).waitFor()
  const born = page.getByRole('combobox', {
    name: t('am', 'importFieldFor', { column: 'Date of birth' }),
  })
  assert.equal(await born.count(), 1)
  await page.getByRole('button', { name: t('am', 'importShowPreview') }).click()

  // The date column's first value read both ways; the tick said Ethiopian, and it stays so.
  await page.getByRole('heading', { level: 2, name: t('am', 'importStepValues') }).waitFor()
  const calendars = page.getByRole('radiogroup', {
    name: t('am', 'importDateCalendarFor', { column: 'Date of birth' }),
  })
  assert.equal(
    await calendars.getByRole('radio', { name: t('am', 'importDateAsEthiopian') }).isChecked(),
    true,
  )
  await page.getByRole('button', { name: t('am', 'importShowPreview') }).click()

  await page.getByRole('heading', { level: 2, name: t('am', 'importStepPreview') }).waitFor()
  await page.getByText('ሠላማዊት ገብረ ወልደማርያም').waitFor()
  await page.locator('.import-actions .ant-btn-primary').click()

  await page.getByRole('heading', { level: 2, name: t('am', 'importStepReport') }).waitFor()
  const created = page.locator('.import-figure').filter({ hasText: t('am', 'importCreated') })
  assert.equal((await created.locator('.import-figure-value').textContent())?.trim(), '1')

  // The member is in the directory, found by another spelling of her name (ሰ for ሠ).
  await page.getByRole('button', { name: t('am', 'importOpenMembers') }).click()
  await page.waitForURL(/\/members$/)
  await page.getByRole('button', { name: t('am', 'showFilters') }).click()
  await page.getByRole('searchbox').fill('ሰላማዊት')
  await page.getByText('ሠላማዊት').first().waitFor()

  const token = await apiToken(server.url)
  const res = await fetch(`${server.url}/api/members/search?q=${encodeURIComponent('ሰላማዊት')}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { items: { id: number }[] }
  assert.equal(body.items.length, 1)
  const member = (await (
    await fetch(`${server.url}/api/members/${body.items[0].id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { date_of_birth: string; phone_primary: string }
  assert.equal(member.date_of_birth, '1990-05-17')
  assert.equal(member.phone_primary, '0911 223 344')
  await screenshot(page, 'import-am-directory')
  await context.close()
})
