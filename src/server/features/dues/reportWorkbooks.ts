// The dues reports as .xlsx: in the asker's language and calendar, text cells neutralised like
// the member export (a cell never starts a formula), amounts as numbers in major units of the
// church's currency, with its decimals.
import ExcelJS from 'exceljs'
import {
  type DuesMonth,
  ethiopianMonthName,
  formatDate,
  lineId,
  lineName,
  minorDigits,
  monthParts,
  type ReportLine,
  STATEMENT_PAYMENT_COLUMNS,
  type ReportPage,
} from '../../../domain'
import {
  type Calendar,
  filledMessage,
  type Language,
  neutralise,
} from '../../platform/spreadsheetText'
import type { ArrearsReport, Collections, GoodStandingReport, Statement } from './reportSchemas'

type Cell = string | number

function words(lang: Language) {
  return (id: string, values: Record<string, string | number> = {}) =>
    filledMessage(lang, id, values)
}

/** A dues month by its Ethiopian name (dues months are Ethiopian in either calendar). */
export function monthText(month: string, lang: Language): string {
  const { year, month: number } = monthParts(month as DuesMonth)
  return `${ethiopianMonthName(number, lang)} ${year}`
}

const fundName = (fund: { name_am: string; name_en: string; name_om: string }, lang: Language) =>
  (lang === 'am' ? fund.name_am : lang === 'om' ? fund.name_om : fund.name_en) ||
  fund.name_en ||
  fund.name_am ||
  fund.name_om

/** A currency's minor units → major (1200 yen stay 1200; 1200 santim are 12), and its format. */
function moneyOf(currency: string) {
  const digits = minorDigits(currency)
  return {
    major: (minor: number) => minor / 10 ** digits,
    format: digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0',
  }
}

async function workbook(
  sheetName: string,
  title: string[],
  header: string[],
  rows: Cell[][],
  moneyColumns: number[],
  currency: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(
    neutralise(sheetName)
      .slice(0, 31)
      .replace(/[\\/?*[\]:]/g, ' '),
  )
  const clean = (cell: Cell) => (typeof cell === 'string' ? neutralise(cell) : cell)
  for (const line of title) sheet.addRow([clean(line)]).font = { bold: true }
  sheet.addRow([])
  sheet.addRow(header.map(clean)).font = { bold: true }
  for (const row of rows) sheet.addRow(row.map(clean))
  const { format } = moneyOf(currency)
  for (const column of moneyColumns) sheet.getColumn(column + 1).numFmt = format
  sheet.columns.forEach((column) => (column.width = 18))
  return Buffer.from(await book.xlsx.writeBuffer())
}

export function collectionsWorkbook(report: Collections, lang: Language): Promise<Buffer> {
  const t = words(lang)
  const { major } = moneyOf(report.currency)
  const header = [
    t('duesReportFund'),
    ...report.months.map((m) => monthText(m.month, lang)),
    t('duesReportTotal'),
  ]
  const rows: Cell[][] = report.funds.map((fund) => [
    fundName(fund, lang),
    ...fund.months.map((m) => major(m.amount)),
    major(fund.total.amount),
  ])
  rows.push([
    t('duesReportTotal'),
    ...report.months.map((m) => major(m.amount)),
    major(report.total.amount),
  ])
  const money = Array.from({ length: report.months.length + 1 }, (_, i) => i + 1)
  const title = t('duesReportCollections')
  return workbook(
    title,
    [title, t('duesYear', { year: report.year }), report.currency],
    header,
    rows,
    money,
    report.currency,
  )
}

function payerRows(lines: ReportLine[], lang: Language, currency: string): Cell[][] {
  const { major } = moneyOf(currency)
  return lines.map((line) => [
    lineId(line),
    lineName(line),
    line.phone ?? '',
    line.owner_username ?? '',
    line.months,
    major(line.amount),
    line.oldest_month ? monthText(line.oldest_month, lang) : '',
  ])
}

function payerHeader(lang: Language, payer: ReportPage['payer']): string[] {
  const t = words(lang)
  return [
    t(payer === 'household' ? 'duesReportHouseholdNumber' : 'duesReportMemberNumber'),
    t(payer === 'household' ? 'duesReportHousehold' : 'duesReportMember'),
    t('duesReportPhone'),
    t('duesReportOwner'),
    t('duesReportMonthsOwed'),
    t('duesReportAmountOwed'),
    t('duesReportOldestMonth'),
  ]
}

/** A list of payers: its title, this month, a third heading line, then a row each. */
function payerWorkbook(
  report: ReportPage<ReportLine>,
  lang: Language,
  title: string,
  third: string,
  totals: Cell[][] = [],
): Promise<Buffer> {
  return workbook(
    title,
    [title, monthText(report.current_month, lang), third],
    payerHeader(lang, report.payer),
    [...payerRows(report.items, lang, report.currency), ...totals],
    [5],
    report.currency,
  )
}

export function arrearsWorkbook(
  report: ArrearsReport<ReportLine>,
  lang: Language,
): Promise<Buffer> {
  const t = words(lang)
  const { major } = moneyOf(report.currency)
  return payerWorkbook(report, lang, t('duesReportArrears'), report.currency, [
    ['', t('duesReportTotal'), '', '', '', major(report.amount), ''],
  ])
}

export function goodStandingWorkbook(
  report: GoodStandingReport<ReportLine>,
  lang: Language,
): Promise<Buffer> {
  const t = words(lang)
  const count = t('duesReportCount', { count: report.count })
  return payerWorkbook(report, lang, t('duesReportGoodStanding'), count)
}

/**
 * Below the payments, each dues fund's twelve months (due, paid, state), their totals, and
 * the arrears (months in the method column) and standing as of today, in the payments' columns.
 */
function statementMonthRows(
  funds: Statement['funds'],
  lang: Language,
  major: (minor: number) => number,
): Cell[][] {
  const t = words(lang)
  const rows: Cell[][] = []
  for (const fund of funds.filter((f) => f.months.length > 0)) {
    const name = fundName(fund, lang)
    rows.push(
      [],
      [
        t('duesStatementMonth'),
        '',
        name,
        t('duesStatementState'),
        t('duesStatementDue'),
        t('duesStatementPaid'),
      ],
      ...fund.months.map((m): Cell[] => [
        monthText(m.month, lang),
        '',
        name,
        t(`duesState.${m.state}`),
        major(m.due),
        major(m.paid),
      ]),
      [
        t('duesReportTotal'),
        '',
        name,
        '',
        major(fund.months.reduce((n, m) => n + m.due, 0)),
        major(fund.months.reduce((n, m) => n + m.paid, 0)),
      ],
    )
    if (fund.arrears)
      rows.push([
        t('duesReportArrears'),
        '',
        name,
        fund.arrears.months,
        '',
        major(fund.arrears.amount),
      ])
    if (fund.good_standing !== null)
      rows.push([t(fund.good_standing ? 'duesGoodStanding' : 'duesNotGoodStanding'), '', name])
  }
  return rows
}

export function statementWorkbook(
  report: Omit<Statement, 'member_id'>,
  lang: Language,
  calendar: Calendar,
): Promise<Buffer> {
  const t = words(lang)
  const { major } = moneyOf(report.currency)
  const fundOf = new Map(report.funds.map((f) => [f.fund_id, f]))
  const title = t('duesReportStatement')
  const rows: Cell[][] = report.payments.map((p) => [
    p.receipt_number,
    formatDate(p.received_on, calendar, lang),
    fundOf.has(p.fund_id) ? fundName(fundOf.get(p.fund_id)!, lang) : String(p.fund_id),
    t(`paymentMethod.${p.method}`),
    p.months.map((m) => monthText(m, lang)).join(', '),
    major(p.amount),
  ])
  for (const fund of report.funds) {
    rows.push(['', '', fundName(fund, lang), t('duesReportTotal'), '', major(fund.paid)])
  }
  rows.push(...statementMonthRows(report.funds, lang, major))
  return workbook(
    title,
    [
      title,
      `${report.first_name} ${report.last_name}`.trim(),
      t('duesYear', { year: report.year }),
      report.currency,
    ],
    STATEMENT_PAYMENT_COLUMNS.map((id) => t(id)),
    rows,
    [4, 5],
    report.currency,
  )
}
