// Accessibility checks with axe-core (issue 28): the main screens in light and dark, English and
// Amharic, at 375 and 1280 px. A serious or critical violation fails the test.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { axeWalk } from './axe'
import {
  AMHARIC_MEMBER,
  apiToken,
  createMember,
  LOOKS,
  navigate,
  screenshot,
  server,
  signIn,
  t,
  useServerAndBrowser,
} from './support'

let memberId: number

useServerAndBrowser(async () => {
  const member = await createMember({ ...AMHARIC_MEMBER, email: 'abebe@example.org' })
  memberId = member.id
  // An edit, so the history shows a field-by-field change (its old and new values' colours).
  const form = new FormData()
  for (const [name, value] of Object.entries({
    first_name: 'አበበ',
    middle_name: 'ከበደ',
    last_name: 'ተሰማ',
    gender: 'male',
    membership_status: 'visitor',
    city: 'Adama',
  })) {
    form.append(name, value)
  }
  const res = await fetch(`${server.url}/api/members/${memberId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await apiToken(server.url)}` },
    body: form,
  })
  assert.equal(res.status, 200, await res.text())
})

const SECTIONS = ['personalInfo', 'contactInfo', 'churchInfo', 'familyInfo', 'additionalInfo']

for (const { lang, theme, viewport } of LOOKS) {
  test(`axe finds no serious violation: ${lang}, ${theme}, ${viewport.width}px`, async () => {
    const shoot = (page: Page, screen: string) =>
      screenshot(page, `a11y-${screen}-${lang}-${theme}-${viewport.width}`)
    const found = await axeWalk(
      { viewport, language: lang, theme },
      async (page, check) => {
        await page.goto(`${server.url}/login`)
        // The drawn page's Sign in stays disabled till React takes the form over, then fades to
        // its enabled colours: a check before that reads a half-faded button.
        await page.locator('form button[type=submit]:enabled').waitFor()
        await check('login')

        await signIn(page)
        await page.locator('#member-first_name').waitFor()
        await check('wizard')

        // A birth date in the future: the warning (allowed, but odd) must be readable too.
        await page
          .locator('.dual-date', { has: page.locator('#member-date_of_birth-label') })
          .locator('.ant-segmented-item')
          .first()
          .click()
        await page.locator('#member-date_of_birth').fill('2031-03-04')
        await page.keyboard.press('Enter')
        // Closes the calendar, which would cover the message.
        await page.locator('#member-first_name').click()
        await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' })
        await page.getByText(t(lang, 'birthDateInFuture'), { exact: true }).waitFor()
        await check('wizard-warning')

        await navigate(page, '/members')
        await page.getByText('አበበ ከበደ ተሰማ').first().waitFor()
        await check('list')

        // Found by the emergency contact's name: the result says so, the match marked (item 12).
        await page.getByRole('button', { name: t(lang, 'showFilters'), exact: true }).click()
        await page
          .getByRole('searchbox', { name: t(lang, 'searchMembers'), exact: true })
          .fill('አልማዝ')
        const note = page.locator('.member-search-match').filter({
          hasText: t(lang, 'searchMatchField', {
            field: t(lang, 'emergencyContactName'),
            value: 'አልማዝ ተስፋዬ',
          }),
        })
        await note.first().waitFor()
        assert.equal(await note.first().locator('mark').textContent(), 'አልማዝ')
        await check('list-search')

        await navigate(page, `/member/${memberId}`)
        await page.getByRole('heading', { name: 'አበበ ከበደ ተሰማ' }).first().waitFor()
        await page.getByRole('term').first().waitFor()
        await check('profile')
        // The five section tabs wrap rather than scroll: each is in view, none behind a "more" menu.
        for (const section of SECTIONS) {
          assert.ok(
            await page.getByRole('tab', { name: t(lang, section), exact: true }).isVisible(),
            `${section} tab visible`,
          )
        }

        await navigate(page, `/member/idcard/${memberId}`)
        await page.getByRole('heading', { name: t(lang, 'idCardTitle') }).waitFor()
        await check('idcard')

        await navigate(page, '/history')
        await page.locator('.history-after').first().waitFor()
        await check('history')
      },
      shoot,
    )
    assert.deepEqual(found, [], found.join('\n'))
  })
}
