// The spec's explicit rules that had drifted and were put back (issue 41), in a real browser.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { registrationFields } from '../src/server/testing/memberForms'
import {
  createMember,
  NARROW,
  navigate,
  openPage,
  screenshot,
  server,
  signIn,
  submitLogin,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

const TABLET = { width: 800, height: 900 }
const SEVEN_COLUMNS = [
  'columnPhoto',
  'columnName',
  'columnGender',
  'columnPhone',
  'columnEmail',
  'columnMembershipStatus',
  'columnActions',
].map((id) => t('en', id))

let memberId: number

useServerAndBrowser(async () => {
  const member = await createMember(
    registrationFields({ first_name: 'Selamawit', middle_name: 'Gebre', last_name: 'Woldemariam' }),
  )
  memberId = member.id
})

/** The front of the card as the preview draws it (an SVG data URL), as text. */
async function cardFront(page: Page): Promise<string> {
  const img = page.getByTestId('idcard-front').locator('img')
  await img.waitFor()
  return decodeURIComponent((await img.getAttribute('src')) ?? '')
}

test('sign-in lands on /registration, and /login with a token goes there too (spec 2.1, 2.3)', async () => {
  const { context, page } = await openPage({ viewport: WIDE, language: 'en' })
  await page.goto(`${server.url}/login`)
  await submitLogin(page)
  await page.waitForURL(/\/registration$/)
  await page.getByRole('heading', { level: 1, name: t('en', 'registration') }).waitFor()
  await navigate(page, '/members')
  // In the app, as a link would: a page load would end the session (spec 2.1).
  await page.evaluate(() => {
    window.history.pushState({}, '', '/login')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.waitForURL(/\/registration$/)
  // Home stays one click away.
  await page
    .getByRole('navigation', { name: t('en', 'mainNavigation') })
    .getByRole('button', { name: t('en', 'home') })
    .click()
  await page.waitForURL(/\/home$/)
  await context.close()
})

test('an empty step 0 marks six fields required and the dates start Gregorian (spec 2.5, 5.2)', async () => {
  // A fresh device in Amharic: no calendar ever chosen.
  const { context, page } = await openPage({ viewport: WIDE, language: 'am' })
  await signIn(page)
  await page.locator('#member-first_name').waitFor()
  const marked = await page
    .locator('.registration-card label.ant-form-item-required')
    .allTextContents()
  assert.deepEqual(
    marked,
    ['firstName', 'middleName', 'lastName', 'gender', 'dateOfBirth', 'maritalStatus'].map((id) =>
      t('am', id),
    ),
  )
  const birth = page.locator('.dual-date', { has: page.locator('#member-date_of_birth-label') })
  assert.equal(
    await birth.getByRole('radio', { name: t('am', 'gregorianCalendar') }).isChecked(),
    true,
  )
  assert.equal(await page.locator('#member-date_of_birth-month').count(), 0)
  assert.equal(await page.evaluate(() => localStorage.getItem('calendar')), null)
  await context.close()
})

test('the ID number keeps the Gregorian year in Amharic with the Ethiopian calendar (spec 3.6)', async () => {
  const { context, page } = await openPage({ viewport: WIDE, language: 'am' })
  await context.addInitScript(() => localStorage.setItem('calendar', 'ethiopian'))
  await signIn(page)
  await navigate(page, `/member/idcard/${memberId}`)
  const front = await cardFront(page)
  const number = `${String(memberId).padStart(6, '0')}`
  // Dates are Ethiopian (ዓ.ም.), the number's year is not.
  assert.match(front, /ዓ\.ም\./)
  assert.match(front, new RegExp(`CM-${new Date().getFullYear()}-${number}`))
  await context.close()
})

test('at 800 px Registration, Members and Logout are buttons in the top bar (spec 2.2, 9.7)', async () => {
  const { context, page } = await openPage({ viewport: TABLET, language: 'en' })
  await signIn(page)
  const bar = page.locator('.top-bar')
  for (const id of ['registration', 'members', 'logout']) {
    // By its label (the icon's name comes before it).
    const button = bar.getByRole('button', { name: t('en', id) })
    await button.waitFor()
    assert.equal(await button.isVisible(), true, id)
  }
  await screenshot(page, 'spec-top-bar-en-800')
  await context.close()
})

test('at 375 px the wizard is the vertical list of its seven steps (spec 2.5, 9.7)', async () => {
  const { context, page } = await openPage({ viewport: NARROW, language: 'en' })
  await signIn(page)
  const steps = page
    .getByRole('navigation', { name: t('en', 'registrationSteps') })
    .locator('.ant-steps')
  await steps.waitFor()
  assert.match((await steps.getAttribute('class')) ?? '', /\bant-steps-vertical\b/)
  const titles = steps.locator('.ant-steps-item-title')
  assert.equal(await titles.count(), 7)
  for (const title of await titles.all()) assert.equal(await title.isVisible(), true)
  // One step under the other.
  const first = await titles.nth(0).boundingBox()
  const second = await titles.nth(1).boundingBox()
  assert.ok(first && second && second.y > first.y + first.height - 1)
  assert.equal(await page.getByRole('button', { name: /steps/i }).count(), 0)
  await screenshot(page, 'spec-wizard-steps-en-375')
  await context.close()
})

for (const viewport of [TABLET, WIDE]) {
  test(`at ${viewport.width} px the list shows the seven columns of spec 2.6`, async () => {
    const { context, page } = await openPage({ viewport, language: 'en' })
    await signIn(page)
    await navigate(page, '/members')
    const table = page.getByRole('table')
    await table.getByText('Selamawit Gebre Woldemariam').waitFor()
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), SEVEN_COLUMNS)
    // Every header and cell inside the table: nothing spills past the window.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    assert.equal(overflow, 0)
    await screenshot(page, `spec-member-table-en-${viewport.width}`)
    await context.close()
  })
}

test('the delete dialog opens with Cancel focused and says who can restore (spec 2.7)', async () => {
  const { context, page } = await openPage({ viewport: WIDE, language: 'en' })
  await signIn(page)
  await navigate(page, `/member/${memberId}`)
  await page.getByRole('button', { name: t('en', 'deleteMember'), exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(t('en', 'deleteConfirm'), { exact: true }).waitFor()
  await dialog.getByText(t('en', 'deleteRestorableByYou'), { exact: true }).waitFor()
  const cancel = dialog.getByRole('button', { name: t('en', 'cancel'), exact: true })
  await page.waitForFunction(
    (name) => document.activeElement?.textContent?.trim() === name,
    t('en', 'cancel'),
  )
  assert.equal(await cancel.evaluate((button) => button === document.activeElement), true)
  // Enter on arrival keeps the member.
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'hidden' })
  assert.match(page.url(), new RegExp(`/member/${memberId}$`))
  await context.close()
})
