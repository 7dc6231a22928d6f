// npm run bench:login-lcp: cold /login's first and largest contentful paint beside a static
// HTML page's, in one run (issue 42, docs/performance.md "Sign-in page"), two ways per load:
//   lighthouse  Lighthouse 12's mobile profile (simulated slow 4G, 4× CPU), the issue's measure;
//   devtools    a fresh Chromium (playwright-core) with a phone's screen, the CPU slowed 4×
//               through the DevTools protocol, no network throttling: the paint as timed.
// Each load gets a fresh Chromium; the pages alternate; medians of LCP_RUNS (5).
// Other builds given as arguments (`npm run bench:login-lcp -- /tmp/dist-before`) are measured
// in the same turns, so a change is judged against the same moments of the machine's load.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { chromium, devices } from 'playwright-core'
import puppeteer from 'puppeteer-core'
import { CHROMIUM, CHROMIUM_ARGS, type RunningServer, startServer } from '../e2e/support'

const RUNS = Math.max(1, Number(process.env.LCP_RUNS ?? 5) || 5)
const CPU_SLOWDOWN = 4
const PHONE = devices['Pixel 5']

/** The floor: what a browser needs at least for a page of about the sign-in form's words. */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body style="font-family: sans-serif; margin: 24px"><h1>Abal</h1>
<p>Sign in with the username and password the church office gave you.</p>
<form><label>Username <input></label><label>Password <input type="password"></label>
<button>Login</button></form></body></html>`

interface Paint {
  fcp: number
  lcp: number
  element: string
}

async function measure(url: string): Promise<Paint> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ ...PHONE })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.addInitScript(() => {
      const w = window as unknown as { __paint: { fcp: number; lcp: number; element: string } }
      w.__paint = { fcp: 0, lcp: 0, element: '' }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'first-contentful-paint') w.__paint.fcp = entry.startTime
        }
      }).observe({ type: 'paint', buffered: true })
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[]
        const last = entries[entries.length - 1]
        w.__paint.lcp = last.startTime
        const el = last.element
        w.__paint.element = el
          ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`
          : ''
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(url, { waitUntil: 'load' })
    // LCP settles once nothing larger paints; 4 s at 4x CPU covers the late banner.
    await page.waitForTimeout(4000)
    return await page.evaluate(
      () =>
        (window as unknown as { __paint: { fcp: number; lcp: number; element: string } }).__paint,
    )
  } finally {
    await browser.close()
  }
}

/** Lighthouse's mobile navigation (its defaults: simulated throttling) in a fresh Chromium. */
async function lighthouse(url: string): Promise<Paint> {
  const { navigation } = await import('lighthouse')
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const result = await navigation(await browser.newPage(), url)
    const audits = result?.lhr.audits
    const fcp = audits?.['first-contentful-paint'].numericValue
    const lcp = audits?.['largest-contentful-paint'].numericValue
    if (fcp === undefined || lcp === undefined) throw new Error(`Lighthouse: no paint on ${url}`)
    const details = audits?.['largest-contentful-paint-element'].details as
      { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined
    const selector = details?.items?.[0]?.items?.[0]?.node?.selector ?? ''
    return { fcp, lcp, element: selector.split(' > ').slice(-2).join(' > ') }
  } finally {
    await browser.close()
  }
}

const METHODS = { lighthouse, devtools: measure } as const
type Method = keyof typeof METHODS

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function main() {
  const floor = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(FLOOR_HTML)
  })
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve))
  const pages: { name: string; url: string }[] = [
    { name: 'floor', url: `http://127.0.0.1:${(floor.address() as AddressInfo).port}/` },
  ]
  const servers: RunningServer[] = []
  try {
    for (const dist of ['', ...process.argv.slice(2)]) {
      const server = await startServer(dist ? { STATIC_DIR: path.resolve(dist) } : {})
      servers.push(server)
      pages.push({ name: dist ? `/login ${dist}` : '/login', url: `${server.url}/login` })
    }
    const methods = Object.keys(METHODS) as Method[]
    const results = new Map<string, Paint[]>(
      methods.flatMap((method) => pages.map(({ name }) => [`${method} ${name}`, []])),
    )
    for (let run = 1; run <= RUNS; run += 1) {
      // Each run starts with another page, so none always loads first after a pause.
      const turn = pages.map((_, i) => pages[(i + run - 1) % pages.length])
      for (const { name, url } of turn) {
        for (const method of methods) {
          const paint = await METHODS[method](url)
          results.get(`${method} ${name}`)!.push(paint)
          console.log(
            `run ${run} ${method} ${name}: FCP ${paint.fcp.toFixed(0)} ms, LCP ${paint.lcp.toFixed(0)} ms (${paint.element})`,
          )
        }
      }
    }
    console.log(`\nmedians of ${RUNS} (range), ${CPU_SLOWDOWN}x CPU, a phone's screen:`)
    for (const method of methods) {
      const floorLcp = median(results.get(`${method} floor`)!.map((p) => p.lcp))
      for (const { name } of pages) {
        const paints = results.get(`${method} ${name}`)!
        const lcp = paints.map((p) => p.lcp)
        console.log(
          `${method} ${name}: FCP ${median(paints.map((p) => p.fcp)).toFixed(0)} ms, ` +
            `LCP ${median(lcp).toFixed(0)} ms (${Math.min(...lcp).toFixed(0)}–${Math.max(...lcp).toFixed(0)}), ` +
            `${(median(lcp) / floorLcp).toFixed(2)}x the floor's LCP`,
        )
      }
    }
  } finally {
    for (const server of servers) await server.stop()
    floor.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
