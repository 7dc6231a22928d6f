// What an import can read and an export writes, derived from src/domain (the member field list,
// the enums) and locales/ (their labels in every language), so that a field or option added
// there is importable and exportable without a list here.
import {
  DATE_FIELDS,
  ENUM_OPTIONS,
  fieldLabelId,
  foldForSearch,
  JOBS,
  LIST_OPTIONS,
  MEMBER_INPUT_FIELDS,
  normalizeEnum,
  normalizeListOption,
  optionMessageId,
  type EnumField,
  type EnumOption,
  type ImportTarget,
  type MemberField,
  type OptionListField,
} from '../../../domain'
import {
  BOOKKEEPING_HEADERS,
  CODED_HEADERS,
  type HeaderCandidate,
  MIDDLE_NAME_HEADERS,
  OTHER_HEADERS,
} from './headerNames'

import {
  type Calendar,
  type Language,
  LANGUAGES,
  message,
  messageIn,
} from '../../platform/spreadsheetText'

// The spreadsheet texts are shared with the history export (platform/spreadsheetText.ts).
export {
  type Calendar,
  isLanguage,
  type Language,
  LANGUAGES,
  message,
} from '../../platform/spreadsheetText'

/** Every member field an import can fill and an export writes, in form order. */
export const TRANSFER_FIELDS: readonly MemberField[] = MEMBER_INPUT_FIELDS

const DATE_SET: ReadonlySet<string> = new Set(DATE_FIELDS)
export const isDateField = (field: string) => DATE_SET.has(field)
/** A member date or the household's wedding date: read in a column's calendar alike. */
export const isDateTarget = (target: string) =>
  isDateField(target) || target === 'family_wedding_date'

export function fieldLabel(field: MemberField, lang: Language): string {
  return message(lang, fieldLabelId(field)) ?? field
}

/** The header an export writes: the label, and for dates the calendar they are written in. */
export function exportHeader(field: MemberField, lang: Language, calendar: Calendar): string {
  const label = fieldLabel(field, lang)
  return isDateField(field) ? datedHeader(label, lang, calendar) : label
}

/** A date column's header: its label and the calendar its dates are written in. */
export function datedHeader(label: string, lang: Language, calendar: Calendar): string {
  const calendarName = message(
    lang,
    calendar === 'ethiopian' ? 'ethiopianCalendar' : 'gregorianCalendar',
  )
  return `${label} (${calendarName ?? calendar})`
}

/** Case, spacing, punctuation and Ge'ez homophones set aside, for matching headers and labels. */
export function comparable(text: string): string {
  return foldForSearch(text)
    .replace(/\*/g, '')
    .replace(/[\s_'’.:/-]+/g, '')
    .trim()
}

/** Headers of files written before the address labels became Ethiopian (issue 26). */
const EARLIER_HEADERS: Partial<Record<MemberField, readonly string[]>> = {
  state: ['State / region', 'State'],
  zip_code: ['ZIP / postal code', 'Postal code', 'የፖስታ ቁጥር', 'Lakkoofsa poostaa'],
}

function buildHeaderIndex(): ReadonlyMap<string, MemberField> {
  const index = new Map<string, MemberField>()
  for (const field of TRANSFER_FIELDS) {
    const names = [
      field,
      fieldLabelId(field),
      ...LANGUAGES.map((lang) => fieldLabel(field, lang)),
      ...(EARLIER_HEADERS[field] ?? []),
    ]
    for (const name of names) {
      const key = comparable(name)
      if (key !== '' && !index.has(key)) index.set(key, field)
    }
  }
  return index
}

let headerIndex: ReadonlyMap<string, MemberField> | undefined

export interface HeaderMatch {
  field: MemberField | null
  /** The calendar a date column names in its header ("… (Ethiopian calendar)"), if any. */
  calendar?: Calendar
  /** The fields the column may fill, best first (FAMILY_NAME, BARE_NAME: decided per file). */
  candidates: readonly HeaderCandidate[]
  /** A western "Middle Name": a father's name only when the file fills it. */
  middleName?: boolean
  /** Another system's bookkeeping (BOOKKEEPING_HEADERS): not proposed for the notes. */
  bookkeeping?: boolean
  /** Numbers of another system's lists (CODED_HEADERS): their meaning for `target`. */
  codes?: { target: ImportTarget; meaning: Readonly<Record<string, string>> }
}

let otherIndex: ReadonlyMap<string, readonly HeaderCandidate[]> | undefined

function buildOtherIndex() {
  const index = new Map<string, readonly HeaderCandidate[]>()
  for (const [names, fields] of OTHER_HEADERS) {
    for (const name of names) if (!index.has(comparable(name))) index.set(comparable(name), fields)
  }
  return index
}

const MIDDLE_NAMES: ReadonlySet<string> = new Set(MIDDLE_NAME_HEADERS.map((n) => comparable(n)))
const BOOKKEEPING: ReadonlySet<string> = new Set(BOOKKEEPING_HEADERS.map((n) => comparable(n)))
const CODES: ReadonlyMap<string, NonNullable<HeaderMatch['codes']>> = new Map(
  CODED_HEADERS.map(([name, target, meaning]) => [comparable(name), { target, meaning }]),
)

/** Calendar names that files written before the glossary's "…ዘመን አቆጣጠር" carry. */
const EARLIER_CALENDAR_NAMES: Readonly<Record<Calendar, readonly string[]>> = {
  ethiopian: ['የኢትዮጵያ አቆጣጠር'],
  gregorian: ['የግሪጎሪያን አቆጣጠር'],
}

const calendarNames = (calendar: Calendar) =>
  [
    ...LANGUAGES.map((lang) => message(lang, `${calendar}Calendar`) ?? ''),
    ...EARLIER_CALENDAR_NAMES[calendar],
  ].map(comparable)

const CALENDAR_NAMES: readonly [Calendar, readonly string[]][] = [
  ['ethiopian', calendarNames('ethiopian')],
  ['gregorian', calendarNames('gregorian')],
]

/**
 * The field a header names: its snake_case name exactly, else the names other systems and
 * offices write (./headerNames), else a label of locales/ in English, Amharic or Afaan Oromoo.
 */
export function matchHeader(header: string): HeaderMatch {
  headerIndex ??= buildHeaderIndex()
  otherIndex ??= buildOtherIndex()
  const bracket = /^(.*?)\s*[([]([^()[\]]*)[)\]]\s*$/.exec(header)
  const base = bracket ? bracket[1] : header
  const exact = (TRANSFER_FIELDS as readonly string[]).includes(header.trim())
    ? (header.trim() as MemberField)
    : undefined
  const keys = [comparable(base), comparable(header)]
  if (!exact && keys.some((key) => MIDDLE_NAMES.has(key))) {
    return { field: null, candidates: [], middleName: true }
  }
  if (!exact && keys.some((key) => BOOKKEEPING.has(key))) {
    return { field: null, candidates: [], bookkeeping: true }
  }
  const other = exact ? undefined : keys.map((key) => otherIndex!.get(key)).find(Boolean)
  const labelled = exact ?? keys.map((key) => headerIndex!.get(key)).find(Boolean)
  const candidates = other ?? (labelled ? [labelled] : [])
  const first = candidates[0]
  const field = first && isMemberField(first) ? first : null
  const codes = exact ? undefined : keys.map((key) => CODES.get(key)).find(Boolean)
  if (codes) return { field, candidates, codes }
  if (!bracket || first === undefined || !isDateTarget(first)) return { field, candidates }
  const named = comparable(bracket[2])
  const calendar = CALENDAR_NAMES.find(([, names]) => names.some((n) => n !== '' && n === named))
  return calendar ? { field, calendar: calendar[0], candidates } : { field, candidates }
}

/** Whether a header names a column the import knows, "Middle Name" included: a header row's mark. */
export function isKnownHeader(header: string): boolean {
  const match = matchHeader(header)
  return match.candidates.length > 0 || match.middleName === true
}

const isMemberField = (target: string): target is MemberField =>
  (TRANSFER_FIELDS as readonly string[]).includes(target)

type OptionsField = EnumField | OptionListField | 'job'

const OPTIONS: Readonly<Record<OptionsField, readonly EnumOption<string>[]>> = {
  ...ENUM_OPTIONS,
  ...LIST_OPTIONS,
  job: JOBS,
}

/** An option's label in a language (English label when locales have none). */
export function optionLabel(field: OptionsField, key: string, lang: Language): string {
  const option = OPTIONS[field].find((o) => o.key === key)
  if (!option) return key
  return messageIn(lang, optionMessageId(field, key)) ?? option.label
}

const optionIndexes = new Map<OptionsField, ReadonlyMap<string, string>>()

function optionIndex(field: OptionsField): ReadonlyMap<string, string> {
  let index = optionIndexes.get(field)
  if (!index) {
    const built = new Map<string, string>()
    for (const option of OPTIONS[field]) {
      for (const lang of LANGUAGES) {
        const label = messageIn(lang, optionMessageId(field, option.key))
        if (label) {
          built.set(comparable(label), option.key)
          // "Kan fuudhe / heerumte": either half names the option too.
          for (const part of label.split('/')) {
            const key = comparable(part)
            if (key !== '' && !built.has(key)) built.set(key, option.key)
          }
        }
      }
    }
    index = built
    optionIndexes.set(field, index)
  }
  return index
}

/** An enum cell (key, English label, or a label of any language) → its key; undefined if none. */
export function readEnumValue(field: EnumField, text: string): string | undefined {
  return normalizeEnum(field, text) ?? optionIndex(field).get(comparable(text))
}

/** A gift or ministry item: a translated label becomes its key; other text stays as typed. */
export function readListOption(field: OptionListField, item: string): string {
  return optionIndex(field).get(comparable(item)) ?? normalizeListOption(field, item)
}

/** A job entry: a translated job label becomes the English label that job text stores. */
export function readJobEntry(entry: string): string {
  const key = optionIndex('job').get(comparable(entry))
  if (!key || key === 'other') return entry
  return JOBS.find((job) => job.key === key)?.label ?? entry
}

export const isOptionListField = (field: string): field is OptionListField =>
  Object.prototype.hasOwnProperty.call(LIST_OPTIONS, field)
export const isEnumField = (field: string): field is EnumField =>
  Object.prototype.hasOwnProperty.call(ENUM_OPTIONS, field)
