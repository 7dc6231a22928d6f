/**
 * The day's cash-up (issue 46) in a real Chromium: a clerk records two payments by different
 * methods into different funds, sees the day's totals per method and fund, and closes the day;
 * afterwards the clerk may no longer void one, and an admin still can.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { createDuesMember, createFunds, openDuesTab, openPaymentForm } from './duesSupport'
import {
  addUser,
  apiCall,
  apiToken,
  navigate,
  openPage,
  pickOption,
  server,
  showingPage,
  signIn,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

const CLERK = { username: 'clerk-cash', password: 'clerk-cash-password-46' }
let adminToken: string
let clerkToken: string
let memberId: number

useServerAndBrowser(async () => {
  adminToken = await apiToken(server.url)
  await createFunds(adminToken)
  await addUser(server.dataDir, CLERK.username, CLERK.password)
  clerkToken = await apiToken(server.url, CLERK.username, CLERK.password)
  memberId = await createDuesMember(clerkToken, { first_name: 'Abebe', last_name: 'Tesfaye' })
})

/** Records the open payment form and returns the new payment's id (from its receipt's URL). */
async function record(page: Page, form: Locator) {
  await form.getByRole('button', { name: t('en', 'paymentRecord') }).click()
  await page.waitForURL(/\/payments\/\d+\/receipt$/)
  await page.locator('article.receipt').waitFor()
  return Number(/\/payments\/(\d+)\//.exec(page.url())![1])
}

/** Presses Void on the Dues tab's payment of this amount and gives the reason. */
async function voidIn(page: Page, amount: string) {
  const line = page.locator('.dues-payment').filter({ hasText: amount })
  const number = await line.locator('.receipt-number').innerText()
  await line.getByRole('button', { name: t('en', 'paymentVoid') }).click()
  // Named, so that a press that opened another payment's dialog fails here and says so.
  const dialog = page.getByRole('dialog', { name: t('en', 'paymentVoidTitle', { number }) })
  const reason = dialog.locator('#void-reason')
  await reason.fill('Counted twice')
  assert.equal(await reason.inputValue(), 'Counted twice', 'the dialog holds the typed reason')
  await dialog.getByRole('button', { name: t('en', 'paymentVoid') }).click()
}

/** A cash-up card's totals as [label, figure] pairs: the day's, then per method and fund. */
const totalsOf = (card: Locator) =>
  card
    .locator('.dues-totals > div')
    .evaluateAll((lines) =>
      lines.map((line) => [
        line.querySelector('dt')!.textContent!.trim(),
        line.querySelector('dd')!.textContent!.trim(),
      ]),
    )

test('a clerk counts the day per method and fund and closes it; only an admin voids after', async () => {
  const { context, page } = await openPage({ language: 'en', viewport: WIDE })
  let cashId: number
  try {
    await signIn(page, server.url, CLERK.username, CLERK.password)
    await openDuesTab(page, 'en', memberId)
    const dues = await openPaymentForm(page, 'en', '100')
    await dues.locator('.payment-preview li').first().waitFor()
    cashId = await record(page, dues)

    await openDuesTab(page, 'en', memberId)
    const gift = await openPaymentForm(page, 'en', '25')
    await pickOption(page, 'payment-fund', 'Tithe')
    await pickOption(page, 'payment-method', 'telebirr')
    await gift.locator('#payment-reference').fill('TB-4677')
    await gift.locator('#payment-amount').fill('25')
    await record(page, gift)

    await navigate(page, '/dues/cash-up')
    const card = page.locator('.cash-up-card')
    await card.getByText('TB-4677').waitFor()
    assert.equal(await card.count(), 1, 'a clerk sees its own day only')
    const totals = await totalsOf(card)
    assert.deepEqual(totals[0], ['Total', '125.00 ETB (2 payments)'])
    assert.deepEqual(
      totals.slice(1).sort(),
      [
        ['Cash', '100.00 ETB (1 payment)'],
        ['Monthly dues', '100.00 ETB (1 payment)'],
        ['Tithe', '25.00 ETB (1 payment)'],
        ['telebirr', '25.00 ETB (1 payment)'],
      ].sort(),
    )
    assert.match(await card.innerText(), new RegExp(t('en', 'cashUpOpen')))

    await card.getByRole('button', { name: t('en', 'cashUpClose') }).click()
    const confirm = page.locator('.ant-popconfirm').filter({ visible: true })
    assert.match(await confirm.innerText(), /125\.00 ETB/)
    await confirm.getByRole('button', { name: t('en', 'cashUpClose') }).click()
    await card.getByText(t('en', 'cashUpClosedBy', { name: CLERK.username })).waitFor()
    assert.equal(
      await card.getByRole('button', { name: t('en', 'cashUpClose') }).count(),
      0,
      'a closed day has no Close button',
    )

    // The clerk's own Void now meets the closed day, said in the clerk's words.
    await openDuesTab(page, 'en', memberId)
    await showingPage(page, async () => {
      // Longer than a step's own wait, so that a step that cannot be done is the error reported.
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/payments/${cashId}/void`), {
          timeout: 45_000,
        }),
        voidIn(page, '100.00'),
      ])
      assert.equal(answer.status(), 403, 'the server refuses the clerk')
      await page.getByRole('dialog').getByText(t('en', 'paymentVoidDayClosed')).waitFor()
    })
  } finally {
    await context.close()
  }

  // Nor through the API.
  const refused = await fetch(`${server.url}/api/payments/${cashId}/void`, {
    method: 'POST',
    headers: { authorization: `Bearer ${clerkToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Counted twice' }),
  })
  assert.equal(refused.status, 403)

  // An admin voids it in the app, with a reason; the cash-up keeps the closing's total beside.
  const admin = await openPage({ language: 'en', viewport: WIDE })
  try {
    await signIn(admin.page)
    await openDuesTab(admin.page, 'en', memberId)
    await voidIn(admin.page, '100.00')
    await admin.page.getByRole('dialog').waitFor({ state: 'hidden' })
    const voided = await apiCall<{ status: string }>(adminToken, 'GET', `/api/payments/${cashId}`)
    assert.equal(voided.status, 'void')

    await navigate(admin.page, '/dues/cash-up')
    const card = admin.page.locator('.cash-up-card', { hasText: CLERK.username })
    await card.getByText(t('en', 'cashUpVoid'), { exact: true }).waitFor()
    assert.deepEqual((await totalsOf(card))[0], ['Total', '25.00 ETB (1 payment)'])
    await card.getByText(t('en', 'cashUpChangedSinceClosing', { amount: '125.00 ETB' })).waitFor()
  } finally {
    await admin.context.close()
  }
})
