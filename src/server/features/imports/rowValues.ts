// One spreadsheet row → member values, by the rules of issue 24: enum keys or labels of any
// language; lists "a, b" or "a; b"; dates yyyy-mm-dd, dd/mm/yyyy or Excel date cells, read on the
// Ethiopian calendar when the file (or the column's header) says so; phones kept as written.
// Then the one member schema of src/domain decides, with its message ids.
import {
  BOOLEAN_FIELDS,
  ethiopianToIso,
  formatIsoDate,
  isValidEthiopianDate,
  LIST_FIELDS,
  memberUpdateSchema,
  REQUIRED_NAME_FIELDS,
  normalizeMemberInput,
  uniqueEntries,
  validateMember,
  type MemberField,
  type MemberInput,
} from '../../../domain'
import type { Schema } from 'yup'
import {
  comparable,
  isDateField,
  isEnumField,
  isOptionListField,
  LANGUAGES,
  message,
  readEnumValue,
  readJobEntry,
  readListOption,
  type Calendar,
} from './fieldDictionary'
import { cellText, type Cell } from './readTable'

export interface ColumnPlan {
  index: number
  field: MemberField
  calendar: Calendar
}

export interface RowReading {
  /** Normalised values of the mapped fields (blank cells included, as null or []). */
  value: Partial<MemberInput>
  /** The fields whose cell was not blank: only these may change a stored member. */
  filled: MemberField[]
  /** Field → message id (the wizard's). */
  errors: Record<string, string>
}

const LIST_SET: ReadonlySet<string> = new Set(LIST_FIELDS)
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

/** A date cell as yyyy-mm-dd (Gregorian), or undefined when it is not a date we can read. */
export function readDate(cell: Cell, calendar: Calendar): string | undefined {
  // Excel stores dates as Gregorian day numbers, whatever the file's other dates are.
  if (cell && typeof cell === 'object' && 'd' in cell) return cell.d
  const text = cellText(cell)
  const iso = ISO.exec(text)
  const dayFirst = DAY_FIRST.exec(text)
  const parts = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : dayFirst
      ? { year: Number(dayFirst[3]), month: Number(dayFirst[2]), day: Number(dayFirst[1]) }
      : undefined
  if (!parts) return undefined
  if (calendar === 'ethiopian') {
    return isValidEthiopianDate(parts)
      ? ethiopianToIso(parts.year, parts.month, parts.day)
      : undefined
  }
  // Whether it is a real date (no 31 February) is the schema's check.
  return formatIsoDate(parts)
}

const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS)

/** Yes and No in every language (an export writes them in its own): "true"/"false", or as is. */
const YES_NO = new Map(
  LANGUAGES.flatMap((lang) => [
    [comparable(message(lang, 'yes') ?? 'yes'), 'true'],
    [comparable(message(lang, 'no') ?? 'no'), 'false'],
  ]),
)
const readYesNo = (text: string) => YES_NO.get(comparable(text)) ?? text

// Amharic lists are written with ፣ (an export in Amharic writes them so).
const splitList = (text: string) =>
  text
    .split(/[,;፣]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')

/**
 * Each field's verdict of the member schema by value, remembered across the rows of one file:
 * a register repeats its towns, options and dates thousands of times, and yup's run over a
 * whole row costs more than reading it. Every field rule looks at its own value only, so a row
 * whose every value passed alone passes as a whole; a row with a failing value is checked
 * whole again, so its messages are exactly the schema's.
 */
export class FieldVerdicts {
  private readonly byField = new Map<string, Map<unknown, boolean>>()

  rowPasses(value: Record<string, unknown>): boolean {
    const fields = memberUpdateSchema().fields
    for (const field of REQUIRED_NAME_FIELDS) if (!(field in value)) return false
    for (const [field, item] of Object.entries(value)) {
      const rule = fields[field] as Schema | undefined
      if (!rule) continue
      let verdicts = this.byField.get(field)
      if (!verdicts) this.byField.set(field, (verdicts = new Map()))
      const key = Array.isArray(item) ? JSON.stringify(item) : item
      let passes = verdicts.get(key)
      if (passes === undefined) {
        passes = rule.isValidSync(item)
        verdicts.set(key, passes)
      }
      if (!passes) return false
    }
    return true
  }
}

export function readRow(
  cells: readonly Cell[],
  plan: readonly ColumnPlan[],
  verdicts: FieldVerdicts = new FieldVerdicts(),
): RowReading {
  const raw: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  const filled: MemberField[] = []
  for (const { index, field, calendar } of plan) {
    const cell = cells[index] ?? null
    const text = cellText(cell)
    if (text !== '') filled.push(field)
    if (cell && typeof cell === 'object' && 'f' in cell) {
      // Formulas are not data: the row is refused rather than a formula stored or run.
      errors[field] = 'invalidValue'
      continue
    }
    if (text === '') {
      raw[field] = null
    } else if (isDateField(field)) {
      const date = readDate(cell, calendar)
      if (date === undefined) errors[field] = 'invalidDate'
      else raw[field] = date
    } else if (isEnumField(field)) {
      const key = readEnumValue(field, text)
      if (key === undefined) errors[field] = 'invalidValue'
      else raw[field] = key
    } else if (LIST_SET.has(field)) {
      const items = splitList(text)
      raw[field] = uniqueEntries(
        isOptionListField(field) ? items.map((item) => readListOption(field, item)) : items,
      )
    } else if (BOOLEAN_SET.has(field)) {
      raw[field] = readYesNo(text)
    } else if (field === 'job') {
      raw[field] = uniqueEntries(splitList(text).map(readJobEntry)).join(', ')
    } else {
      // Phones and other text are kept as written (only surrounding spaces go).
      raw[field] = text
    }
  }
  // A file without a father's-name column writes Ethiopian names in two parts, given name and
  // father's name (the same reading as migration 2026_11_26_0501 gives stored two-part names).
  if (!plan.some((column) => column.field === 'middle_name') && typeof raw.last_name === 'string') {
    raw.middle_name = raw.last_name
    raw.last_name = null
    if (errors.last_name) errors.middle_name = errors.last_name
    delete errors.last_name
    const at = filled.indexOf('last_name')
    if (at >= 0) filled[at] = 'middle_name'
  }
  const normalized = normalizeMemberInput(raw)
  const checked = verdicts.rowPasses(normalized.value)
    ? { ok: true as const }
    : validateMember(normalized.value, memberUpdateSchema())
  const allErrors = { ...(checked.ok ? {} : checked.errors), ...normalized.errors, ...errors }
  // A name the schema requires counts as missing when its column is not mapped at all.
  for (const field of REQUIRED_NAME_FIELDS) {
    if (!(field in raw) && !(field in allErrors)) allErrors[field] = 'fieldRequired'
  }
  return {
    value: normalized.value,
    filled: filled.filter((field) => !(field in allErrors)),
    errors: allErrors,
  }
}
