/**
 * The PWA in a real Chromium: installable, opens offline to the login screen, offers a new build
 * ("New version available! Refresh to update?"), and keeps no member data after Logout.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import sharp from 'sharp'
import { registrationFields } from '../src/server/testing/memberForms'
import {
  apiToken,
  browser,
  controlledByServiceWorker,
  createMember,
  freePort,
  NARROW,
  newContext,
  openPage,
  ROOT,
  type RunningServer,
  screenshot,
  server,
  signIn,
  startServer,
  useServerAndBrowser,
  WIDE,
} from './support'

const DIST = path.resolve(ROOT, process.env.ABAL_DIST_DIR ?? 'dist')
// A second build of the same sources with another build id: what a deploy looks like to clients.
const NEXT_DIST = `${DIST}-next`
const NEXT_BUILD = `e2e-next-${Date.now()}`
const PKG_VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version

useServerAndBrowser()

before(async () => {
  const built = spawnSync(
    process.execPath,
    ['node_modules/webpack-cli/bin/cli.js', '--mode', 'production'],
    {
      cwd: ROOT,
      env: { ...process.env, ABAL_DIST_DIR: NEXT_DIST, ABAL_BUILD_ID: NEXT_BUILD },
      encoding: 'utf8',
    },
  )
  assert.equal(built.status, 0, `second build failed:\n${built.stdout}\n${built.stderr}`)
})
after(async () => {
  fs.rmSync(NEXT_DIST, { recursive: true, force: true })
})

test('Chromium finds the app installable and the banner shows on /login', async () => {
  for (const viewport of [NARROW, WIDE]) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await newContext(browser, { viewport, language: 'en', serviceWorker: true })
      await context.addInitScript((mode) => localStorage.setItem('themeMode', mode), theme)
      const page = await context.newPage()
      await page.goto(`${server.url}/login`)
      await page.getByRole('heading', { name: 'Get the Full Experience!' }).waitFor()
      await page.getByRole('button', { name: 'Install App' }).click()
      await page.getByText('How to install').waitFor()
      await screenshot(page, `install-banner-en-${theme}-${viewport.width}`)
      if (viewport === WIDE && theme === 'light') {
        const cdp = await context.newCDPSession(page)
        await controlledByServiceWorker(page)
        // The drawn page links its manifest once it has painted (decision 0376).
        await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' })
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[]
        }
        // Playwright's contexts are incognito profiles, where Chromium installs nothing; every
        // other reason (manifest, icons, service worker, secure origin) must be absent.
        const errors = installabilityErrors.filter((e) => e.errorId !== 'in-incognito')
        assert.deepEqual(errors, [], JSON.stringify(errors))
        // Close is for good (spec 2.4): gone after a reload too.
        // controlledByServiceWorker may have reloaded the page: a press on the build-time banner before the
        // app runs is pressed again once it has started, so the flag can come a moment later.
        await page.getByRole('button', { name: 'Close the install banner' }).click()
        await page.waitForFunction(
          () => localStorage.getItem('installBannerDismissed') === 'true',
          undefined,
          { timeout: 10_000 },
        )
        await page.reload()
        await page.locator('#login-username').waitFor()
        assert.equal(await page.getByText('Get the Full Experience!').count(), 0)
      }
      await context.close()
    }
  }
})

test('offline, /login still opens from the service worker and says it is offline', async () => {
  const { context, page } = await openPage({
    viewport: NARROW,
    language: 'en',
    serviceWorker: true,
  })
  await page.goto(`${server.url}/login`)
  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await page.locator('#login-username').waitFor()
  await page.getByText('You are offline').waitFor()
  await screenshot(page, 'login-offline-en-375')
  // The language menu loads on a press; it is precached too.
  await page.getByRole('button', { name: /^Language/ }).click()
  await page.getByRole('menuitemradio', { name: 'አማርኛ' }).waitFor()
  await context.setOffline(false)
  await context.close()
})

test('a new build brings "New version available! Refresh to update?" and Refresh switches to it', async () => {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-e2e-pwa-'))
  let first: RunningServer | undefined = await startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
  })
  let second: RunningServer | undefined
  const context = await newContext(browser, { language: 'en', serviceWorker: true })
  try {
    const page = await context.newPage()
    await page.goto(`${first.url}/login`)
    await controlledByServiceWorker(page)
    assert.notEqual(await page.evaluate(() => localStorage.getItem('appVersion')), null)
    await first.stop()
    first = undefined
    second = await startServer({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: NEXT_DIST })

    // The old page learns of the build twice: /version.json (one reload) and the new /sw.js.
    await page.reload()
    await page.getByText('New version available! Refresh to update?').waitFor({ timeout: 30_000 })
    assert.equal(
      await page.evaluate(() => localStorage.getItem('appVersion')),
      `${PKG_VERSION}+${NEXT_BUILD}`,
    )
    await screenshot(page, 'update-prompt-en-1280')
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ])
    await page.locator('#login-username').waitFor()
    const build = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = (event) => resolve((event.data as { build: string }).build)
          navigator.serviceWorker.controller?.postMessage({ type: 'GET_BUILD' }, [channel.port2])
        }),
    )
    assert.equal(build, NEXT_BUILD)
    assert.equal(await page.getByText('New version available! Refresh to update?').count(), 0)
  } finally {
    await context.close()
    await first?.stop()
    await second?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

test('after Logout no member data or photo is left in Cache Storage', async () => {
  const token = await apiToken(server.url)
  const jpeg = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 25, g: 118, b: 210 } },
  })
    .jpeg()
    .toBuffer()
  const member = await createMember(
    {
      ...registrationFields({ first_name: 'Cachetest' }),
      photo: new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }),
    },
    token,
  )

  const { context, page } = await openPage({ language: 'en', serviceWorker: true })
  await page.goto(`${server.url}/login`)
  await controlledByServiceWorker(page)
  await signIn(page)
  const seen: string[] = []
  page.on('response', (res) => {
    if (/\/(api\/members|uploads\/)/.test(res.url())) seen.push(res.url())
  })
  // In-app navigation: a fresh page load would start signed out (spec 2.1).
  // The top bar's entry: the home screen's "Total members" figure is a button too.
  await page.getByRole('button', { name: /Members$/ }).click()
  await page.getByText('Cachetest').first().click()
  await page.waitForURL(new RegExp(`/member/${member.id}$`))
  await page.waitForLoadState('networkidle')
  assert.ok(
    seen.some((url) => url.includes('/api/members')),
    'the member was fetched',
  )

  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL(/\/login$/)
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
  assert.ok(cached.length > 0, 'the precache is there (the check looks at real caches)')
  const personal = cached.filter((url) => /\/api\/|\/uploads\//.test(url))
  assert.deepEqual(personal, [])
  await context.close()
})
