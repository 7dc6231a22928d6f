/**
 * Browser-test support: a real built server on a free port with a throwaway data dir, and
 * Debian's Chromium driven by playwright-core.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, afterEach, before } from 'node:test'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core'
import CHROMIUM_FLAGS from '../scripts/chromium-flags.json'
import { freePort, startServerProcess } from '../scripts/serverProcess'

export const ROOT = path.resolve(__dirname, '..')
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts')
export const ADMIN_PASSWORD = 'e2e-admin-password'
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export { freePort }

// The flags every Chromium the scripts drive gets (the Lighthouse runs read the same file).
export const CHROMIUM_ARGS = [
  '--headless',
  ...CHROMIUM_FLAGS,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
]

export interface RunningServer {
  url: string
  port: number
  dataDir: string
  output: () => string
  stop(): Promise<void>
}

/** Starts `src/server/server.ts` over the built dist/ (scripts/e2e.mjs builds it first). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A fixed PORT lets a test restart the server on the same origin (service worker tests).
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'abal-e2e-'))
  const running = await startServerProcess({
    port,
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    env: { STATIC_DIR: path.resolve(ROOT, process.env.ABAL_DIST_DIR ?? 'dist'), ...env },
    logs: 'output',
    startTimeoutMs: 30_000,
  })
  return {
    url: running.url,
    port,
    dataDir,
    output: running.output,
    stop: async () => {
      await running.stop()
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let scratch: string | undefined

/** A path for a file a test writes or downloads, in a folder removed when the test file ends. */
export function scratchFile(name: string): string {
  if (!scratch) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-e2e-files-'))
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
    scratch = dir
  }
  return path.join(scratch, name)
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

/**
 * The server and Chromium that a test file's tests share. `useServerAndBrowser()` at the top of
 * the file starts both before its first test, then runs `setUp` (its data), and stops both after
 * its last test. These exports are live ES module bindings, so a test reads the started ones.
 */
export let server: RunningServer
export let browser: Browser

export function useServerAndBrowser(setUp?: () => Promise<void>) {
  // One hook: Node 20 runs a file's top-level before() hooks concurrently, not in order.
  before(async () => {
    // Ours, not the server's: stop() keeps it, so restartSharedServer() finds the same data.
    server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'abal-e2e-')) })
    browser = await launchBrowser()
    await setUp?.()
  })
  // A test that failed while the server was stopped must not fail the file's next tests too.
  afterEach(async () => {
    if (sharedServerStopped) await restartSharedServer()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
  })
}

let sharedServerStopped = false

/** Stops the file's server, keeping its port and data for restartSharedServer. */
export async function stopSharedServer() {
  sharedServerStopped = true
  await server.stop()
}

/** The file's stopped server again, on the same origin (so the same service worker) and data. */
export async function restartSharedServer() {
  server = await startServer({ PORT: String(server.port), DATA_DIR: server.dataDir })
  sharedServerStopped = false
}

/** The rest of a registration's required fields, as createMember sends them. */
export const MEMBER_BASICS = {
  street_address: 'Bole Road 12',
  city: 'Addis Ababa',
  state: 'Addis Ababa',
  membership_status: 'member',
  current_ministries: JSON.stringify(['choir']),
  highest_education: 'degree',
  preferred_contact_method: 'call',
}

/** A member with a Ge'ez name and every required field (the accessibility and ID card files). */
export const AMHARIC_MEMBER = {
  first_name: 'አበበ',
  middle_name: 'ከበደ',
  last_name: 'ተሰማ',
  gender: 'male',
  date_of_birth: '1990-05-04',
  marital_status: 'married',
  phone_primary: '+251 911 234 567',
  ...MEMBER_BASICS,
  preferred_contact_method: 'sms',
  emergency_contact_name: 'አልማዝ ተስፋዬ',
  job: '',
}

/** Registers a member through the API as the wizard sends it; fails the test unless stored. */
export async function createMember(
  fields: Record<string, string | Blob>,
  token?: string,
): Promise<{ id: number; photo_path?: string | null }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const res = await fetch(`${server.url}/api/members`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await apiToken(server.url))}` },
    body: form,
  })
  const body = await res.text()
  if (res.status !== 201) throw new Error(`member not created (${res.status}): ${body}`)
  return JSON.parse(body) as { id: number; photo_path?: string | null }
}

/** In-app navigation: a page load would sign the user out (spec 2.1), so go as a link does. */
export async function navigate(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, route)
  await page.waitForURL(new RegExp(`${literally(route)}$`))
}

/** Presses Next, then waits for the registration step of index `step` (titled `step + 1`). */
export async function nextStep(page: Page, step: number) {
  await page.locator('.registration-actions button[type=submit]').click()
  await page
    .locator('.registration-step-title', { hasText: `${step + 1} ` })
    .first()
    .waitFor()
}

/** What a watched page reported going wrong, and its API requests with how each ended. */
interface PageLog {
  trouble: string[]
  requests: Map<Request, string>
}
const pageLogs = new WeakMap<Page, PageLog>()

/** Keeps a page's uncaught and console errors and its API requests for failure reports. */
function watch(page: Page) {
  const log: PageLog = { trouble: [], requests: new Map() }
  const api = (request: Request) => new URL(request.url()).pathname.startsWith('/api/')
  const said = (request: Request, how: string) =>
    log.requests.set(request, `${request.method()} ${new URL(request.url()).pathname} ${how}`)
  page.on('pageerror', (error) => log.trouble.push(`uncaught: ${error.message}`))
  page.on('console', (line) => {
    if (line.type() === 'error') log.trouble.push(`console: ${line.text()}`)
  })
  page.on('request', (request) => {
    if (api(request)) said(request, '(no answer yet)')
  })
  page.on('response', (response) => {
    if (api(response.request())) said(response.request(), `→ ${response.status()}`)
  })
  page.on('requestfailed', (request) => {
    if (api(request)) said(request, `→ ${request.failure()?.errorText}`)
  })
  pageLogs.set(page, log)
}

/**
 * Runs a step; if it fails, the error also says where the page was, what it showed, its open
 * dialogs and (for a page from openPage) its errors and last API requests, so that a failure
 * seen only in CI names its cause.
 */
export async function showingPage<T>(page: Page, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '(unreadable)')
    const dialogs = await page
      .locator('[role=dialog]:visible, [role=alertdialog]:visible')
      .allInnerTexts()
      .catch(() => [])
    const log = pageLogs.get(page)
    const last = (lines: Iterable<string>) => [...lines].slice(-10).join('\n')
    throw new Error(
      `${(error as Error).message}\nat ${page.url()}, showing:\n${shown.slice(0, 1500)}` +
        (dialogs.length ? `\nin dialogs:\n${dialogs.join('\n--\n')}` : '\nno dialog open') +
        (log?.trouble.length ? `\nthe page reported:\n${last(log.trouble)}` : '') +
        (log ? `\nits last API requests:\n${last(log.requests.values())}` : ''),
      { cause: error },
    )
  }
}

/** Waits for a locator; a timeout says where the page was and what it showed. */
export const waitShowingPage = (page: Page, locator: Locator) =>
  showingPage(page, () => locator.waitFor())

export const NARROW = { width: 375, height: 812 }
export const WIDE = { width: 1280, height: 800 }

/** A screen's look: its language, theme and width (the file name part like "am-dark-375"). */
export interface Look {
  lang: 'am' | 'en'
  theme: 'light' | 'dark'
  viewport: typeof WIDE
  name: string
}

const look = (lang: Look['lang'], theme: Look['theme'], viewport: typeof WIDE): Look => ({
  lang,
  theme,
  viewport,
  name: `${lang}-${theme}-${viewport.width}`,
})

/** Amharic and English, light and dark, 375 and 1280 px: all eight. */
export const EVERY_LOOK: readonly Look[] = (['am', 'en'] as const).flatMap((lang) =>
  (['light', 'dark'] as const).flatMap((theme) =>
    [NARROW, WIDE].map((viewport) => look(lang, theme, viewport)),
  ),
)

/**
 * The looks a screen is checked in: four that hold every pair of language, theme and width, so a
 * fault needing two of them together shows (docs/decisions/0384). E2E_EVERY_LOOK=1 takes all eight.
 */
export const LOOKS: readonly Look[] = process.env.E2E_EVERY_LOOK
  ? EVERY_LOOK
  : [
      look('en', 'light', WIDE),
      look('am', 'dark', WIDE),
      look('en', 'dark', NARROW),
      look('am', 'light', NARROW),
    ]

export interface PageOptions {
  viewport?: { width: number; height: number }
  language?: string
  /** 'dark' stores the dark theme before the app starts (unless the page already chose one). */
  theme?: 'light' | 'dark'
  /**
   * Lets the app install its service worker, for the tests of offline use and updates. Others
   * block it: its install precaches the whole build, seconds of CPU a page (decision 0385).
   */
  serviceWorker?: boolean
  /** The device asks for reduced motion: antd then opens and closes without animating. */
  reducedMotion?: boolean
}

export async function newContext(
  browser: Browser,
  options: PageOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? WIDE,
    acceptDownloads: true,
    permissions: ['camera'],
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  })
  if (options.language) {
    const lang = options.language
    await context.addInitScript((l) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', l)
    }, lang)
  }
  if (options.theme === 'dark') {
    await context.addInitScript(() => {
      if (!localStorage.getItem('themeMode')) localStorage.setItem('themeMode', 'dark')
    })
  }
  return context
}

/** A new context with one page, in the file's shared browser unless another is given. */
export async function openPage(
  options: PageOptions = {},
  inBrowser: Browser = browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(inBrowser, options)
  const page = await context.newPage()
  watch(page)
  return { context, page }
}

/** Fills in and sends the login form of a page that shows it. */
export async function submitLogin(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await page.locator('#login-username').fill(username)
  await page.locator('#login-password').fill(password)
  await page.locator('form button[type=submit]').click()
}

/**
 * Signs in through the login form and waits for /registration, where sign-in lands (spec 2.3)
 * and the tests that call this begin.
 */
export async function signIn(
  page: Page,
  baseUrl = server.url,
  username = 'admin',
  password = ADMIN_PASSWORD,
) {
  await page.goto(`${baseUrl}/login`)
  await submitLogin(page, username, password)
  await page.waitForURL(/\/registration$/)
}

/**
 * Lets the page's first `method` request to `url` reach the server, then drops its answer on the
 * way back (a weak link's lost reply); later ones pass. Answers how many have been sent.
 */
export async function loseFirstAnswer(page: Page, url: string, method = 'POST') {
  let sent = 0
  await page.route(url, async (route) => {
    if (route.request().method() !== method || ++sent > 1) return route.continue()
    await route.fetch()
    await route.abort('connectionreset')
  })
  return () => sent
}

/** Signs in (see signIn), then opens the home screen in the app (no reload, which signs out). */
export async function signInToHome(
  page: Page,
  baseUrl = server.url,
  username = 'admin',
  password = ADMIN_PASSWORD,
) {
  await signIn(page, baseUrl, username, password)
  await navigate(page, '/home')
}

/** Waits until /sw.js is active and controls the page (a reload is needed after the first visit). */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
  }
}

/** A new page on the login screen, once the service worker controls it (as offline it must). */
export async function openLoginUnderServiceWorker(options: PageOptions) {
  const opened = await openPage({ ...options, serviceWorker: true })
  await opened.page.goto(`${server.url}/login`)
  await controlledByServiceWorker(opened.page)
  return opened
}

/** The stored members of this first name, as the API's search finds them (for `token`'s account). */
export async function membersNamed(token: string, firstName: string) {
  const { items } = await apiCall<{ items: { first_name: string; photo_path: string }[] }>(
    token,
    'GET',
    `/api/members/search?q=${encodeURIComponent(firstName)}`,
  )
  return items.filter((member) => member.first_name === firstName)
}

/** An API token for setting up data quickly through HTTP. */
export async function apiToken(baseUrl: string, username = 'admin', password = ADMIN_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`)
  return body.token
}

/** An authenticated JSON call for setting up data; fails the test on any error status. */
export async function apiCall<T = { id: number }>(
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      // Fastify refuses an empty body said to be JSON (a DELETE's).
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`)
  // A 204 answers nothing.
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * Every look of a screen (EVERY_LOOK), each in a new page, for the screenshot look-throughs that
 * people read; `name` like "am-dark-375" for its files.
 */
export async function forEachLook(
  take: (look: { lang: 'am' | 'en'; name: string; page: Page }) => Promise<void>,
) {
  for (const { lang, theme, viewport, name } of EVERY_LOOK) {
    const { context, page } = await openPage({ language: lang, theme, viewport })
    try {
      await take({ lang, name, page })
    } finally {
      await context.close()
    }
  }
}

/** Adds a staff account through the users CLI (password from stdin, as a person would). */
export async function addUser(dataDir: string, username: string, password: string) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', 'esbuild-register', 'src/server/cli/users.ts', 'add', username],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    child.stdin.end(`${password}\n${password}\n`)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`users add failed: ${err}`)),
    )
  })
}

export type Language = 'en' | 'am' | 'om'
export const LANGUAGES: readonly Language[] = ['en', 'am', 'om']

const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${lang}.json`), 'utf8')),
  ]),
) as Record<Language, Record<string, string>>

/**
 * The interface text of a message id, as the user of that language sees it, with simple
 * `{name}` placeholders filled in (plural and select messages are not interpreted).
 */
export function t(lang: Language, id: string, values: Record<string, string | number> = {}) {
  const text = catalogs[lang][id]
  if (text === undefined) throw new Error(`no message ${id} in locales/${lang}.json`)
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
}

/**
 * Presses an item of an open menu (a choice, such as the language, or an action) once the menu
 * has finished sliding in. A press during the slide made Playwright scroll the page to reach the
 * moving item (by 52 px at 375 px), which left the menu where the sticky top bar covers it.
 */
export async function pressDropdownItem(page: Page, name: string) {
  const item = page.getByRole('menuitemradio', { name }).or(page.getByRole('menuitem', { name }))
  await pressSettled(item, '.ant-dropdown')
}

/** Clicks `target` once the overlay around it (closest `overlay`) has finished moving in. */
export async function pressSettled(target: Locator, overlay: string) {
  await target.evaluate(
    (element, selector) =>
      Promise.all(
        (element.closest(selector) ?? element)
          .getAnimations({ subtree: true })
          .map((animation) => animation.finished),
      ),
    overlay,
  )
  await target.click()
}

/** The options of the select menu that is open now (the visible one). */
export const openOptions = (page: Page) =>
  page.locator('.ant-select-dropdown .ant-select-item-option').filter({ visible: true })

/**
 * Brings `option` of the open menu of `input` into the page. The menu is virtual: an option out
 * of its window is not there. A search (typing `search`) finds it; without one, the arrow keys
 * walk the list (at most 60 steps; it wraps) and it scrolls along, as for a keyboard user.
 */
export async function showOption(page: Page, input: Locator, option: Locator, search?: string) {
  await openOptions(page).first().waitFor({ timeout: 5000 })
  if ((await option.count()) > 0) return
  if (search !== undefined && (await input.isEditable())) return input.fill(search)
  for (let step = 0; step < 60 && (await option.count()) === 0; step += 1) {
    await input.press('ArrowDown')
  }
}

/** Text as a regular expression matching it letter for letter. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Picks one option of the antd select with this id (retried while the menu slides in); `exact`
 * where another option's label contains this one (Male in Female).
 */
export async function pickOption(page: Page, id: string, label: string, exact = false) {
  const input = page.locator(`#${id}`)
  const select = page.locator('.ant-select', { has: input })
  const name = exact ? new RegExp(`^${literally(label)}$`) : label
  for (let attempt = 1; ; attempt += 1) {
    try {
      if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click()
      const option = openOptions(page).filter({ hasText: name }).first()
      await showOption(page, input, option)
      await option.click({ timeout: 5000 })
      await select
        .locator('.ant-select-content-has-value, .ant-select-selection-item', { hasText: label })
        .first()
        .waitFor({ timeout: 5000 })
      break
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
  if ((await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape')
}

/** The wizard's required fields only (after `first`, such as taking a photo), then Submit. */
export async function registerMinimal(
  page: Page,
  firstName: string,
  first?: (page: Page) => Promise<void>,
) {
  const option = (field: string, key: string) => t('en', `option.${field}.${key}`)
  if (first) await first(page)
  await page.locator('#member-first_name').fill(firstName)
  await page.locator('#member-middle_name').fill('Kebede')
  await page.locator('#member-last_name').fill('Offline')
  await pickOption(page, 'member-gender', option('gender', 'female'))
  await page.locator('#member-date_of_birth').click()
  await page.locator('#member-date_of_birth').fill('1990-05-04')
  await page.keyboard.press('Enter')
  await pickOption(page, 'member-marital_status', option('marital_status', 'single'))
  await nextStep(page, 1)
  await page.locator('#member-phone_primary').fill('+251911000111')
  await page.locator('#member-street_address').fill('Bole Road 12')
  await page.locator('#member-city').fill('Addis Ababa')
  await page.locator('#member-state').fill('Addis Ababa')
  await nextStep(page, 2)
  await nextStep(page, 3)
  await pickOption(page, 'member-membership_status', option('membership_status', 'member'))
  await nextStep(page, 4)
  await pickOption(page, 'member-current_ministries', option('current_ministries', 'choir'))
  await nextStep(page, 5)
  await pickOption(page, 'member-highest_education', option('highest_education', 'degree'))
  await nextStep(page, 6)
  await pickOption(
    page,
    'member-preferred_contact_method',
    option('preferred_contact_method', 'sms'),
  )
  // A Submit that never shows fails with the page's text, which names the step it was on.
  await showingPage(page, () =>
    page.getByRole('button', { name: t('en', 'submit'), exact: true }).click(),
  )
}
