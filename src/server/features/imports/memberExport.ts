// The export of issue 24: exactly the members a search shows (the same matching, owner-scoped),
// paged through the search and written as they come, so 100,000 members never sit in memory
// at once. Headers and option labels in the chosen language; dates in the chosen calendar,
// named in the header; lists "a, b"; CSV cells that a spreadsheet would run are neutralised.
// Every value is in the chosen language (options, jobs, yes/no), the columns in the profile's
// order, and the import reads each of them back.
import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import {
  BOOLEAN_FIELDS,
  ENUM_OPTIONS,
  FAMILY_TARGET_LABELS,
  FAMILY_TARGETS,
  formatIsoDate,
  isoToEthiopian,
  LIST_FIELDS,
  parseJobValue,
  splitCommaList,
  type MemberField,
  type MemberInput,
  parseIsoDate,
  STEP_FIELDS,
} from '../../../domain'
import { householdsOfMembers, type MemberHousehold } from '../households'
import { findMemberInputs } from '../members'
import type { Db } from '../../db/tables'
import { MAX_SEARCH_LIMIT, searchMembers } from '../search'
import { neutralise } from '../../platform/spreadsheetText'
import {
  type Calendar,
  datedHeader,
  exportHeader,
  isDateField,
  isEnumField,
  isOptionListField,
  message,
  optionLabel,
  type Language,
} from './fieldDictionary'
import { listCellText } from './listCells'
import { downloadGuard, streamedWorkbook } from './spreadsheetDownload'

export type ExportFormat = 'xlsx' | 'csv'

export interface ExportRequest {
  /** One account's members, or (null) everyone's: the caller's role decides (ownerScope). */
  ownerId: number | null
  query?: string
  status?: string
  lang: Language
  calendar: Calendar
}

const LIST_SET: ReadonlySet<string> = new Set(LIST_FIELDS)
const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS)

/** `fields` with `field` moved (or put) right after `after`. */
function placedAfter(
  fields: readonly MemberField[],
  after: MemberField,
  field: MemberField,
): MemberField[] {
  const rest = fields.filter((f) => f !== field)
  const at = rest.indexOf(after) + 1
  return [...rest.slice(0, at), field, ...rest.slice(at)]
}

const [PERSONAL, CONTACT, FAMILY, CHURCH, SERVICE, ADDITIONAL, CONTACT_CHOICES] = STEP_FIELDS

/**
 * The export's columns: the fields in the order the profile's tabs show them (personal,
 * contact, church, family, additional), as a clerk reads a member: the wizard's steps, with
 * the fields the profile places otherwise.
 */
export const EXPORT_FIELDS: readonly MemberField[] = [
  ...placedAfter(PERSONAL, 'marital_status', 'nationality'),
  ...CONTACT.slice(0, 3),
  ...CONTACT_CHOICES.filter((field) => field !== 'notes'),
  ...placedAfter(CONTACT.slice(3), 'house_number', 'zip_code'),
  ...CHURCH,
  ...SERVICE,
  'last_attendance_date',
  'regular_attendance_pattern',
  'events_attended',
  'bible_study_participation',
  ...FAMILY,
  ...ADDITIONAL,
  'current_prayer_requests',
  'notes',
]

// Ge'ez letters are about twice as wide as Latin ones in a spreadsheet's font.
const textWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + (/[\u1200-\u139F]/.test(char) ? 2 : 1), 0)

/**
 * A column's width in characters: its header's, a typical value's or, for a choice, its longest
 * label in the language (የትዳር አጋሩን በሞት ያጣ), within 10–40.
 */
export function columnWidth(header: string, field: MemberField, lang: Language): number {
  const typical: Partial<Record<MemberField, number>> = {
    first_name: 16,
    middle_name: 16,
    last_name: 16,
    email: 28,
    // "+251 911 234 567"
    phone_primary: 18,
    phone_secondary: 18,
    emergency_contact_phone: 18,
    street_address: 28,
    notes: 40,
    current_prayer_requests: 40,
    special_needs: 30,
    current_ministries: 30,
    spiritual_gifts: 30,
    job: 24,
    latin_name: 26,
  }
  const choices = isEnumField(field)
    ? ENUM_OPTIONS[field].map((option) => textWidth(optionLabel(field, option.key, lang)))
    : []
  return Math.min(
    40,
    Math.max(10, textWidth(header) + 2, typical[field] ?? 0, ...choices.map((w) => w + 2)),
  )
}

/** A stored job ("Teacher, Farmer, tailor") with each known job in the language. */
function jobText(job: string, lang: Language): string {
  const { selectedJobs, customJob } = parseJobValue(job)
  const known = selectedJobs
    .filter((key) => key !== 'other')
    .map((key) => optionLabel('job', key, lang))
  return listCellText([...known, ...splitCommaList(customJob)], lang)
}

export { neutralise }

/** A stored date (yyyy-mm-dd) as an export writes it in the calendar. */
function dateText(iso: string, calendar: Calendar): string {
  if (calendar === 'gregorian') return iso
  const ethiopian = isoToEthiopian(iso)
  return ethiopian ? formatIsoDate(ethiopian) : iso
}

/** A stored value as the text an export writes (dates in the calendar, options as labels). */
export function exportText(
  field: MemberField,
  input: MemberInput,
  lang: Language,
  calendar: Calendar,
): string {
  const value = input[field]
  if (value === null || value === undefined) return ''
  if (isDateField(field)) return dateText(String(value), calendar)
  if (isEnumField(field)) return optionLabel(field, String(value), lang)
  if (LIST_SET.has(field)) {
    const items = value as string[]
    return listCellText(
      isOptionListField(field) ? items.map((item) => optionLabel(field, item, lang)) : items,
      lang,
    )
  }
  if (typeof value === 'boolean' || BOOLEAN_SET.has(field)) {
    return message(lang, value ? 'yes' : 'no') ?? String(value)
  }
  if (field === 'job') return jobText(String(value), lang)
  return String(value)
}

type FieldWriter = (input: MemberInput) => string

/**
 * exportText for every field, with what it looks up done once per export: each option's label
 * in the language, and each date's text in the calendar (a register repeats its dates). Same
 * output as exportText; an export calls it for every cell of up to 100,000 rows.
 */
export function fieldWriters(lang: Language, calendar: Calendar): FieldWriter[] {
  return EXPORT_FIELDS.map((field): FieldWriter => {
    if (isDateField(field) && calendar === 'ethiopian') {
      const dates = new Map<string, string>()
      return (input) => {
        const value = input[field]
        if (value === null || value === undefined) return ''
        const iso = String(value)
        let text = dates.get(iso)
        if (text === undefined) {
          text = dateText(iso, calendar)
          if (dates.size < 100_000) dates.set(iso, text)
        }
        return text
      }
    }
    if (isEnumField(field) || isOptionListField(field)) {
      const labels = new Map<string, string>()
      const label = (key: string) => {
        let text = labels.get(key)
        if (text === undefined) {
          text = optionLabel(field, key, lang)
          if (labels.size < 10_000) labels.set(key, text)
        }
        return text
      }
      if (isEnumField(field)) {
        return (input) => {
          const value = input[field]
          return value === null || value === undefined ? '' : label(String(value))
        }
      }
      return (input) => {
        const value = input[field] as string[] | null | undefined
        return value ? listCellText(value.map(label), lang) : ''
      }
    }
    return (input) => exportText(field, input, lang, calendar)
  })
}

/** A member's household as the export's family columns write it (issue 44). */
type ExportHousehold = MemberHousehold

interface ExportedMember {
  input: MemberInput
  household: ExportHousehold | null
}

/** An option's label in the language, else its key. */
const labelOf = (lang: Language, id: string, key: string | null) =>
  key ? (message(lang, `${id}.${key}`) ?? key) : ''

/**
 * The household's key (its id: households without a number come back too), number, name and
 * role, then its home phone, wedding date (in the calendar), status and notes, under the headers
 * the import recognises as its family columns.
 */
function householdCells(
  household: ExportHousehold | null,
  lang: Language,
  calendar: Calendar,
): string[] {
  if (!household) return FAMILY_TARGETS.map(() => '')
  return [
    String(household.id),
    household.number ?? '',
    household.name,
    labelOf(lang, 'option.household_role', household.role),
    household.home_phone ?? '',
    household.wedding_date ? dateText(household.wedding_date, calendar) : '',
    labelOf(lang, 'option.household_status', household.status),
    household.notes ?? '',
  ]
}

/** The caller's matching members in list order, a page at a time, with their households. */
async function* matchingMembers(db: Db, request: ExportRequest): AsyncGenerator<ExportedMember[]> {
  let cursor: string | undefined
  do {
    const page = await searchMembers(db, {
      ownerId: request.ownerId,
      query: request.query,
      status: request.status,
      limit: MAX_SEARCH_LIMIT,
      cursor,
      // The export needs no total: its pages are read uncounted (decision 0142).
      count: false,
    })
    const ids = page.items.map((item) => item.id)
    if (ids.length > 0) {
      const byId = await findMemberInputs(db, ids, request.ownerId)
      const households = await householdsOfMembers(db, ids)
      yield ids.flatMap((id) => {
        const input = byId.get(id)
        return input ? [{ input, household: households.get(id) ?? null }] : []
      })
    }
    cursor = page.next_cursor ?? undefined
  } while (cursor)
}

/**
 * The member fields' headers, then the household's key, number, name, role and own fields
 * (issue 44); the wedding date's names its calendar, as a member date's does.
 */
export function exportHeaders(lang: Language, calendar: Calendar): string[] {
  return [
    ...EXPORT_FIELDS.map((field) => exportHeader(field, lang, calendar)),
    ...FAMILY_TARGETS.map((target) => {
      const label = message(lang, FAMILY_TARGET_LABELS[target]) ?? target
      return target === 'family_wedding_date' ? datedHeader(label, lang, calendar) : label
    }),
  ]
}

/** Which of the export's columns hold dates: the member dates and the wedding date. */
const DATE_COLUMNS: readonly boolean[] = [
  ...EXPORT_FIELDS.map(isDateField),
  ...FAMILY_TARGETS.map((target) => target === 'family_wedding_date'),
]

/** The export as a stream; a failure half-way ends the stream with an error (logged). */
export function exportMembers(db: Db, format: ExportFormat, request: ExportRequest): Readable {
  return format === 'csv' ? exportCsv(db, request) : exportXlsx(db, request)
}

function exportCsv(db: Db, request: ExportRequest): Readable {
  const out = stringify({ bom: true, record_delimiter: 'windows' })
  const write = async () => {
    out.write(exportHeaders(request.lang, request.calendar))
    const writers = fieldWriters(request.lang, request.calendar)
    // Back-pressure, and a stop when the client is gone: no more pages read, no rows built.
    const wanted = downloadGuard(out)
    for await (const members of matchingMembers(db, request)) {
      for (const { input, household } of members) {
        if (!(await wanted())) return
        out.write(
          [
            ...writers.map((write) => write(input)),
            ...householdCells(household, request.lang, request.calendar),
          ].map(neutralise),
        )
      }
    }
    out.end()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

// Shared style objects: exceljs resolves a style object it has seen before by identity, where a
// fresh one per cell is serialised and looked up each time (most of the writer's time).
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd' }
const PLAIN_STYLE: Partial<ExcelJS.Style> = {}

function exportXlsx(db: Db, request: ExportRequest): Readable {
  const out = new PassThrough()
  const workbook = streamedWorkbook(out)
  // The tab in the export's language, named as the import template's sheet is.
  const sheet = workbook.addWorksheet(message(request.lang, 'importTemplateSheet') ?? 'Members')
  const dateColumns = request.calendar === 'gregorian'
  const isDate = DATE_COLUMNS.map((date) => dateColumns && date)
  const headers = exportHeaders(request.lang, request.calendar)
  // Set before the first row: a streamed sheet writes its column widths ahead of the rows.
  sheet.columns = headers.map((header, i) => ({
    width: columnWidth(header, EXPORT_FIELDS[i], request.lang),
  }))
  const write = async () => {
    const header = sheet.addRow(headers)
    header.font = { bold: true }
    header.commit()
    const writers = fieldWriters(request.lang, request.calendar)
    const wanted = downloadGuard(out)
    for await (const members of matchingMembers(db, request)) {
      for (const { input, household } of members) {
        if (!(await wanted())) return
        // A blank field is no cell at all (undefined leaves it out), as a spreadsheet saves it.
        const texts = [
          ...writers.map((writeText) => writeText(input)),
          ...householdCells(household, request.lang, request.calendar),
        ]
        const cells: (string | Date | undefined)[] = texts.map((text, i) => {
          if (text === '') return undefined
          // Gregorian dates are real date cells; everything else is a string cell, which a
          // spreadsheet never runs as a formula.
          if (isDate[i]) {
            const date = parseIsoDate(text)
            if (date) return new Date(Date.UTC(date.year, date.month - 1, date.day))
          }
          return text
        })
        const row = sheet.addRow(cells)
        row.eachCell((cell, column) => {
          cell.style =
            isDate[column - 1] && cell.type === ExcelJS.ValueType.Date ? DATE_STYLE : PLAIN_STYLE
        })
        row.commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}
