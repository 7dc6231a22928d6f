// The .xlsx files an import offers: the template (headers in a language, one example row) and
// the report of refused rows (the file's own columns plus why each row was refused).
import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import {
  isEnumField,
  message,
  exportHeader,
  isDateField,
  optionLabel,
  TRANSFER_FIELDS,
  type Calendar,
  type Language,
} from './fieldDictionary'
import type { DuplicateTarget, ImportReport } from './service'
import { filledMessage, neutralise } from '../../platform/spreadsheetText'
import { cellText } from './readTable'
import {
  formatIsoDate,
  isoToEthiopian,
  labelled,
  type MemberField,
  targetLabelId,
} from '../../../domain'
import { downloadGuard, streamedWorkbook } from './spreadsheetDownload'

const EXAMPLE_NAMES: Record<Language, [string, string, string]> = {
  en: ['Abebe', 'Kebede', 'Tesfaye'],
  am: ['አበበ', 'ከበደ', 'ተስፋዬ'],
  om: ['Caalaa', 'Tolaa', 'Gammachuu'],
}

const EXAMPLE_ENUMS: Partial<Record<MemberField, string>> = {
  gender: 'male',
  marital_status: 'married',
  nationality: 'Ethiopia',
  membership_status: 'member',
  highest_education: 'degree',
  preferred_contact_method: 'call',
}

function exampleValue(field: MemberField, lang: Language): string {
  const names = EXAMPLE_NAMES[lang]
  if (field === 'first_name') return names[0]
  if (field === 'middle_name') return names[1]
  if (field === 'last_name') return names[2]
  if (field === 'date_of_birth') return '1985-09-14'
  if (field === 'date_joined') return '2010-01-20'
  if (field === 'phone_primary') return '0911 234 567'
  if (field === 'email') return 'abebe@example.com'
  if (field === 'city') return lang === 'am' ? 'አዲስ አበባ' : 'Addis Ababa'
  if (field === 'current_ministries')
    return `${optionLabel('current_ministries', 'choir', lang)}, ${optionLabel('current_ministries', 'prayerTeam', lang)}`
  const key = EXAMPLE_ENUMS[field]
  if (key && isEnumField(field)) return optionLabel(field, key, lang)
  return ''
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** An example date as written in a calendar (yyyy-mm-dd either way; the header names which). */
function exampleDate(iso: string, calendar: Calendar): string {
  if (calendar === 'gregorian') return iso
  const day = isoToEthiopian(iso)!
  return formatIsoDate(day)
}

/**
 * The template in a language, its date headers naming the calendar the clerk's "dates are
 * Ethiopian" tick says (issue 45: the template, the tick and the preview agree).
 */
export async function templateWorkbook(
  lang: Language,
  calendar: Calendar = 'gregorian',
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(message(lang, 'importTemplateSheet') ?? 'Members')
  sheet.addRow(TRANSFER_FIELDS.map((field) => exportHeader(field, lang, calendar)))
  sheet.addRow(
    TRANSFER_FIELDS.map((field) => {
      const value = exampleValue(field, lang)
      return isDateField(field) && value !== '' ? exampleDate(value, calendar) : value
    }),
  )
  sheet.getRow(1).font = { bold: true }
  sheet.columns.forEach((column) => (column.width = 20))
  return toBuffer(workbook)
}

export function refusalText(errors: Record<string, string>, lang: Language): string {
  return Object.entries(errors)
    .map(([field, id]) => {
      const label = message(lang, targetLabelId(field)) ?? field
      return labelled(label, message(lang, id) ?? id, lang)
    })
    .join(lang === 'am' ? '፤ ' : '; ')
}

/** What a refused double repeats, as the report's last column writes it. */
function duplicateText(duplicate: DuplicateTarget | undefined, lang: Language): string {
  if (!duplicate) return ''
  if (duplicate.member_id !== null) {
    return filledMessage(lang, 'importExistingMember', { id: duplicate.member_id })
  }
  return duplicate.row === null
    ? ''
    : filledMessage(lang, 'importEarlierRow', { row: duplicate.row })
}

/**
 * The refused rows as text: the file's own columns, why each was refused, and for a double
 * the row of the file or the stored member it repeats. Every cell is text, formulas included.
 */
export function reportRows(report: ImportReport, lang: Language): string[][] {
  return [
    [
      ...report.columns,
      message(lang, 'importRefusedWhy') ?? 'Why',
      message(lang, 'importDuplicateOf') ?? 'Same as',
    ],
    ...report.refusedRows.map((refused) => [
      ...report.columns.map((_, i) => cellText(refused.cells[i])),
      refusalText(refused.errors, lang),
      duplicateText(refused.duplicate, lang),
    ]),
  ]
}

/**
 * The refused rows as .xlsx, written row by row as the client reads: a report may hold 1,500,000
 * cells, which a workbook built in memory took 16 s and 2 GB to write.
 */
export function reportWorkbook(report: ImportReport, lang: Language): Readable {
  const out = new PassThrough()
  const workbook = streamedWorkbook(out)
  const sheet = workbook.addWorksheet(message(lang, 'importRefusedSheet') ?? 'Refused')
  const write = async () => {
    const [header, ...rows] = reportRows(report, lang)
    const first = sheet.addRow(header)
    first.font = { bold: true }
    first.commit()
    const wanted = downloadGuard(out)
    for (const row of rows) {
      if (!(await wanted())) return
      // String cells: nothing in a report is run by the spreadsheet.
      sheet.addRow(row).commit()
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

/** The same report as CSV, its cells neutralised as the member export's are. */
export function reportCsv(report: ImportReport, lang: Language): string {
  const rows = reportRows(report, lang).map((row) => row.map(neutralise))
  return stringify(rows, { bom: true, record_delimiter: 'windows' })
}
