import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { openPage, type PageOptions } from './support'

// Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self')
// rightly refuses an injected <script>, and the test must not weaken it.
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeResult {
  violations: {
    id: string
    impact: string | null
    help: string
    nodes: { target: unknown[]; failureSummary?: string }[]
  }[]
}

/**
 * Runs axe on the page once its motions are over; returns the serious and critical violations,
 * described. Found ones are read again after a pause: a motion that began after the wait (a
 * button fading in at 97 % opacity) reads as low contrast, while a real violation stays.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  let found = await violationsOnceSettled(page)
  for (let retry = 0; retry < 2 && found.length > 0; retry += 1) {
    await page.waitForTimeout(500)
    found = await violationsOnceSettled(page)
  }
  return found
}

async function violationsOnceSettled(page: Page): Promise<string[]> {
  // Wait out antd's entry motions: a half-faded element reads as low contrast. A fixed pause
  // alone was too short on a busy machine, so every finite animation is awaited as well.
  await page.waitForTimeout(400)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<unknown> } }).axe
    return axe.run(document)
  })
  return (result as AxeResult).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n    ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`,
      ),
    )
}

/**
 * Opens a page in one look; `visit` walks its screens and calls `check(screen)` on each, which
 * takes its picture with `shoot` (if given) and runs axe. Returns what axe found, as "screen: …".
 */
export async function axeWalk(
  look: PageOptions,
  visit: (page: Page, check: (screen: string) => Promise<void>) => Promise<void>,
  shoot?: (page: Page, screen: string) => Promise<unknown>,
): Promise<string[]> {
  const { context, page } = await openPage(look)
  const found: string[] = []
  const check = async (screen: string) => {
    await shoot?.(page, screen)
    for (const violation of await seriousViolations(page)) found.push(`${screen}: ${violation}`)
  }
  try {
    await visit(page, check)
  } finally {
    await context.close()
  }
  return found
}
