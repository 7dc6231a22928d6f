import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { axeWalk } from './axe'
import { qrPath } from '../src/features/idcard/qrPath'
import {
  createDuesMember,
  openDuesTab as openDuesTabOf,
  openPaymentForm,
  useDuesServer,
} from './duesSupport'
import {
  apiCall,
  apiToken,
  ARTIFACTS,
  forEachLook,
  type Language,
  loseFirstAnswer,
  NARROW,
  navigate,
  openPage,
  server,
  signIn,
  t,
  WIDE,
} from './support'

// Issue 46: a payment recorded in the Dues tab, its receipt printed in Amharic, and the QR
// code's address checked on the public page. DUES_SHOTS=<dir> also takes the screenshots.
const SHOTS = process.env.DUES_SHOTS

let memberId: number

useDuesServer(async (token) => {
  memberId = await createDuesMember(token, {
    first_name: 'አበበ',
    middle_name: 'ከበደ',
    last_name: 'ተስፋዬ',
  })
})

const openDuesTab = (page: Page, lang: Language) => openDuesTabOf(page, lang, memberId)

async function fillPayment(page: Page, lang: Language, amount: string) {
  const form = await openPaymentForm(page, lang, amount)
  await form.locator('.payment-preview li').first().waitFor()
  return form
}

test('a payment recorded in Amharic prints its receipt and checks through its QR code', async () => {
  const { context, page } = await openPage({ language: 'am', viewport: WIDE })
  try {
    await signIn(page)
    await openDuesTab(page, 'am')
    const form = await fillPayment(page, 'am', '150')
    await form.locator('#payment-reference').fill('TB-4601')
    await form.getByRole('button', { name: t('am', 'paymentRecord') }).click()
    await page.waitForURL(/\/payments\/\d+\/receipt$/)

    const receipt = page.locator('article.receipt')
    await receipt.waitFor()
    await page.emulateMedia({ media: 'print' })
    // Print shows the paper alone: no top bar, no buttons.
    assert.equal(await page.locator('.receipt-controls').isVisible(), false)
    assert.equal(await page.locator('.top-bar').isVisible(), false)
    const text = await receipt.innerText()
    assert.match(text, /ደብረ ሰላም ቅድስት ማርያም ቤተ ክርስቲያን/)
    assert.match(text, /አንድ መቶ ሃምሳ ብር ብቻ/)
    assert.match(text, /150\.00 ETB/)
    assert.match(text, /ቴሌብር|ጥሬ ገንዘብ/)
    assert.match(text, /TB-4601/)
    assert.match(text, /ዓ\.ም\./)
    assert.match(text, /እ\.ኤ\.አ\./)
    assert.match(text, /ቀሲስ ገብረ ማርያም/)
    // The logo comes from the church profile on the server.
    const logoLoaded = await receipt
      .locator('img.receipt-logo')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    assert.ok(logoLoaded, 'the church logo is shown')
    const number = (await receipt.locator('.receipt-number').innerText()).trim()
    assert.match(number, /^\d{4}-\d{6}$/)

    const qr = receipt.locator('svg.receipt-qr')
    const url = await qr.getAttribute('data-verify-url')
    assert.ok(url && url.startsWith(`${server.url}/verify/`), `QR address: ${url}`)
    // The drawn QR code is that address's code, module for module.
    assert.equal(await qr.locator('path').getAttribute('d'), qrPath(url).d)

    // Anyone may check it, signed in or not.
    const visitor = await openPage({ language: 'am' })
    try {
      await visitor.page.goto(url)
      await visitor.page.getByText(t('am', 'receiptValid')).waitFor()
      assert.match(await visitor.page.locator('.receipt-number').innerText(), new RegExp(number))
      assert.match(await visitor.page.locator('main').innerText(), /150\.00 ETB/)
    } finally {
      await visitor.context.close()
    }

    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SHOTS, 'receipt-print-a5-am.png'), fullPage: true })
    }
  } finally {
    await context.close()
  }
})

// A look-through for people, not a check: registered only when DUES_SHOTS names a folder.
if (SHOTS)
  test('screenshots of the Dues tab, the payment form and the receipts', async () => {
    await forEachLook(async ({ lang, name, page }) => {
      await signIn(page)
      await openDuesTab(page, lang)
      // From the top: scrolled to the tab, a full-page shot paints the sticky bar mid-page.
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({
        path: path.join(SHOTS!, `dues-tab-${name}.png`),
        fullPage: true,
      })
      await fillPayment(page, lang, '75.50')
      await page.screenshot({ path: path.join(SHOTS!, `payment-form-${name}.png`) })
      await page
        .getByRole('form', { name: t(lang, 'paymentFormTitle') })
        .getByRole('button', { name: t(lang, 'paymentRecord') })
        .click()
      await page.waitForURL(/\/payments\/\d+\/receipt$/)
      await page.locator('article.receipt').waitFor()
      await page.screenshot({
        path: path.join(SHOTS!, `receipt-${name}.png`),
        fullPage: true,
      })
      await page.emulateMedia({ media: 'print' })
      await page.screenshot({
        path: path.join(SHOTS!, `receipt-print-a5-${name}.png`),
        fullPage: true,
      })
      await page.emulateMedia({ media: 'screen' })
      await page.getByText(t(lang, 'receiptPaper80')).click()
      await page.emulateMedia({ media: 'print' })
      await page.screenshot({
        path: path.join(SHOTS!, `receipt-print-80mm-${name}.png`),
        fullPage: true,
      })
    })
  })

test('axe finds no serious violation on the dues screens; funds and church profile shots', async () => {
  const runs = [
    { lang: 'en', theme: 'light', viewport: WIDE },
    { lang: 'am', theme: 'dark', viewport: NARROW },
    { lang: 'am', theme: 'light', viewport: WIDE },
    { lang: 'en', theme: 'dark', viewport: NARROW },
  ] as const
  const found: string[] = []
  for (const { lang, theme, viewport } of runs) {
    const name = `${lang}-${theme}-${viewport.width}`
    const shoot = (page: Page, screen: string) =>
      page.screenshot({ path: path.join(SHOTS!, `${screen}-${name}.png`), fullPage: true })
    const violations = await axeWalk(
      { language: lang, theme, viewport },
      async (page, check) => {
        await signIn(page)
        await openDuesTab(page, lang)
        await check('a11y-dues-tab')
        await fillPayment(page, lang, '10')
        await check('a11y-payment-form')
        await page.getByRole('button', { name: t(lang, 'cancel') }).click()
        await page
          .getByRole('link', { name: t(lang, 'paymentReceipt') })
          .first()
          .click()
        await page.locator('article.receipt').waitFor()
        await check('a11y-receipt')
        await navigate(page, '/funds')
        await page.locator('.fund-card').first().waitFor()
        await check('funds')
        await navigate(page, '/church')
        await page.locator('#name_en, [id$=name_en]').first().waitFor()
        await check('church-profile')
      },
      SHOTS ? shoot : undefined,
    )
    found.push(...violations.map((violation) => `${name} ${violation}`))
  }
  assert.deepEqual(found, [])
})

test('a payment changed after a lost answer is not taken for the earlier one', async () => {
  const token = await apiToken(server.url)
  const payer = await createDuesMember(token, { first_name: 'ሰላም', last_name: 'ታደሰ' })
  const { context, page } = await openPage({ language: 'am', viewport: NARROW })
  try {
    await signIn(page)
    await loseFirstAnswer(page, '**/api/payments')
    await openDuesTabOf(page, 'am', payer)
    const form = await fillPayment(page, 'am', '50')
    const record = form.getByRole('button', { name: t('am', 'paymentRecord') })
    await record.click()
    await form.getByText(t('am', 'paymentFailedRetry')).waitFor()
    await form.locator('#payment-amount').fill('100')
    await record.click()
    const told = form.getByText(t('am', 'paymentError.keyUsedForOtherPayment'))
    await told.waitFor()
    await told.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(ARTIFACTS, 'payment-key-reused-am-light-375.png') })
    const paid = async () =>
      (
        await apiCall<{ items: { amount: number }[] }>(
          token,
          'GET',
          `/api/payments?member_id=${payer}`,
        )
      ).items.map((p) => p.amount)
    assert.deepEqual(await paid(), [5000])
    // Told, the clerk presses again: that is a new payment of the new amount.
    await record.click()
    await page.waitForURL(/\/payments\/\d+\/receipt$/)
    assert.deepEqual(
      (await paid()).sort((a, b) => a - b),
      [5000, 10000],
    )
  } finally {
    await context.close()
  }
})
