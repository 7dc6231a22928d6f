// One spreadsheet row → member values, by the rules of issue 24: enum keys or labels of any
// language; lists "a, b" or "a; b"; dates yyyy-mm-dd, dd/mm/yyyy or Excel date cells, read on the
// Ethiopian calendar when the file (or the column's header) says so; phones kept as written.
// Then the one member schema of src/domain decides, with its message ids.
import {
  BOOLEAN_FIELDS,
  FAMILY_DETAIL_TARGETS,
  type FamilyDetailTarget,
  hasControlCharacter,
  HOUSEHOLD_STATUSES,
  type HouseholdDetails,
  type HouseholdStatus,
  parseHouseholdInput,
  householdMaxLength,
  LIST_FIELDS,
  memberUpdateSchema,
  REQUIRED_NAME_FIELDS,
  normalizeMemberInput,
  uniqueEntries,
  validateMember,
  type MemberField,
  type FamilyRole,
  FULL_NAME_TARGET,
  type MemberInput,
  BIRTH_PART_TARGETS,
  type BirthPartTarget,
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
import { splitFullName } from './fullName'
import { readBirthday } from './birthday'
import { splitListCell } from './listCells'
import { readDateCell, readDateText, readsMonthFirst } from './readDate'

export interface ColumnPlan {
  index: number
  field: MemberField
  calendar: Calendar
  /** Date columns: the column's d/m/yyyy texts are m/d/yyyy (columnMonthFirst). */
  monthFirst?: boolean
  /** Enumerated columns: the clerk's reading of values the import does not know. */
  values?: ReadonlyMap<string, string | null>
}

/** Everything a row's reading needs besides its member columns. */
export interface RowPlan {
  columns: readonly ColumnPlan[]
  /** Columns kept in notes as "Header: value" lines. */
  notes?: readonly { index: number; header: string }[]
  family?: {
    id?: number
    number?: number
    name?: number
    role?: number
    roles?: ReadonlyMap<string, string | null>
    /** The household's own fields: the wedding date's column read as a member date's is. */
    details?: readonly FamilyDetailPlan[]
  }
  /** The column holding the whole name, split into the name fields its row leaves blank. */
  fullName?: number
  /** Its header: a name written with a title is kept whole in notes under it. */
  fullNameHeader?: string
  /** A birthday in parts, composed into the date of birth its row leaves blank. */
  birthday?: BirthdayPlan
}

export interface BirthdayPlan {
  /** Each part's column and header; a part the file lacks has none. */
  columns: Partial<Record<BirthPartTarget, { index: number; header: string }>>
  calendar: Calendar
}

export interface FamilyDetailPlan {
  index: number
  target: FamilyDetailTarget
  calendar: Calendar
  monthFirst?: boolean
  /** A status column: the clerk's reading of values the import does not know. */
  values?: ReadonlyMap<string, string | null>
}

export interface RowReading {
  /** Normalised values of the mapped fields (blank cells included, as null or []). */
  value: Partial<MemberInput>
  /** The fields whose cell was not blank: only these may change a stored member. */
  filled: MemberField[]
  /** Field → message id (the wizard's). */
  errors: Record<string, string>
  /** Field → the cell as written, for the errors about a value. */
  errorValues: Record<string, string>
  /** Field → the cell left empty and why (an unknown date). */
  warnings: Record<string, { message: string; value: string }>
  /** Enumerated field → the value it did not know (listed for the clerk to map once). */
  unknownValues: Record<string, string>
  /**
   * The household the row belongs to: a key of the file's family id (else its household
   * number), the number, the name if given, the role.
   */
  family: {
    id: string
    number: string | null
    name: string | null
    role: string | null
    /** The household's own fields its filled cells give (a blank cell gives none). */
    details: Partial<HouseholdDetails>
  } | null
}

const LIST_SET: ReadonlySet<string> = new Set(LIST_FIELDS)
const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS)

/** A formula cell: never data, so never read as a value. */
const isFormula = (cell: Cell) => !!cell && typeof cell === 'object' && 'f' in cell

/** Lines kept in the member's notes after what its notes cell holds ("Header: value"). */
function addNoteLines(raw: Record<string, unknown>, filled: MemberField[], lines: string[]) {
  if (lines.length === 0) return
  const before = typeof raw.notes === 'string' && raw.notes !== '' ? [raw.notes] : []
  raw.notes = [...before, ...lines].join('\n')
  if (!filled.includes('notes')) filled.push('notes')
}

/** A date cell read in its column's calendar: a spreadsheet date cell, or a date text. */
function dateReading(cell: Cell, calendar: Calendar, monthFirst = false) {
  return cell && typeof cell === 'object' && 'd' in cell
    ? readDateCell(cell.d, calendar)
    : readDateText(cellText(cell), calendar, monthFirst)
}

/** A date cell as yyyy-mm-dd (Gregorian), or undefined when it is not a date we can read. */
export function readDate(cell: Cell, calendar: Calendar, monthFirst = false): string | undefined {
  const reading = dateReading(cell, calendar, monthFirst)
  return 'iso' in reading ? reading.iso : undefined
}

/** Whether the text dates of a file's column are written month first (see readsMonthFirst). */
export function columnMonthFirst(
  rows: readonly (readonly Cell[])[],
  index: number,
  calendar: Calendar,
): boolean {
  function* texts() {
    for (const row of rows) {
      const cell = row[index]
      if (typeof cell === 'string') yield cell
    }
  }
  return readsMonthFirst(texts(), calendar)
}

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

/** Values an enumerated column leaves empty whatever its field ("Unassigned", "0", "-"). */
const EMPTY_WORDS: ReadonlySet<string> = new Set(
  ['unassigned', 'unknown', 'none', 'n/a', 'na', '0', '-', '?', 'ያልታወቀ', 'የለም', 'hinbeekamu'].map(
    comparable,
  ),
)

/** Short forms every office writes (M/F, ወ/ሴ, Dh/Du) beside the options' labels. */
const ENUM_EXTRAS: Partial<Record<string, Readonly<Record<string, string>>>> = {
  gender: {
    m: 'male',
    man: 'male',
    ወ: 'male',
    ወንድ: 'male',
    dh: 'male',
    dhiira: 'male',
    dhiiraa: 'male',
    f: 'female',
    w: 'female',
    woman: 'female',
    ሴ: 'female',
    ሴት: 'female',
    du: 'female',
    dubartii: 'female',
    dubara: 'female',
  },
}

/** An enumerated cell → its key, null for a word meaning empty, undefined when unknown. */
export function readEnumCell(
  field: string,
  text: string,
  values?: ReadonlyMap<string, string | null>,
): string | null | undefined {
  if (values?.has(text)) return values.get(text)
  const known = isEnumField(field) ? readEnumValue(field, text) : undefined
  if (known !== undefined) return known
  const folded = comparable(text)
  const extras = ENUM_EXTRAS[field]
  // Own keys only: a cell such as "constructor" must not find Object.prototype's members.
  if (extras && Object.prototype.hasOwnProperty.call(extras, folded)) return extras[folded]
  return EMPTY_WORDS.has(folded) ? null : undefined
}

export function readRow(
  cells: readonly Cell[],
  rowPlan: RowPlan | readonly ColumnPlan[],
  verdicts: FieldVerdicts = new FieldVerdicts(),
): RowReading {
  const {
    columns: plan,
    notes,
    family: familyPlan,
    fullName: fullNameAt,
    fullNameHeader,
    birthday,
  } = Array.isArray(rowPlan)
    ? {
        columns: rowPlan as readonly ColumnPlan[],
        notes: undefined,
        family: undefined,
        fullName: undefined,
        fullNameHeader: undefined,
        birthday: undefined,
      }
    : (rowPlan as RowPlan)
  const raw: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  const errorValues: Record<string, string> = {}
  const warnings: RowReading['warnings'] = {}
  const unknownValues: Record<string, string> = {}
  const filled: MemberField[] = []
  for (const { index, field, calendar, monthFirst, values } of plan) {
    const cell = cells[index] ?? null
    const text = cellText(cell)
    if (text !== '') filled.push(field)
    if (isFormula(cell)) {
      // Formulas are not data: the row is refused rather than a formula stored or run.
      errors[field] = 'invalidValue'
      errorValues[field] = text
      continue
    }
    if (text === '') {
      raw[field] = null
    } else if (isDateField(field)) {
      const reading = dateReading(cell, calendar, monthFirst)
      if ('iso' in reading) raw[field] = reading.iso
      else if ('unknown' in reading) {
        raw[field] = null
        warnings[field] = { message: 'importDateUnknown', value: text }
        filled.pop()
      } else {
        errors[field] = 'invalidDate'
        errorValues[field] = text
      }
    } else if (isEnumField(field)) {
      const key = readEnumCell(field, text, values)
      if (key === undefined) {
        errors[field] = 'invalidValue'
        errorValues[field] = text
        unknownValues[field] = text
      } else {
        raw[field] = key
        if (key === null) filled.pop()
      }
    } else if (LIST_SET.has(field)) {
      const items = splitListCell(text)
      raw[field] = uniqueEntries(
        isOptionListField(field) ? items.map((item) => readListOption(field, item)) : items,
      )
    } else if (field === 'job') {
      raw[field] = uniqueEntries(splitListCell(text).map(readJobEntry)).join(', ')
    } else if (BOOLEAN_SET.has(field)) {
      const yes = readYesNo(text)
      if (yes === undefined) {
        errors[field] = 'invalidValue'
        errorValues[field] = text
      } else raw[field] = yes
    } else {
      // Phones and other text are kept as written (only surrounding spaces go).
      raw[field] = text
    }
  }
  if (notes && notes.length > 0) {
    const lines = notes
      .map(({ index, header }) => {
        const text = cellText(cells[index] ?? null)
        return text === '' ? '' : `${header}: ${text}`
      })
      .filter((line) => line !== '')
    addNoteLines(raw, filled, lines)
  }
  let family: RowReading['family'] = null
  if (familyPlan) {
    const textAt = (index: number | undefined) =>
      index === undefined ? '' : cellText(cells[index] ?? null)
    const id = textAt(familyPlan.id)
    const number = textAt(familyPlan.number)
    const roleText = familyPlan.role === undefined ? '' : cellText(cells[familyPlan.role] ?? null)
    let role: string | null = null
    if (roleText !== '') {
      const key = readFamilyRole(roleText, familyPlan.roles)
      if (key === undefined) {
        errors.family_role = 'invalidValue'
        errorValues.family_role = roleText
        unknownValues.family_role = roleText
      } else role = key
    }
    const name = textAt(familyPlan.name)
    // The household form refuses control characters in these: a file may not store them.
    for (const [field, text] of [
      ['family_number', number],
      ['family_name', name],
    ]) {
      if (hasControlCharacter(text, false)) {
        errors[field] = 'invalidValue'
        errorValues[field] = text
      }
    }
    // Too long for a household number: the household is made without it, and the clerk told.
    if (number.length > householdMaxLength('number') && !errors.family_number) {
      warnings.family_number = { message: 'importFamilyNumberTooLong', value: number }
    }
    const details = readFamilyDetails(cells, familyPlan.details ?? [], {
      errors,
      errorValues,
      warnings,
      unknownValues,
    })
    // One household per family id; a row without one is placed by its household number.
    const key = id !== '' && id !== '0' ? `id:${id}` : number !== '' ? `number:${number}` : ''
    if (key !== '') {
      family = {
        id: key,
        number: number === '' ? null : number,
        name: name || null,
        role,
        details,
      }
    }
  }
  const fullName = fullNameAt === undefined ? undefined : readFullName(cells[fullNameAt] ?? null)
  const ownNames = new Set<string>()
  if (fullName) {
    // A name part's own column wins; the full name fills the parts its row leaves blank.
    for (const field of NAME_FIELDS) {
      if (typeof raw[field] === 'string' || field in errors) {
        ownNames.add(field)
        continue
      }
      const part = fullName.parts?.[field]
      raw[field] = part ?? null
      if (part !== undefined) filled.push(field)
    }
    if (fullName.formula) {
      errors[FULL_NAME_TARGET] = 'invalidValue'
      errorValues[FULL_NAME_TARGET] = fullName.text
    }
    // The title is in no field: the name as written stays in the notes, nothing lost.
    if (fullName.parts?.title) {
      addNoteLines(raw, filled, [`${fullNameHeader ?? 'Full name'}: ${fullName.text}`])
    }
  }
  // The date of birth's own column wins; the parts fill the date it leaves blank.
  if (birthday && typeof raw.date_of_birth !== 'string' && !('date_of_birth' in errors)) {
    readBirthdayParts(cells, birthday, raw, { filled, errors, errorValues })
  }
  // A file without a father's-name column writes Ethiopian names in two parts, given name and
  // father's name (the same reading as migration 2026_11_26_0501 gives stored two-part names);
  // a full name says which part is which.
  if (
    !fullName &&
    !plan.some((column) => column.field === 'middle_name') &&
    typeof raw.last_name === 'string'
  ) {
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
  // A name part the full name filled, or left blank, is refused naming the full name as written.
  if (fullName && fullName.text !== '') {
    for (const field of NAME_FIELDS) {
      if (field in allErrors && !(field in errorValues) && !ownNames.has(field)) {
        errorValues[field] = fullName.text
      }
    }
  }
  return {
    value: normalized.value,
    filled: filled.filter((field) => !(field in allErrors)),
    errors: allErrors,
    errorValues,
    warnings,
    unknownValues,
    family,
  }
}

/**
 * The household's own fields of a row, each checked as the household form checks it; a bad
 * cell is the row's error under its family target (`family_wedding_date`: invalidDate), as a
 * member cell's is, and an unknown date is left out with a warning.
 */
function readFamilyDetails(
  cells: readonly Cell[],
  plan: readonly FamilyDetailPlan[],
  out: Pick<RowReading, 'errors' | 'errorValues' | 'warnings' | 'unknownValues'>,
): Partial<HouseholdDetails> {
  const raw: Record<string, unknown> = {}
  const texts = new Map<string, { target: FamilyDetailTarget; text: string }>()
  const refuse = (target: FamilyDetailTarget, message: string, text: string) => {
    out.errors[target] = message
    out.errorValues[target] = text
  }
  for (const { index, target, calendar, monthFirst, values } of plan) {
    const cell = cells[index] ?? null
    const text = cellText(cell)
    if (text === '') continue
    const field = FAMILY_DETAIL_TARGETS[target]
    if (isFormula(cell)) {
      refuse(target, 'invalidValue', text)
      continue
    }
    texts.set(field, { target, text })
    if (field === 'wedding_date') {
      const reading = dateReading(cell, calendar, monthFirst)
      if ('iso' in reading) raw[field] = reading.iso
      else if ('unknown' in reading) {
        out.warnings[target] = { message: 'importDateUnknown', value: text }
      } else refuse(target, 'invalidDate', text)
    } else if (field === 'status') {
      const key = readHouseholdStatus(text, values)
      if (key === undefined) {
        refuse(target, 'invalidValue', text)
        out.unknownValues[target] = text
      } else if (key !== null) raw[field] = key
    } else raw[field] = text
  }
  const checked = parseHouseholdInput(raw, true)
  if (checked.ok) return checked.value
  for (const [field, message] of Object.entries(checked.errors)) {
    const { target, text } = texts.get(field)!
    refuse(target, message, text)
  }
  return {}
}

/** The household statuses by key and by their labels in every language. */
const HOUSEHOLD_STATUS_WORDS: ReadonlyMap<string, HouseholdStatus> = new Map(
  HOUSEHOLD_STATUSES.flatMap((status): [string, HouseholdStatus][] => [
    [comparable(status), status],
    ...LANGUAGES.map((lang): [string, HouseholdStatus] => [
      comparable(message(lang, `option.household_status.${status}`) ?? status),
      status,
    ]),
  ]),
)

/** A household status cell → its key, null for a word meaning empty, undefined when unknown. */
export const readHouseholdStatus = (text: string, values?: ReadonlyMap<string, string | null>) =>
  readWord(HOUSEHOLD_STATUS_WORDS, text, values)

/**
 * A family column's cell → its key by the clerk's value map, else by its words; null for a word
 * meaning empty, undefined when unknown.
 */
function readWord(
  // A Map: a cell such as "constructor" must not find Object.prototype's members.
  words: ReadonlyMap<string, string>,
  text: string,
  values?: ReadonlyMap<string, string | null>,
): string | null | undefined {
  if (values?.has(text)) return values.get(text)
  const folded = comparable(text)
  return words.get(folded) ?? (EMPTY_WORDS.has(folded) ? null : undefined)
}

const NAME_FIELDS = ['first_name', 'middle_name', 'last_name'] as const

/**
 * A row's birthday parts into its date of birth: a date no calendar has refuses the row as a bad
 * date does, and a birthday without its year stays in the notes as its cells were written.
 */
function readBirthdayParts(
  cells: readonly Cell[],
  plan: BirthdayPlan,
  raw: Record<string, unknown>,
  out: Pick<RowReading, 'filled' | 'errors' | 'errorValues'>,
) {
  const texts = { birth_year: '', birth_month: '', birth_day: '' }
  for (const part of BIRTH_PART_TARGETS) {
    const column = plan.columns[part]
    const cell = column ? (cells[column.index] ?? null) : null
    texts[part] = cellText(cell)
    if (isFormula(cell)) {
      out.errors[part] = 'invalidValue'
      out.errorValues[part] = texts[part]
    }
  }
  if (BIRTH_PART_TARGETS.some((part) => part in out.errors)) return
  const reading = readBirthday(texts, plan.calendar)
  raw.date_of_birth = reading && 'iso' in reading ? reading.iso : null
  if (!reading) return
  if ('iso' in reading) out.filled.push('date_of_birth')
  else if ('invalid' in reading) {
    out.errors.date_of_birth = 'invalidDate'
    out.errorValues.date_of_birth = reading.invalid
  } else {
    const lines = reading.kept.map((part) => `${plan.columns[part]!.header}: ${texts[part]}`)
    addNoteLines(raw, out.filled, lines)
  }
}

/** A full-name cell as written, and its parts unless it is a formula (never read as data). */
function readFullName(cell: Cell) {
  const text = cellText(cell)
  const formula = isFormula(cell)
  return { text, formula, parts: formula ? undefined : splitFullName(text) }
}

// Yes and No as any language's export writes them (locales' `yes`/`no`), and common spellings.
const YES = new Set(
  ['yes', 'y', 'true', '1', 'x', 'ok', 'አዎ', 'eeyyee', 'eeyye']
    .concat(LANGUAGES.map((lang) => message(lang, 'yes') ?? 'yes'))
    .map(comparable),
)
const NO = new Set(
  ['no', 'n', 'false', '0', 'አይ', 'አይደለም', 'lakki', 'miti']
    .concat(LANGUAGES.map((lang) => message(lang, 'no') ?? 'no'))
    .map(comparable),
)

function readYesNo(text: string): boolean | undefined {
  const folded = comparable(text)
  return YES.has(folded) ? true : NO.has(folded) ? false : undefined
}

/**
 * The family roles of ChurchCRM and of Ethiopian offices, in en/am/om, and the interface's own
 * role labels in every language (an export writes those).
 */
const FAMILY_ROLE_WORDS: ReadonlyMap<string, FamilyRole> = new Map(
  (
    [
      [
        'head',
        [
          'Head of Household',
          'Head',
          'Householder',
          'የቤተሰብ ኃላፊ',
          'የቤተሰብ ሃላፊ',
          'አባወራ',
          'Mataa maatii',
          'Abbaa manaa',
        ],
      ],
      [
        'spouse',
        [
          'Spouse',
          'Wife',
          'Husband',
          'ባለቤት',
          'የትዳር ጓደኛ',
          'ሚስት',
          'ባል',
          "Hiriyaa gaa'elaa",
          'Haadha manaa',
          'Abbaa warraa',
        ],
      ],
      [
        'child',
        ['Child', 'Son', 'Daughter', 'ልጅ', 'ወንድ ልጅ', 'ሴት ልጅ', 'Mucaa', 'Ilma', 'Intala', "Daa'ima"],
      ],
      ['relative', ['Other Relative', 'Relative', 'ዘመድ', 'ሌላ ዘመድ', 'Fira', 'Fira biraa']],
      [
        'other',
        [
          'Non Relative',
          'Non-Relative',
          'Other',
          'ዘመድ ያልሆነ',
          'ሌላ',
          'Fira kan hin taane',
          'Kan biraa',
        ],
      ],
    ] as const
  ).flatMap(([role, words]): [string, FamilyRole][] => [
    ...words.map((word): [string, FamilyRole] => [comparable(word), role]),
    ...[`option.household_role.${role}`, `importFamilyRole.${role}`].flatMap((id) =>
      LANGUAGES.map((lang): [string, FamilyRole] => [comparable(message(lang, id) ?? role), role]),
    ),
  ]),
)

export const readFamilyRole = (text: string, values?: ReadonlyMap<string, string | null>) =>
  readWord(FAMILY_ROLE_WORDS, text, values)
