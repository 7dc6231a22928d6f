/**
 * npm run bench:list: the member list with 20,000 members in Chromium (table at 1280 px, cards at
 * 375 px): load 2,000, scroll back up, search; prints the long tasks. docs/performance.md
 * describes it. BENCH_MEMBERS and BENCH_ROWS change the sizes.
 */
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { launchBrowser, NARROW, newContext, signIn, startServer, WIDE } from '../e2e/support'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000)
const ROWS = Number(process.env.BENCH_ROWS ?? 2_000)

interface LongTasks {
  count: number
  longestMs: number
  totalMs: number
}

async function collectLongTasks(page: Page) {
  await page.evaluate(() => {
    const tasks: number[] = []
    ;(window as unknown as { benchTasks: number[] }).benchTasks = tasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  return async (): Promise<LongTasks> => {
    const tasks = await page.evaluate(() =>
      (window as unknown as { benchTasks: number[] }).benchTasks.splice(0),
    )
    return {
      count: tasks.length,
      longestMs: Math.round(Math.max(0, ...tasks)),
      totalMs: Math.round(tasks.reduce((sum, ms) => sum + ms, 0)),
    }
  }
}

/** Counts the members the list has loaded, from the search responses it receives. */
function countLoaded(page: Page) {
  const loaded = { count: 0 }
  page.on('response', async (response) => {
    if (!response.url().includes('/api/members/search') || !response.ok()) return
    const body = (await response.json()) as { items: unknown[] }
    loaded.count += body.items.length
  })
  return loaded
}

async function run(baseUrl: string, viewport: { width: number; height: number }) {
  const browser = await launchBrowser()
  try {
    const context = await newContext(browser, { viewport, language: 'en' })
    const page = await context.newPage()
    await signIn(page, baseUrl)
    const loaded = countLoaded(page)
    // In-app navigation: a page load would start signed out (spec 2.1).
    await page.evaluate(() => {
      history.pushState({}, '', '/members')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.locator('.member-table tbody tr, .member-cards > li').first().waitFor()
    const scrolling = await collectLongTasks(page)
    const started = Date.now()
    while (loaded.count < ROWS) {
      await page.mouse.wheel(0, 20_000)
      await page.waitForTimeout(150)
    }
    const scroll = { ...(await scrolling()), seconds: (Date.now() - started) / 1000 }

    // Back up through 30,000 px of the loaded list at a brisk hand's pace: 300 px per wheel
    // turn, 20 turns a second.
    const browsing = await collectLongTasks(page)
    for (let turn = 0; turn < 100; turn++) {
      await page.mouse.wheel(0, -300)
      await page.waitForTimeout(50)
    }
    const browse = await browsing()

    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Show Filters' }).click()
    const searching = await collectLongTasks(page)
    await page.getByRole('searchbox').pressSequentially('abebe', { delay: 80 })
    await page.waitForTimeout(1500)
    return { scroll, browse, search: await searching() }
  } finally {
    await browser.close()
  }
}

async function main() {
  const server = await startServer()
  try {
    const seeded = spawnSync(
      process.execPath,
      ['-r', 'esbuild-register', 'src/server/cli/seed.ts', '--members', String(MEMBERS)],
      { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
    )
    if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`)
    console.log(`${MEMBERS} members; scrolling until ${ROWS} are loaded, then typing a search\n`)
    for (const [name, viewport] of [
      ['table, 1280 px', WIDE],
      ['cards, 375 px', NARROW],
    ] as const) {
      const { scroll, browse, search } = await run(server.url, viewport)
      console.log(
        `${name.padEnd(15)} scroll: ${scroll.seconds.toFixed(1)} s, ${scroll.count} long tasks, ` +
          `longest ${scroll.longestMs} ms, ${scroll.totalMs} ms in all · ` +
          `back up: ${browse.count} long tasks, longest ${browse.longestMs} ms · ` +
          `search: ${search.count} long tasks, longest ${search.longestMs} ms`,
      )
    }
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
