import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  NARROW,
  openPage,
  pressDropdownItem,
  screenshot,
  server,
  signIn,
  submitLogin,
  t,
  useServerAndBrowser,
  WIDE,
} from './support'

useServerAndBrowser()

test('the login page is Amharic by default and refuses a wrong password', async () => {
  const { context, page } = await openPage({ viewport: NARROW })
  await page.goto(`${server.url}/`)
  await page.waitForURL(/\/login$/)
  assert.equal(await page.getAttribute('html', 'lang'), 'am')
  await page.getByText('እባክዎ ያለዎትን የመረጃ ቋት መለያ ተጠቅመው ይግቡ።').waitFor()
  await screenshot(page, 'login-am-light-375')
  await page.locator('#login-username').fill('admin')
  await page.locator('#login-password').fill('not-the-password')
  await page.locator('form button[type=submit]').click()
  const alert = page.locator('.ant-alert', {
    has: page.getByText('የተጠቃሚ ስም ወይም የይለፍ ቃል ትክክል አይደለም'),
  })
  await alert.waitFor()
  // The alert loads with its own chunk after the failure; its antd CSS must come along with it
  // (an unstyled alert has no background, border or padding).
  const style = await alert.evaluate((element) => {
    const css = getComputedStyle(element)
    return { background: css.backgroundColor, border: css.borderTopStyle, padding: css.paddingTop }
  })
  assert.notEqual(style.background, 'rgba(0, 0, 0, 0)')
  assert.equal(style.border, 'solid')
  assert.notEqual(style.padding, '0px')
  await screenshot(page, 'login-failed-am-light-375')
  await context.close()
})

test('/login arrives drawn; React takes it over, or draws afresh in another language', async () => {
  const html = await (await fetch(`${server.url}/login`)).text()
  assert.match(html, /<div id="root" data-drawn="am-light">/)
  assert.match(html, /id="login-username"/)
  // Its stylesheets are inline (decision 0305): no request holds the first paint, and the login
  // chunk's loader finds them in the page instead of fetching them again.
  assert.doesNotMatch(html, /<link[^>]*rel="stylesheet"/)
  assert.match(html, /<style data-href="\/assets\/login\.[0-9a-f]+\.css">/)

  const { context, page } = await openPage()
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
  })
  const reactErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|React error/i.test(message.text()))
      reactErrors.push(message.text())
  })
  // The app's script is held back: till React has the drawn form, it takes no typing or press.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/app\.[0-9a-f]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(`${server.url}/login`, { waitUntil: 'commit' })
  const username = page.locator('#login-username')
  const submit = page.locator('form button[type=submit]')
  await username.waitFor()
  assert.equal(await username.isEditable(), false)
  assert.equal(await submit.isDisabled(), true)
  release()
  await submitLogin(page)
  await page.waitForURL(/\/registration$/)
  assert.deepEqual(reactErrors, [])
  assert.equal(stylesheets.filter((url) => /\/assets\/(app|login)\./.test(url)).length, 0)

  await page.unrouteAll()
  await page.evaluate(() => localStorage.setItem('language', 'en'))
  await page.goto(`${server.url}/login`)
  await page.getByRole('heading', { name: t('en', 'loginTitle') }).waitFor()
  assert.equal(await page.getByText(t('am', 'loginTitle'), { exact: true }).count(), 0)
  assert.equal(await page.locator('#login-page-style').count(), 0)
  await submit.click()
  await page.getByText(t('en', 'usernameRequired')).waitFor()
  assert.deepEqual(reactErrors, [])
  await context.close()
})

test('/login paints from its own bytes; the scripts and the manifest follow the paint', async () => {
  // Decision 0376: the page's letters are inline, and its one inline script (allowed by its
  // hash) asks for the rest once the largest paint is on screen.
  const { context, page } = await openPage()
  await page.addInitScript(() => {
    const probe = { lcp: [] as number[], violations: [] as string[], facesAtPaint: 0 }
    Object.assign(window, { probe })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.lcp.push(entry.startTime)
      // The faces the painted text asked for, once loaded: no font file has been asked for yet.
      if (probe.lcp.length === list.getEntries().length) {
        void document.fonts.ready.then(() => {
          probe.facesAtPaint = [...document.fonts].filter((f) => f.status === 'loaded').length
        })
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    document.addEventListener('securitypolicyviolation', (event) =>
      probe.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  await page.goto(`${server.url}/login`)
  const username = page.locator('#login-username')
  await page.waitForFunction(() => !document.querySelector('#login-username[readonly]'))
  await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' })
  await page.waitForFunction(
    () => (window as unknown as { probe: { facesAtPaint: number } }).probe.facesAtPaint > 0,
  )
  const seen = await page.evaluate(() => {
    const { probe } = window as unknown as {
      probe: { lcp: number[]; violations: string[]; facesAtPaint: number }
    }
    return {
      ...probe,
      requests: performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
    }
  })
  assert.deepEqual(seen.violations, [])
  assert.ok(seen.lcp.length > 0, 'a largest paint was reported')
  const painted = seen.lcp[0]
  const early = seen.requests.filter((request) => request.start < painted)
  assert.deepEqual(
    early.filter((request) => request.name !== '/favicon.svg'),
    [],
    'nothing but the tab icon is asked for before the largest paint',
  )
  const scripts = seen.requests.filter((request) => request.name.endsWith('.js'))
  assert.ok(scripts.some((request) => /\/assets\/app\.[0-9a-f]+\.js$/.test(request.name)))
  // Its Ge'ez and Latin letters were painted with the faces written into the page.
  assert.equal(seen.facesAtPaint, 2)
  assert.equal(await username.isEditable(), true)
  await context.close()
})

test('protected routes send a signed-out visitor to /login', async () => {
  const { context, page } = await openPage()
  await page.goto(`${server.url}/members`)
  await page.waitForURL(/\/login$/)
  await page.goto(`${server.url}/member/12`)
  await page.waitForURL(/\/login$/)
  await context.close()
})

for (const viewport of [NARROW, WIDE]) {
  test(`admin signs in, switches to English and dark mode, reloads and logs out (${viewport.width}px)`, async () => {
    const { context, page } = await openPage({ viewport })
    await signIn(page)
    await screenshot(page, `shell-am-light-${viewport.width}`)

    await page.getByRole('button', { name: 'ቋንቋ' }).click()
    await pressDropdownItem(page, 'English')
    await page.waitForFunction(() => document.documentElement.lang === 'en')
    assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'en')

    await page.getByRole('button', { name: 'Dark mode' }).click()
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
    assert.equal(await page.evaluate(() => localStorage.getItem('themeMode')), 'dark')
    await screenshot(page, `shell-en-dark-${viewport.width}`)

    // Spec 2.1: every application start needs a fresh sign-in; preferences survive.
    await page.reload()
    await page.waitForURL(/\/login$/)
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)
    assert.equal(await page.getAttribute('html', 'lang'), 'en')
    await page.getByText('Please use your existing database credentials to login.').waitFor()
    await screenshot(page, `login-en-dark-${viewport.width}`)

    await signIn(page)
    if (viewport.width <= 600) {
      // Spec 2.2: Registration, Members and Logout live in the overflow menu on phones.
      assert.equal(await page.getByRole('button', { name: 'Logout' }).count(), 0)
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('menuitem', { name: 'Logout' }).click()
    } else {
      await page.getByRole('button', { name: 'Logout' }).click()
    }
    await page.waitForURL(/\/login$/)
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)
    await context.close()
  })
}

test('the debug page reaches health, database and login', async () => {
  const { context, page } = await openPage({ language: 'en' })
  await page.goto(`${server.url}/debug`)
  await page.getByRole('button', { name: 'Test Health' }).click()
  await page.getByText('HTTP status: 200').first().waitFor()
  await page.getByRole('button', { name: 'Test Database' }).click()
  await page.getByText('"dialect": "sqlite"').waitFor()
  await page.getByRole('button', { name: 'Test Login' }).click()
  await page.getByText('HTTP status: 401').waitFor()
  await screenshot(page, 'debug-en-light-1280')
  await context.close()
})
