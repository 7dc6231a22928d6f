/**
 * The dues reports (issue 46) in a real Chromium: collections, arrears and the good-standing
 * list show the seeded figures, and each .xlsx download opens and holds their lines; a member's
 * yearly statement opens from the Dues tab. DUES_SHOTS=<dir> also takes the screenshots of the
 * arrears report, the cash-up and the statement.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import ExcelJS from 'exceljs'
import type { Download, Page } from 'playwright-core'
import { monthIndex, monthOfDay, todayIso } from '../src/domain'
import { createDuesMember, openDuesTab, useDuesServer } from './duesSupport'
import {
  apiCall,
  forEachLook,
  type Language,
  navigate,
  openPage,
  scratchFile,
  signIn,
  t,
  WIDE,
} from './support'

const SHOTS = process.env.DUES_SHOTS

let token: string
const member = {} as Record<'paid' | 'oneMonth' | 'none', number>
// Members joined in Meskerem 2018; every month since then has ended but the current one.
const owedMonths = monthIndex(monthOfDay(todayIso())!) - monthIndex('2018-01')
const year = Number(monthOfDay(todayIso())!.slice(0, 4))
const etb = (minor: number) =>
  `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} ETB`

useDuesServer(async (adminToken, { duesId, titheId }) => {
  token = adminToken
  member.paid = await createDuesMember(token, { first_name: 'Abebe', last_name: 'Alemu' })
  member.oneMonth = await createDuesMember(token, { first_name: 'Bekele', last_name: 'Bayu' })
  member.none = await createDuesMember(token, { first_name: 'Chala', last_name: 'Dawit' })
  const pay = (body: Record<string, unknown>) =>
    apiCall(token, 'POST', '/api/payments', {
      fund_id: duesId,
      method: 'cash',
      received_on: todayIso(),
      ...body,
    })
  await pay({ member_id: member.paid, amount: 5000 * owedMonths })
  await pay({ member_id: member.oneMonth, amount: 5000, method: 'telebirr', reference: 'TB-1' })
  await pay({ member_id: member.paid, amount: 2500, fund_id: titheId })
})

/** Saves a download and reads the .xlsx: its first sheet's rows' values. */
async function rowsOf(download: Download): Promise<unknown[][]> {
  assert.match(download.suggestedFilename(), /\.xlsx$/)
  const file = scratchFile('report.xlsx')
  await download.saveAs(file)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

/** The open report tab's section (each is labelled by its heading). */
const REPORT = '.dues-reports-screen section[aria-labelledby]'

/** Presses Download .xlsx (in the open report tab, or on the page) and reads the file. */
async function downloaded(page: Page, scope = page.locator(REPORT)) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: t('en', 'duesReportDownload') }).click(),
  ])
  return rowsOf(download)
}

const openTab = async (page: Page, lang: Language, tab: string, heading: string) => {
  await navigate(page, `/dues/reports?tab=${tab}`)
  await page.getByRole('heading', { name: new RegExp(t(lang, heading)) }).waitFor()
}

test('collections, arrears and the voters’ roll show the seeded figures and download them', async () => {
  const { context, page } = await openPage({ language: 'en', viewport: WIDE })
  try {
    await signIn(page)

    await openTab(page, 'en', 'collections', 'duesReportCollections')
    const table = page.locator(`${REPORT} table`)
    const duesRow = table.locator('tr', { hasText: 'Monthly dues' })
    await duesRow.waitFor()
    const collected = 5000 * owedMonths + 5000
    assert.match(await duesRow.innerText(), new RegExp(etb(collected).replace('.', '\\.')))
    const totalRow = table.locator('tbody tr').last()
    assert.match(await totalRow.innerText(), new RegExp(etb(collected + 2500).replace('.', '\\.')))
    const collections = await downloaded(page)
    assert.equal(collections.at(-1)![0], 'Total')
    assert.equal(collections.at(-1)!.at(-1), (collected + 2500) / 100)
    assert.ok(collections.some((row) => row[0] === 'Tithe' && row.at(-1) === 25))

    await openTab(page, 'en', 'arrears', 'duesReportArrears')
    const owed = 5000 * (owedMonths - 1) + 5000 * owedMonths
    await page.locator('.dues-report-summary').waitFor()
    const summary = await page.locator('.dues-report-summary').innerText()
    assert.equal(summary, `2 members owe ${etb(owed)} in all.`)
    const lines = page.locator(`${REPORT} tbody tr.ant-table-row`)
    assert.deepEqual(
      await lines.evaluateAll((rows) =>
        rows.map((row) => row.querySelector('td')!.textContent!.trim()),
      ),
      ['Chala Dawit', 'Bekele Bayu'],
    )
    assert.match(await lines.first().innerText(), new RegExp(`\\b${owedMonths}\\b`))
    const arrears = await downloaded(page)
    const chala = arrears.find((row) => row[1] === 'Chala Dawit')
    assert.ok(chala, 'the download holds the member')
    assert.deepEqual(chala.slice(4, 7), [owedMonths, (5000 * owedMonths) / 100, 'Meskerem 2018'])
    assert.ok(arrears.some((row) => row[1] === 'Bekele Bayu' && row[4] === owedMonths - 1))

    await openTab(page, 'en', 'standing', 'duesReportGoodStanding')
    await page.getByText(t('en', 'duesReportCount', { count: 1 })).waitFor()
    const roll = page.locator(`${REPORT} tbody tr.ant-table-row`)
    assert.deepEqual(
      await roll.evaluateAll((rows) => rows.map((row) => row.querySelector('td')!.textContent)),
      ['Abebe Alemu'],
    )
    const standing = await downloaded(page)
    assert.ok(standing.some((row) => row[0] === member.paid && row[1] === 'Abebe Alemu'))
    assert.ok(!standing.some((row) => row[1] === 'Chala Dawit'))
  } finally {
    await context.close()
  }
})

test('a member’s yearly statement opens from the Dues tab, prints and downloads', async () => {
  const { context, page } = await openPage({ language: 'en', viewport: WIDE })
  try {
    await signIn(page)
    await openDuesTab(page, 'en', member.oneMonth)
    await page.getByRole('link', { name: t('en', 'duesReportStatement') }).click()
    await page.waitForURL(new RegExp(`/member/statement/${member.oneMonth}\\?year=${year}$`))
    const paper = page.getByRole('article', { name: new RegExp(t('en', 'duesReportStatement')) })
    await paper.waitFor()
    assert.match(await paper.innerText(), /Bekele Bayu/)
    assert.match(await paper.innerText(), /TB-1|telebirr/)
    await page.emulateMedia({ media: 'print' })
    assert.equal(await page.locator('.statement-controls').isVisible(), false)
    assert.equal(await page.locator('.top-bar').isVisible(), false)
    await page.emulateMedia({ media: 'screen' })
    const rows = await downloaded(page, page.locator('.statement-controls'))
    assert.ok(rows.some((row) => row[0] === 'Month' && row[5] === 'Paid'))
    assert.ok(rows.some((row) => row[0] === `Meskerem ${year}`))
  } finally {
    await context.close()
  }
})

// A look-through for people, not a check: registered only when DUES_SHOTS names a folder.
if (SHOTS)
  test('screenshots of the dues reports, the cash-up and the statement', async () => {
    // A dues fund paid per household: the reports then offer Members or Households.
    await apiCall(token, 'POST', '/api/funds', {
      kind: 'dues',
      payer: 'household',
      name_am: 'የቤተሰብ ክፍያ',
      name_en: 'Household dues',
      name_om: 'Kaffaltii maatii',
    })
    await forEachLook(async ({ lang, name, page }) => {
      const shot = (screen: string) =>
        page.screenshot({ path: path.join(SHOTS!, `${screen}-${name}.png`), fullPage: true })
      await signIn(page)
      await openTab(page, lang, 'arrears', 'duesReportArrears')
      await page.locator(`${REPORT} tbody tr.ant-table-row`).first().waitFor()
      await shot('arrears')
      await openTab(page, lang, 'standing', 'duesReportGoodStanding')
      await page.locator(`${REPORT} tbody tr.ant-table-row`).first().waitFor()
      await shot('standing')
      await page.locator(`${REPORT} .ant-select`).first().click()
      await page
        .locator('.ant-select-dropdown .ant-select-item-option', {
          hasText: t(lang, 'duesReportPayer.household'),
        })
        .click()
      await page.getByText(t(lang, 'duesReportNobodyHouseholds')).waitFor()
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({
        state: 'detached',
      })
      await shot('standing-households')
      await navigate(page, '/dues/cash-up')
      await page.locator('.cash-up-card').first().waitFor()
      await shot('cash-up')
      await navigate(page, `/member/statement/${member.oneMonth}`)
      await page.locator('article.statement').waitFor()
      await shot('statement')
      await page.emulateMedia({ media: 'print' })
      await shot('statement-print')
    })
  })
