import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import {
  addUser,
  apiToken,
  ARTIFACTS,
  launchBrowser,
  NARROW,
  newContext,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  WIDE,
} from './support'

let server: RunningServer
let browser: Browser

const FIRST_NAMES = [
  'Abebe',
  'Almaz',
  'Bekele',
  'Chaltu',
  'Dawit',
  'Eleni',
  'Fikru',
  'Genet',
  'Haile',
  'Hirut',
  'Kidist',
  'Lemlem',
  'Mekdes',
  'Meron',
  'Naod',
  'Obsa',
  'Rahel',
  'Selam',
  'Tigist',
  'Tsion',
  'Wondimu',
  'Yared',
  'Zewdu',
  'Aster',
  'Biruk',
  'Dagim',
  'Eyerus',
  'Feven',
  'Gelila',
  'Hana',
]
// 12 baptised in Bahir Dar (written in Amharic), 18 in Lalibela (written in English).
const AMHARIC_LOCATION = 'ባሕር ዳር ቅዱስ ጊዮርጊስ ቤተ ክርስቲያን'
const ENGLISH_LOCATION = 'Lalibela Bete Giyorgis'
const SECOND_USER = { username: 'dawit.staff', password: 'dawit-e2e-password' }

async function portrait(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
    <rect width="300" height="300" fill="hsl(${hue},55%,70%)"/>
    <circle cx="150" cy="120" r="60" fill="#6d4c41"/><ellipse cx="150" cy="320" rx="120" ry="110" fill="#37474f"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

async function seedMember(token: string, index: number) {
  const form = new FormData()
  const fields: Record<string, string> = {
    first_name: FIRST_NAMES[index],
    middle_name: 'Kebede',
    last_name: `Tesfaye${index}`,
    gender: index % 2 === 0 ? 'male' : 'female',
    date_of_birth: `19${70 + (index % 25)}-0${1 + (index % 9)}-1${index % 9}`,
    marital_status: 'single',
    phone_primary: `+251 911 000 ${String(100 + index)}`,
    email: index % 3 === 2 ? '' : `${FIRST_NAMES[index].toLowerCase()}@example.org`,
    street_address: 'Bole Road 12',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    membership_status: ['member', 'visitor', 'regularAttendee'][index % 3],
    current_ministries: JSON.stringify(index % 2 ? ['choir'] : ['youthMinistry', 'prayerTeam']),
    highest_education: 'degree',
    preferred_contact_method: 'call',
    baptism_location: index < 12 ? AMHARIC_LOCATION : ENGLISH_LOCATION,
    job: index % 4 === 0 ? 'Teacher' : '',
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (index % 6 === 0) {
    const bytes = new Uint8Array(await portrait(index * 12))
    form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), 'portrait.jpg')
  }
  const res = await fetch(`${server.url}/api/members`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  assert.equal(res.status, 201, await res.text())
}

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
  await addUser(server.dataDir, SECOND_USER.username, SECOND_USER.password)
  const token = await apiToken(server.url)
  for (let i = 0; i < FIRST_NAMES.length; i += 1) await seedMember(token, i)
})
after(async () => {
  await browser?.close()
  await server?.stop()
})

async function session(
  viewport: { width: number; height: number },
  options: { language?: string; dark?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport, language: options.language ?? 'en' })
  if (options.dark) {
    await context.addInitScript(() => localStorage.setItem('themeMode', 'dark'))
  }
  const page = await context.newPage()
  return { context, page }
}

/** Reaches /members inside the app: a reload would end the session (spec 2.1). */
async function openMembers(page: Page, username?: string, password?: string) {
  await signIn(page, server.url, username, password)
  const narrow = (page.viewportSize()?.width ?? 1280) <= 600
  // Found by icon, so the same steps work in every interface language.
  if (narrow) {
    await page.locator('.top-bar button:has(.anticon-menu)').click()
    await page
      .getByRole('menuitem')
      .filter({ has: page.locator('.anticon-team') })
      .click()
  } else {
    await page.locator('.top-bar nav button:has(.anticon-team)').click()
  }
  await page.waitForURL(/\/members$/)
  await page.locator('.member-list-title').waitFor()
}

async function search(page: Page, text: string) {
  // The list screen arrives as its own chunk; wait for it before looking at its filters.
  await page.locator('.member-list-title').waitFor()
  const box = page.locator('.member-filters input[type=search]')
  if (!(await box.isVisible())) await page.locator('[aria-controls=member-filters]').click()
  await box.fill(text)
}

/** A dialog is fixed to the viewport: shoot the viewport, once the user menu has closed. */
async function dialogShot(page: Page, name: string) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-select-dropdown')].every(
      (menu) =>
        menu.classList.contains('ant-select-dropdown-hidden') || !menu.getClientRects().length,
    ),
  )
  await page.waitForTimeout(300) // the menu's fade-out
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) })
}

/** Clicks the row of the member once the debounced search has narrowed the list to it. */
async function openRow(page: Page, name: string) {
  await expectCount(page, 1)
  await page.locator('tbody tr.ant-table-row', { hasText: name }).click()
  await page.waitForURL(/\/member\/\d+$/)
}

const countTag = (page: Page) => page.locator('.member-list-header .member-count')

async function expectCount(page: Page, count: number) {
  await page.waitForFunction(
    (n) =>
      document
        .querySelector('.member-list-header [title]')
        ?.getAttribute('title')
        ?.startsWith(`${n} `),
    count,
  )
}

test('the list shows cards on a phone and the table on a desktop, light and dark', async () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light'
    const phone = await session(NARROW, { dark })
    await openMembers(phone.page)
    await expectCount(phone.page, 30)
    await phone.page.getByRole('list', { name: 'Member list' }).waitFor()
    assert.equal(await phone.page.locator('table').count(), 0)
    await phone.page.getByText('No email provided').first().waitFor()
    await screenshot(phone.page, `members-cards-en-${theme}-375`)
    await phone.context.close()

    const desk = await session(WIDE, { dark })
    await openMembers(desk.page)
    await expectCount(desk.page, 30)
    await desk.page.locator('table').waitFor()
    assert.equal(await desk.page.locator('tbody tr.ant-table-row').count(), 30)
    await screenshot(desk.page, `members-table-en-${theme}-1280`)
    await desk.context.close()
  }
})

test('search finds baptism places by an Amharic and an English fragment', async () => {
  const am = await session(WIDE, { language: 'am' })
  await openMembers(am.page)
  await search(am.page, 'ጊዮርጊስ')
  await expectCount(am.page, 12)
  assert.equal(await am.page.locator('tbody tr.ant-table-row').count(), 12)
  await screenshot(am.page, 'members-search-am-light-1280')
  await am.context.close()

  const en = await session(WIDE)
  await openMembers(en.page)
  await search(en.page, 'alibel')
  await expectCount(en.page, 18)
  await search(en.page, 'no such place anywhere')
  await en.page.getByText('No members found').waitFor()
  await en.context.close()
})

test('open, edit two fields and the photo, save, and see the change in the list', async () => {
  for (const dark of [false, true]) {
    const { context, page } = await session(WIDE, { dark })
    await openMembers(page)
    await search(page, dark ? 'Hirut' : 'Genet')
    await openRow(page, dark ? 'Hirut' : 'Genet')
    await page.locator('.profile-name').waitFor()
    await screenshot(page, `profile-view-en-${dark ? 'dark' : 'light'}-1280`)
    if (dark) {
      await context.close()
      continue
    }
    await page.getByRole('button', { name: /^edit Edit$/ }).click()
    await page.getByLabel('First name').fill('Yohannes')
    await page.getByRole('tab', { name: 'Contact Information' }).click()
    await page.getByLabel('Primary phone').fill('+251 944 555 666')
    await page.locator('input[type=file]').setInputFiles({
      name: 'new.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(200),
    })
    await page.locator('.profile-photo[src^="blob:"]').waitFor()
    await screenshot(page, 'profile-edit-en-light-1280')
    await page.getByRole('button', { name: /Save/ }).click()
    await page.getByText('Member updated successfully').waitFor()
    await page.locator('.profile-photo[src^="/uploads/"]').waitFor()
    await page.getByRole('button', { name: /Back/ }).click()
    await page.waitForURL(/\/members$/)
    await search(page, 'Yohannes')
    await expectCount(page, 1)
    const row = page.locator('tbody tr.ant-table-row').first()
    await row.getByText('+251 944 555 666').waitFor()
    assert.match((await row.locator('img').getAttribute('src')) ?? '', /^\/uploads\//)
    await context.close()
  }
})

test('edit mode on a phone, and Cancel discards the change', async () => {
  const { context, page } = await session(NARROW, { dark: true })
  await openMembers(page)
  await search(page, 'Selam')
  await page.getByRole('button', { name: /Edit Selam/ }).click()
  await page.waitForURL(/\/member\/edit\/\d+$/)
  await page.getByRole('button', { name: /^edit Edit$/ }).click()
  await page.getByLabel('First name').fill('Changed')
  await screenshot(page, 'profile-edit-en-dark-375')
  await page.getByRole('button', { name: /Cancel/ }).click()
  await page.getByRole('heading', { name: /^Selam Kebede/ }).waitFor()
  await context.close()
})

test('transfer a member to a second account, light and dark dialogs', async () => {
  for (const [viewport, dark] of [
    [NARROW, true],
    [WIDE, false],
  ] as const) {
    const { context, page } = await session(viewport, { dark })
    await openMembers(page)
    const name = dark ? 'Naod' : 'Kidist'
    await search(page, name)
    if (viewport === NARROW) {
      await page.getByRole('button', { name: new RegExp(`View ${name}`) }).click()
    } else {
      await openRow(page, name)
    }
    await page.getByRole('button', { name: /Transfer/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Member to transfer:').waitFor()
    assert.ok(await dialog.getByRole('button', { name: /Transfer$/ }).isDisabled())
    await dialog.getByRole('searchbox').fill('dawit')
    await dialog.getByRole('combobox').click()
    await page.getByTitle(SECOND_USER.username).click()
    const box = await page.locator('.ant-modal-container').boundingBox()
    if (viewport === NARROW) assert.ok(box && box.width >= 370 && box.height >= 800, 'full screen')
    await dialogShot(page, `transfer-dialog-en-${dark ? 'dark' : 'light'}-${viewport.width}`)
    await dialog.getByRole('button', { name: /Transfer$/ }).click()
    await page.waitForURL(/\/members$/)
    await page
      .getByText(new RegExp(`Member ${name} Kebede .* has been successfully transferred`))
      .waitFor()
    await search(page, name)
    await page.getByText('No members found').waitFor()
    await context.close()
  }

  const other = await session(WIDE)
  await openMembers(other.page, SECOND_USER.username, SECOND_USER.password)
  await expectCount(other.page, 2)
  await other.page.getByText(/^Kidist Kebede/).waitFor()
  await other.context.close()
})

test('delete a member after confirming', async () => {
  const { context, page } = await session(WIDE)
  await openMembers(page)
  await search(page, 'Lemlem')
  await openRow(page, 'Lemlem')
  await page.getByRole('button', { name: /Delete Member/ }).click()
  const confirm = page.getByRole('dialog')
  await confirm
    .getByText('Are you sure you want to delete this member? This action cannot be undone.')
    .waitFor()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL(/\/members$/)
  await search(page, 'Lemlem')
  await page.getByText('No members found').waitFor()
  assert.ok(await countTag(page).isVisible())
  await context.close()
})
