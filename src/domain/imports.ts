// The import workflow's answers (issue 24, docs/api.md), as the server sends them and the
// client reads them.
import type { HouseholdDetailField } from './household'
import { fieldLabelId } from './fieldLabels'
import type { MemberField, MemberInput } from './member'

/** What a commit does with a row that repeats a stored member or an earlier row. */
export const ON_DUPLICATE = ['skip', 'update', 'create'] as const
export type OnDuplicate = (typeof ON_DUPLICATE)[number]

/**
 * Columns that fill no member field but place the member in a household (issue 45), then the
 * household's own fields, so that a household moved between installs keeps them.
 */
export const FAMILY_TARGETS = [
  'family_id',
  'family_number',
  'family_name',
  'family_role',
  'family_home_phone',
  'family_wedding_date',
  'family_status',
  'family_notes',
] as const
export type FamilyTarget = (typeof FAMILY_TARGETS)[number]
/**
 * Each family target's label (a message id): the mapping step shows it, an export writes it as
 * the header and an import recognises it, so an export's households come back.
 */
export const isFamilyTarget = (target: string): target is FamilyTarget =>
  (FAMILY_TARGETS as readonly string[]).includes(target)

export const FAMILY_TARGET_LABELS: Readonly<Record<FamilyTarget, string>> = {
  family_id: 'importFamilyId',
  family_number: 'householdNumber',
  family_name: 'importFamilyName',
  family_role: 'importFamilyRole',
  family_home_phone: 'importFamilyHomePhone',
  family_wedding_date: 'importFamilyWeddingDate',
  family_status: 'importFamilyStatus',
  family_notes: 'importFamilyNotes',
}

/** The family targets that fill a household field, with that field. */
export const FAMILY_DETAIL_TARGETS = {
  family_home_phone: 'home_phone',
  family_wedding_date: 'wedding_date',
  family_status: 'status',
  family_notes: 'notes',
} as const satisfies Partial<Record<FamilyTarget, HouseholdDetailField>>
export type FamilyDetailTarget = keyof typeof FAMILY_DETAIL_TARGETS
export const isFamilyDetailTarget = (target: string): target is FamilyDetailTarget =>
  Object.prototype.hasOwnProperty.call(FAMILY_DETAIL_TARGETS, target)

/**
 * A column holding the whole name ("Abebe Kebede Tesfaye"): the import splits it into the given,
 * father's and grandfather's name (docs/api.md). Its label is a header an import knows too.
 */
export const FULL_NAME_TARGET = 'full_name'
export const FULL_NAME_LABEL = 'importFullName'

/**
 * Columns holding a birthday in parts (ChurchCRM's per_BirthYear, per_BirthMonth, per_BirthDay):
 * the import composes them into the date of birth (docs/api.md). Each label is a header an
 * import knows too.
 */
export const BIRTH_PART_TARGETS = ['birth_year', 'birth_month', 'birth_day'] as const
export type BirthPartTarget = (typeof BIRTH_PART_TARGETS)[number]
export const BIRTH_PART_LABELS: Readonly<Record<BirthPartTarget, string>> = {
  birth_year: 'importBirthYear',
  birth_month: 'importBirthMonth',
  birth_day: 'importBirthDay',
}
export const isBirthPartTarget = (target: string): target is BirthPartTarget =>
  (BIRTH_PART_TARGETS as readonly string[]).includes(target)

export type ImportTarget = MemberField | FamilyTarget | typeof FULL_NAME_TARGET | BirthPartTarget

/** The message id of a target's label: a member field's, or an import column's own. */
export function targetLabelId(target: string): string {
  if (isFamilyTarget(target)) return FAMILY_TARGET_LABELS[target]
  if (isBirthPartTarget(target)) return BIRTH_PART_LABELS[target]
  return target === FULL_NAME_TARGET ? FULL_NAME_LABEL : fieldLabelId(target)
}

/** Each column of the file: the member field it fills, or null for a column left out. */
export type ImportMapping = Record<string, ImportTarget | null>

/** A family role as an import reads it (values of a family role column map to these). */
export const FAMILY_ROLES = ['head', 'spouse', 'child', 'relative', 'other'] as const
export type FamilyRole = (typeof FAMILY_ROLES)[number]

export interface ImportRowError {
  row: number
  field: string
  /** A message id of the member schema, as the wizard shows it. */
  message: string
  /** The cell as written, when the problem is its value. */
  value?: string
}

/** Per enumerated column, what each of its values becomes: an option key, or null for empty. */
export type ImportValueMap = Record<string, Record<string, string | null>>
export type ImportCalendarChoice = 'gregorian' | 'ethiopian'

/** The clerk's choices sent with a preview or a commit (all but the mapping optional). */
export interface ImportChoices {
  mapping: ImportMapping
  value_map?: ImportValueMap
  /** Columns kept in the member's notes as "Header: value" lines. */
  notes_columns?: string[]
  /** The calendar each date column is written in, as the clerk confirmed it. */
  column_calendars?: Record<string, ImportCalendarChoice>
}

/** An enumerated column's values the import does not know, each with how often it occurs. */
export interface ImportValueColumn {
  column: string
  field: string
  values: { value: string; count: number }[]
  /** The option keys a value may map to. */
  accepted: string[]
}

/** A date column: its calendar and its first values read both ways (Gregorian yyyy-mm-dd). */
export interface ImportDateColumn {
  column: string
  field: string
  calendar: ImportCalendarChoice
  /** Whether the calendar comes from the column's header or the clerk, not a default. */
  confirmed: boolean
  /** How many of its cells are spreadsheet date cells (a Gregorian day number). */
  date_cells: number
  /** True when it must be confirmed before a commit (date cells read as Ethiopian). */
  needs_choice: boolean
  samples: { text: string; gregorian: string | null; ethiopian: string | null }[]
}

/** An update that would replace a filled field of a stored member. */
export interface ImportChange {
  row: number
  member_id: number
  field: string
  old: unknown
  new: unknown
}

/**
 * An update that would replace a filled field of a household the file's family joins; `field`
 * is the import's column target for it (family_status …), as the mapping step names it.
 */
export interface ImportHouseholdChange {
  household_id: number
  household: string
  field: FamilyDetailTarget
  old: string
  new: string
}

export type DuplicateReason =
  | 'same_external_id'
  | 'same_name_and_phone'
  | 'same_name_and_birth_date'
  | 'same_name_and_email'
  | 'same_row'

export interface ImportDuplicate {
  row: number
  member_id: number | null
  other_row: number | null
  reason: DuplicateReason
  /** The row is refused for an error as well: reported so that its fix is not a new double. */
  refused?: true
}

/** The answer of POST /api/imports and of its preview. */
export interface ImportPreview {
  id: string
  columns: string[]
  mapping: ImportMapping
  rows: number
  preview: (Partial<MemberInput> & { row: number })[]
  errors: ImportRowError[]
  /** Cells left empty with a reason (an unknown or partial date). */
  warnings: ImportRowError[]
  duplicates: ImportDuplicate[]
  values: ImportValueColumn[]
  date_columns: ImportDateColumn[]
  changes: ImportChange[]
  household_changes: ImportHouseholdChange[]
  notes_columns: string[]
  value_map: ImportValueMap
  column_calendars: Record<string, ImportCalendarChoice>
  /** The file has a family name but no father's name: the family name is read as the latter. */
  two_part_names: boolean
  expires_at: string
}

/** The answer of a commit: how many rows did what. */
/** GET /api/imports/progress/:token: how far the server is with an upload's check or a commit. */
export interface ImportProgress {
  phase: 'checking' | 'storing'
  done: number
  total: number
}

export interface ImportResult {
  created: number
  updated: number
  skipped: number
  refused: number
}
