/**
 * Offline in a real Chromium (issue 30): the signed-in screens open from the service worker's
 * precache, and a screen whose code cannot be fetched says so inside the frame, never a blank page.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import {
  ADMIN_PASSWORD,
  launchBrowser,
  NARROW,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
  t,
  WIDE,
} from './support'

let browser: Browser
let server: RunningServer

before(async () => {
  browser = await launchBrowser()
  server = await startServer()
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** Waits until /sw.js is active and controls the page (a reload is needed after the first visit). */
async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
  }
}

async function signInHome(page: Page) {
  await page.locator('#login-username').fill('admin')
  await page.locator('#login-password').fill(ADMIN_PASSWORD)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL(/\/home$/)
}

/** Errors the page threw that a user would see as a white page. */
function chunkErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => {
    if (/chunk/i.test(error.message)) errors.push(error.message)
  })
  return errors
}

test('signed in, then offline: Members and the other screens open from the precache', async () => {
  const context = await newContext(browser, { viewport: NARROW, language: 'en' })
  const page = await context.newPage()
  const errors = chunkErrors(page)
  await page.goto(`${server.url}/login`)
  await controlledBySw(page)
  await signInHome(page)
  await context.setOffline(true)
  await page.getByRole('button', { name: t('en', 'menu') }).click()
  await page.getByRole('menuitem', { name: 'Members' }).click()
  await page.waitForURL(/\/members$/)
  await page.locator('section.member-list-screen').waitFor()
  assert.equal(await page.locator('.screen-error').count(), 0)
  await screenshot(page, 'offline-members-en-375')
  assert.deepEqual(errors, [])
  await context.setOffline(false)
  await context.close()
})

test('reloaded offline, a sign-in says the server cannot be reached (no white page)', async () => {
  const context = await newContext(browser, { viewport: WIDE, language: 'en' })
  const page = await context.newPage()
  const errors = chunkErrors(page)
  await page.goto(`${server.url}/login`)
  await controlledBySw(page)
  await context.setOffline(true)
  await page.reload()
  await page.locator('#login-username').fill('admin')
  await page.locator('#login-password').fill(ADMIN_PASSWORD)
  await page.locator('form button[type=submit]').click()
  await page.getByText(t('en', 'loginNetworkError')).waitFor()
  assert.deepEqual(errors, [])
  await context.setOffline(false)
  await context.close()
})

test('a screen whose code cannot be fetched shows "can\'t load offline — retry" in the frame', async () => {
  // No service worker here: the chunk really is not on the device.
  const context = await browser.newContext({ viewport: WIDE, serviceWorkers: 'block' })
  await context.addInitScript(() => localStorage.setItem('language', 'en'))
  const page = await context.newPage()
  await page.goto(`${server.url}/login`)
  await signInHome(page)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Members' }).click()
  await page.getByText(t('en', 'screenOfflineTitle')).waitFor()
  // The frame stays: the top bar is still there to go elsewhere.
  await page.getByRole('button', { name: 'Members' }).waitFor()
  await screenshot(page, 'offline-screen-error-en-1280')
  await context.setOffline(false)
  await page.getByRole('button', { name: t('en', 'retry') }).click()
  await page.locator('section.member-list-screen').waitFor()
  assert.equal(await page.locator('.screen-error').count(), 0)
  await context.close()
})
