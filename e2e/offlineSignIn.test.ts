/**
 * Signing in without the server (issue 42) in a real Chromium: after an online sign-in the device
 * keeps a verifier; with the server stopped, a reload and a sign-in open an offline session whose
 * registration waits on the device, and a real sign-in once the server answers sends it.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import {
  apiToken,
  ADMIN_PASSWORD,
  membersNamed,
  NARROW,
  openLoginUnderServiceWorker,
  registerMinimal,
  restartSharedServer,
  stopSharedServer,
  server,
  screenshot,
  useServerAndBrowser,
  submitLogin,
  t,
} from './support'

// A test stops the server and starts it again on the same data (restartSharedServer).
useServerAndBrowser()

/** Where a sign-in lands: the landing screen online, the wizard offline. */
const SIGNED_IN = /\/(home|registration)$/

/** Whether the device holds a verifier for the admin account (never the password). */
const verifierKept = (page: Page) =>
  page.evaluate(
    (password) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('abal-auth')
        // Not made yet: looking must not make an empty database the app could not upgrade.
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve('none')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('verifiers')) {
            db.close()
            return resolve('none')
          }
          const get = db.transaction('verifiers').objectStore('verifiers').get('admin')
          get.onsuccess = () => {
            const stored = get.result as Record<string, unknown> | undefined
            db.close()
            if (!stored) return resolve('none')
            const text = JSON.stringify(stored) + String(Object.values(stored))
            resolve(text.includes(password) ? 'password' : 'verifier')
          }
        }
      }),
    ADMIN_PASSWORD,
  )

test('offline sign-in after an online one, a queued registration, then sent after a real sign-in', async () => {
  const { context, page } = await openLoginUnderServiceWorker({ viewport: NARROW, language: 'en' })
  await submitLogin(page)
  await page.waitForURL(SIGNED_IN)
  for (let waited = 0; (await verifierKept(page)) === 'none' && waited < 15_000; waited += 250) {
    await page.waitForTimeout(250)
  }
  assert.equal(await verifierKept(page), 'verifier')

  // No server at all; the reload ends the session (spec 2.1) and the app opens from the cache.
  await stopSharedServer()
  await page.reload()
  await page.waitForURL(/\/login$/)

  // A wrong password offline is refused, and the next try has to wait.
  await submitLogin(page, 'admin', 'not-the-password')
  await page.getByText(t('en', 'loginOfflineInvalid')).waitFor()
  // Each wrong try doubles the wait (1 s, 2 s, 4 s): soon a try comes before the wait is over.
  const wait = page.getByText(/Please wait \d+ s and try again/)
  for (let tries = 0; tries < 5 && !(await wait.isVisible()); tries += 1) {
    await submitLogin(page, 'admin', 'not-the-password')
    await page.waitForTimeout(300)
  }
  await wait.waitFor()
  await page.waitForTimeout(8500)

  await submitLogin(page)
  await page.waitForURL(/\/registration$/)
  const bar = page.locator('.offline-session-bar')
  await bar.getByText(t('en', 'offlineSessionTitle')).waitFor()
  await screenshot(page, 'offline-session-en-375')

  const name = 'Offlinesignin'
  await registerMinimal(page, name)
  await page.getByText(t('en', 'savedOnDevice')).waitFor()
  await page.getByRole('button', { name: t('en', 'queueWaitingShort', { count: 1 }) }).waitFor()

  // The server again (same port and data): the banner asks for a real sign-in.
  await restartSharedServer()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await bar.getByText(t('en', 'offlineSessionServerBack')).waitFor({ timeout: 30_000 })
  await bar.getByRole('button', { name: t('en', 'offlineSessionSignIn') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('#offline-session-password').fill('wrong-password')
  // A server just started may first answer busy or not at all (its start-up work); a clerk
  // would try again, and so does the test, until the server judges the password.
  const failure = dialog.locator('#offline-session-failure')
  for (let waited = 0; ; waited += 1000) {
    await dialog.getByRole('button', { name: t('en', 'loginButton') }).click()
    await failure.filter({ hasText: /\S/ }).waitFor()
    const text = await failure.innerText()
    if (text === t('en', 'loginInvalid') || waited >= 30_000) {
      assert.equal(text, t('en', 'loginInvalid'))
      break
    }
    await page.waitForTimeout(1000)
  }
  await dialog.locator('#offline-session-password').fill(ADMIN_PASSWORD)
  await dialog.getByRole('button', { name: t('en', 'loginButton') }).click()
  await bar.waitFor({ state: 'detached' })
  await page.locator('.queue-indicator').waitFor({ state: 'detached', timeout: 30_000 })

  assert.equal((await membersNamed(await apiToken(server.url), name)).length, 1)

  // The real sign-in kept a fresh verifier, still without the password.
  assert.equal(await verifierKept(page), 'verifier')
  await context.close()
})
