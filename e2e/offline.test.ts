/**
 * Offline in a real Chromium (issue 30): the signed-in screens open from the service worker's
 * precache, and a screen whose code cannot be fetched says so inside the frame, never a blank page.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import {
  apiToken,
  loseFirstAnswer,
  membersNamed,
  NARROW,
  navigate,
  nextStep,
  openLoginUnderServiceWorker,
  registerMinimal,
  restartSharedServer,
  stopSharedServer,
  server,
  browser,
  screenshot,
  signIn,
  useServerAndBrowser,
  submitLogin,
  t,
  WIDE,
} from './support'

// A test stops the server and starts it again on the same data (restartSharedServer).
useServerAndBrowser()

/** Waits until /sw.js is active and controls the page (a reload is needed after the first visit). */
async function signInHome(page: Page) {
  await submitLogin(page)
  await page.waitForURL(/\/registration$/)
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
  const { context, page } = await openLoginUnderServiceWorker({ viewport: NARROW, language: 'en' })
  const errors = chunkErrors(page)
  await signInHome(page)
  await context.setOffline(true)
  await page.getByRole('button', { name: t('en', 'menu') }).click()
  // By its icon: "Deleted members" (an admin's Office menu) holds the word too.
  await page
    .getByRole('menuitem')
    .filter({ has: page.locator('.anticon-team') })
    .click()
  await page.waitForURL(/\/members$/)
  await page.locator('section.member-list-screen').waitFor()
  assert.equal(await page.locator('.screen-error').count(), 0)
  await screenshot(page, 'offline-members-en-375')
  assert.deepEqual(errors, [])
  await context.setOffline(false)
  await context.close()
})

test('reloaded offline, a sign-in says the server cannot be reached (no white page)', async () => {
  const { context, page } = await openLoginUnderServiceWorker({ viewport: WIDE, language: 'en' })
  const errors = chunkErrors(page)
  await context.setOffline(true)
  await page.reload()
  await submitLogin(page)
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
  // The top bar's entry: the home screen's "Total members" figure is a button too. The frame's
  // own code must have arrived before the connection goes: only the screen's is to be missing.
  const members = page.getByRole('button', { name: /Members$/ })
  await members.waitFor()
  await context.setOffline(true)
  await members.click()
  await page.getByText(t('en', 'screenOfflineTitle')).waitFor()
  // The frame stays: the top bar is still there to go elsewhere.
  await page.getByRole('button', { name: /Members$/ }).waitFor()
  await screenshot(page, 'offline-screen-error-en-1280')
  await context.setOffline(false)
  await page.getByRole('button', { name: t('en', 'retry') }).click()
  await page.locator('section.member-list-screen').waitFor()
  assert.equal(await page.locator('.screen-error').count(), 0)
  await context.close()
})

async function takeCameraPhoto(page: Page) {
  await page.getByRole('button', { name: t('en', 'takePhoto'), exact: true }).click()
  await page.waitForFunction(
    () =>
      !document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.disabled,
  )
  await page.getByRole('button', { name: t('en', 'capture'), exact: true }).click()
  await page.getByRole('button', { name: t('en', 'usePhoto'), exact: true }).click()
  await page.locator('.ant-modal').waitFor({ state: 'hidden' })
  await page.locator('.photo-picker .ant-avatar img').waitFor()
}

test('offline with the server stopped: two registrations with photos survive a reload and are sent once', async () => {
  const { context, page } = await openLoginUnderServiceWorker({ viewport: NARROW, language: 'en' })
  await signIn(page, server.url)
  // Both kinds of offline: the browser's, and no server at all behind it.
  await context.setOffline(true)
  await stopSharedServer()
  const names = ['Queuedone', 'Queuedtwo']
  for (const [i, name] of names.entries()) {
    await registerMinimal(page, name, takeCameraPhoto)
    await page.getByText(t('en', 'savedOnDevice')).waitFor()
    if (i === 0) await screenshot(page, 'offline-saved-en-375')
    // The wizard resets for the next person.
    await page
      .locator('.registration-step-title', { hasText: '1 ' })
      .first()
      .waitFor({ timeout: 8000 })
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('#member-first_name')?.value ?? 'x') === '',
    )
  }
  const indicator = page.getByRole('button', { name: t('en', 'queueWaitingShort', { count: 2 }) })
  await indicator.click()
  await page.getByRole('heading', { name: t('en', 'queueTitle') }).waitFor()
  await page.getByText(`${names[0]} Kebede Offline`).waitFor()
  // Each with its photo thumbnail, read back from IndexedDB.
  await page.locator('.queue-list img').nth(1).waitFor()
  await screenshot(page, 'offline-queue-en-375')

  // Reloaded while offline, the app ends the session (spec 2.1); the login screen says the
  // queue is there, and it stays on the device for its account.
  await page.reload()
  await page.waitForURL(/\/login$/)
  await page.locator('.login-queue-waiting', { hasText: '2' }).waitFor()

  // Back online: the same server (port and data dir) again, and the browser's connection.
  await restartSharedServer()
  await context.setOffline(false)
  await signInHome(page)

  // Exactly once each, with its photo, and in the member list.
  const token = await apiToken(server.url)
  for (let waited = 0; waited < 60_000; waited += 500) {
    if (
      (await membersNamed(token, names[0])).length > 0 &&
      (await membersNamed(token, names[1])).length > 0
    )
      break
    await page.waitForTimeout(500)
  }
  await page.locator('.queue-indicator').waitFor({ state: 'detached', timeout: 30_000 })
  for (const name of names) {
    const members = await membersNamed(token, name)
    assert.equal(members.length, 1, name)
    assert.match(members[0].photo_path, /^uploads\//)
  }
  await page.evaluate(() => {
    window.history.pushState({}, '', '/members')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  const list = page.locator('section.member-list-screen')
  for (const name of names) await list.getByText(name).first().waitFor()
  await context.close()
})

test('a registration whose answer is lost on the way back is sent again and stored once', async () => {
  const { context, page } = await openLoginUnderServiceWorker({ viewport: NARROW, language: 'en' })
  await signIn(page, server.url)
  const posts = await loseFirstAnswer(page, '**/api/members')
  const name = 'Droppedanswer'
  await registerMinimal(page, name)
  await page.getByText(t('en', 'savedOnDevice')).waitFor()
  // The next request that reaches the server starts the queue, which sends the registration
  // again with the same key; the server answers with the member it already has.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/members')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  for (let waited = 0; posts() < 2 && waited < 60_000; waited += 250) await page.waitForTimeout(250)
  assert.equal(posts(), 2)
  await page
    .getByRole('button', { name: t('en', 'queueWaitingShort', { count: 1 }) })
    .waitFor({ state: 'detached', timeout: 30_000 })

  assert.equal((await membersNamed(await apiToken(server.url), name)).length, 1)
  await context.close()
})

test('an edit of a registration whose answer was lost reaches the member it made', async () => {
  const { context, page } = await openLoginUnderServiceWorker({ viewport: WIDE, language: 'en' })
  await signIn(page, server.url)
  // The first registration reaches the server and its answer is dropped; later sends find no
  // connection until the edit is saved.
  let posts = 0
  let connected = false
  const puts: number[] = []
  await page.route('**/api/members', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts += 1
    if (posts === 1) {
      await route.fetch()
      return route.abort('connectionreset')
    }
    return connected ? route.continue() : route.abort('internetdisconnected')
  })
  page.on('response', (response) => {
    if (response.request().method() === 'PUT') puts.push(response.status())
  })
  const name = 'Editedafterloss'
  await registerMinimal(page, name)
  await page.getByText(t('en', 'savedOnDevice')).waitFor()

  await navigate(page, '/queue')
  const fullName = `${name} Kebede Offline`
  await page.getByRole('button', { name: t('en', 'queueEditNamed', { name: fullName }) }).click()
  await page.waitForURL(/\/registration\?queued=/)
  await page.locator('#member-last_name').fill('Corrected')
  for (const step of [1, 2, 3, 4, 5, 6]) await nextStep(page, step)
  connected = true
  await page.getByRole('button', { name: t('en', 'queueEditSave'), exact: true }).click()
  for (let waited = 0; puts.length === 0 && waited < 30_000; waited += 250) {
    await page.waitForTimeout(250)
  }

  const token = await apiToken(server.url)
  const found = await membersNamed(token, name)
  assert.equal(found.length, 1, 'one member, not a second one for the edit')
  assert.equal((found[0] as { last_name?: string }).last_name, 'Corrected')
  assert.deepEqual(puts, [200])
  await context.close()
})
