#!/usr/bin/env node
// npm run bench:login -- URL [URL…]: the sign-in page's three figures (docs/performance.md), for
// one or more running servers (say, two builds to compare), their runs interleaved:
//   cold    Lighthouse (mobile, simulated throttling) on /login in a fresh Chromium;
//   warm    the service worker installed and controlling (the case staff live in), then
//           Lighthouse on /login with DevTools throttling (4× CPU) and storage kept;
//   sign-in from pressing Sign in to the registration form's first field on screen, 4× CPU.
// Each server needs an admin whose password is in ABAL_ADMIN_PASSWORD (as `npm start` makes one).
// LOGIN_BENCH_RUNS=5 (default 3) sets the runs per server; medians are printed at the end.
import { navigation } from 'lighthouse'
import puppeteer from 'puppeteer-core'

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const PASSWORD = process.env.ABAL_ADMIN_PASSWORD
const RUNS = Math.max(1, Number(process.env.LOGIN_BENCH_RUNS ?? 3) || 3)
const CPU_SLOWDOWN = 4
const bases = process.argv.slice(2).map((url) => url.replace(/\/$/, ''))
if (!bases.length || !PASSWORD) {
  console.error('usage: ABAL_ADMIN_PASSWORD=… node scripts/login-bench.mjs URL [URL…]')
  process.exit(2)
}

/** Runs `use` with a fresh Chromium; a measurement that fails is tried once more. */
async function withBrowser(use, attempt = 1) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  })
  try {
    return await use(browser)
  } catch (error) {
    if (attempt > 1) throw error
    console.error(`  (retrying after: ${error.message.split('\n')[0]})`)
    return withBrowser(use, attempt + 1)
  } finally {
    await browser.close()
  }
}

const figures = ({ lhr }) => ({
  performance: Math.round(lhr.categories.performance.score * 100),
  lcp: lhr.audits['largest-contentful-paint'].numericValue,
  tbt: lhr.audits['total-blocking-time'].numericValue,
})

const cold = (base) =>
  withBrowser(async (browser) =>
    figures(await navigation(await browser.newPage(), `${base}/login`)),
  )

/**
 * As if "Maybe later" was pressed earlier in this session (spec 9.6): otherwise the install
 * dialog, due 3 s after the browser offers installation, would be the page's largest paint and
 * take the focus from the sign-in form.
 */
const dismissInstallDialog = () => sessionStorage.setItem('installPromptDismissed', 'true')

/** Installs the service worker and waits until it controls the page, as after a first visit. */
async function installServiceWorker(page, base) {
  await page.evaluateOnNewDocument(dismissInstallDialog)
  await page.goto(`${base}/login`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.waitForSelector('#login-username')
}

async function warmAndSignIn(base) {
  return withBrowser(async (browser) => {
    const page = await browser.newPage()
    page.setDefaultTimeout(120_000)
    await installServiceWorker(page, base)
    const warm = figures(
      await navigation(page, `${base}/login`, {
        flags: {
          disableStorageReset: true,
          throttlingMethod: 'devtools',
          throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
        },
      }),
    )
    const signInPage = await browser.newPage()
    signInPage.setDefaultTimeout(120_000)
    const cdp = await signInPage.createCDPSession()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await signInPage.evaluateOnNewDocument(dismissInstallDialog)
    await signInPage.goto(`${base}/login`)
    await signInPage.locator('#login-username').fill('admin')
    await signInPage.locator('#login-password').fill(PASSWORD)
    const started = performance.now()
    await signInPage.click('form button[type=submit]')
    await signInPage.waitForSelector('#member-first_name', { visible: true })
    return { ...warm, signIn: performance.now() - started }
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const ms = (value) => `${Math.round(value)} ms`.padStart(8)

const results = new Map(bases.map((base) => [base, { cold: [], warm: [] }]))
for (let run = 1; run <= RUNS; run += 1) {
  for (const base of bases) {
    const { cold: colds, warm: warms } = results.get(base)
    colds.push(await cold(base))
    warms.push(await warmAndSignIn(base))
    const c = colds.at(-1)
    const w = warms.at(-1)
    console.log(
      `run ${run} ${base}: cold ${c.performance} LCP${ms(c.lcp)} TBT${ms(c.tbt)} · ` +
        `warm ${w.performance} LCP${ms(w.lcp)} TBT${ms(w.tbt)} · sign-in${ms(w.signIn)}`,
    )
  }
}

console.log(
  `\nMedians of ${RUNS} runs (cold: simulated mobile; warm and sign-in: ${CPU_SLOWDOWN}× CPU):`,
)
for (const [base, { cold: colds, warm: warms }] of results) {
  const m = (list, key) => median(list.map((entry) => entry[key]))
  console.log(
    `${base}\n  cold /login   performance ${m(colds, 'performance')}  LCP${ms(m(colds, 'lcp'))}  TBT${ms(m(colds, 'tbt'))}` +
      `\n  warm /login   performance ${m(warms, 'performance')}  LCP${ms(m(warms, 'lcp'))}  TBT${ms(m(warms, 'tbt'))}` +
      `\n  sign-in to the registration form${ms(m(warms, 'signIn'))}`,
  )
}
