/**
 * The build-time sign-in screen (src/app/prerender): index.html shows the form in the visitor's
 * language and theme before any of the app's JavaScript has run, and the app takes over what was
 * typed — and a Login already pressed — when it starts.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  ADMIN_PASSWORD,
  launchBrowser,
  NARROW,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
  WIDE,
} from './support'

let server: RunningServer
let browser: Browser

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

/** Holds back every script of the app until release() is called. */
async function holdScripts(context: BrowserContext) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Console errors, including Content-Security-Policy refusals of the inline script. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** React has drawn the form itself (its nodes carry React's fiber keys; the prerendered ones do not). */
const appStarted = (page: Page) =>
  page.waitForFunction(() => {
    const input = document.getElementById('login-username')
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'))
  })

test('the form is on screen before the app runs, in the saved language and theme', async () => {
  const context = await newContext(browser, { viewport: WIDE, language: 'en' })
  await context.addInitScript(() => localStorage.setItem('themeMode', 'dark'))
  const release = await holdScripts(context)
  const page = await context.newPage()
  const errors = consoleErrors(page)
  await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  assert.equal(await page.getAttribute('html', 'lang'), 'en')
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark')
  assert.equal(await page.locator('template[id^="prerendered-login-"]').count(), 6)
  assert.equal(await page.getByText('Get the Full Experience!').count(), 1)
  await screenshot(page, 'login-prerendered-en-dark-1280')

  // Typing before the app has started: kept when it takes over, caret and all.
  await page.locator('#login-username').fill('admin')
  await page.locator('#login-username').focus()
  release()
  await appStarted(page)
  assert.equal(await page.locator('#login-username').inputValue(), 'admin')
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'login-username')
  assert.deepEqual(errors, [])
  await context.close()
})

test('Login pressed before the app runs signs in once it has started', async () => {
  const context = await newContext(browser, { viewport: NARROW })
  const release = await holdScripts(context)
  const page = await context.newPage()
  const errors = consoleErrors(page)
  await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
  // A first visit: Amharic, light, with the install banner.
  await page.getByRole('heading', { name: 'ይግቡ' }).waitFor()
  assert.equal(await page.getAttribute('html', 'lang'), 'am')
  await screenshot(page, 'login-prerendered-am-light-375')
  await page.locator('#login-username').fill('admin')
  await page.locator('#login-password').fill(ADMIN_PASSWORD)
  await page.locator('#login-password').press('Enter')
  // The plain form does not go anywhere (no password in a URL); the app signs in when it runs.
  assert.equal(new URL(page.url()).search, '')
  assert.equal(new URL(page.url()).pathname, '/login')
  release()
  await page.waitForURL(/\/home$/)
  assert.deepEqual(errors, [])
  await context.close()
})

test('a button pressed before the app runs is pressed again once it has started', async () => {
  const context = await newContext(browser, { viewport: NARROW, language: 'en' })
  const release = await holdScripts(context)
  const page = await context.newPage()
  await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
  await page.getByRole('button', { name: 'Install App' }).click()
  release()
  await appStarted(page)
  await page.getByText('How to install').waitFor()
  await context.close()
})

test('a dismissed install banner stays away from the prerendered form', async () => {
  const context = await newContext(browser, { viewport: NARROW, language: 'om' })
  await context.addInitScript(() => localStorage.setItem('installBannerDismissed', 'true'))
  const release = await holdScripts(context)
  const page = await context.newPage()
  await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
  await page.locator('#login-username').waitFor()
  assert.equal(await page.getAttribute('html', 'lang'), 'om')
  assert.equal(await page.locator('.pwa-banner').count(), 0)
  release()
  await appStarted(page)
  assert.equal(await page.locator('.pwa-banner').count(), 0)
  await context.close()
})
