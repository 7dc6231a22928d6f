// The import of issue 24: an upload is read, mapped and checked into a preview and kept for an
// hour (in the database, so any server process can commit it); its commit writes the valid rows
// in one transaction, so they all land or none does.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  ENUM_OPTIONS,
  FAMILY_ROLES,
  FAMILY_TARGETS,
  HOUSEHOLD_STATUSES,
  isFamilyDetailTarget,
  BIRTH_PART_TARGETS,
  FULL_NAME_TARGET,
  isBirthPartTarget,
  isHouseholdRole,
  FAMILY_DETAIL_TARGETS,
  type FamilyDetailTarget,
  type ImportChange,
  type ImportChoices,
  type ImportHouseholdChange,
  type ImportDateColumn,
  type ImportDuplicate,
  type ImportMapping,
  type ImportTarget,
  type ImportValueColumn,
  type ImportValueMap,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type MemberInput,
  memberUpdateSchema,
  type OnDuplicate,
  validateMember,
} from '../../../domain'
import type { Database, Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import {
  insertImportedMembers,
  listPeople,
  loadInputs,
  MEMBERS_PER_INSERT,
} from './repository/members'
import { loadMemberInputForUpdate, saveMember } from '../members'
import { memberChanges, recordEvents } from '../history'
import {
  claimPendingImport,
  deleteExpiredImports,
  deletePendingImport,
  findPendingImport,
  findPendingImportPart,
  insertPendingImport,
  insertPendingImportPart,
  type PendingImportPart,
  saveImportReport,
} from './repository/pendingImports'
import { addTo, findIn, type DuplicateIndex } from './duplicates'
import {
  isDateField,
  isDateTarget,
  isEnumField,
  type HeaderMatch,
  matchHeader,
  TRANSFER_FIELDS,
  type Calendar,
} from './fieldDictionary'
import { BARE_NAME, FAMILY_NAME, type HeaderCandidate, withoutDatabaseNulls } from './headerNames'
import {
  householdOnMemberUpdate,
  importedHouseholdChanges,
  type ImportingFamily,
} from '../households'
import { placeInHouseholds } from './households'
import { cellText, type Cell, MAX_STORED_BYTES, type Table, tooMuchData } from './readTable'
import {
  columnMonthFirst,
  FieldVerdicts,
  readDate,
  readEnumCell,
  readFamilyRole,
  readHouseholdStatus,
  readRow,
  type ColumnPlan,
  type RowPlan,
  type RowReading,
} from './rowValues'

export const IMPORT_LIFETIME_MS = 60 * 60 * 1000
export const PREVIEW_ROWS = 50
// History events wait for at most this many rows before they are written.
const EVENTS_PER_BATCH = 2000
/** What the report download needs: the file's columns and each refused row with its reasons. */
export interface ImportReport extends ImportResult {
  columns: string[]
  refusedRows: {
    row: number
    cells: Cell[]
    errors: Record<string, string>
    /** What a refused double repeats: a row of the file, or a stored member. */
    duplicate?: DuplicateTarget
  }[]
}

/** A row of the file (its number) or a stored member (its id) that a row repeats. */
export interface DuplicateTarget {
  row: number | null
  member_id: number | null
}

interface StoredRows {
  rows: Cell[][]
  rowNumbers: number[]
  /** The calendar a column's header names, if any (by column index). */
  columnCalendars: (Calendar | null)[]
}

/** Reports how far a long call is (rows checked, rows stored); see ./progress. */
export type ProgressReport = (phase: 'checking' | 'storing', done: number, total: number) => void

const isBlank = (cell: Cell | undefined) => cellText(cell ?? null) === ''

/** What the mapping step proposes for a file, from its headers and a look at its rows. */
export interface AutoChoices {
  mapping: ImportMapping
  columnCalendars: (Calendar | null)[]
  notesColumns: string[]
  twoPartNames: boolean
  /** The meaning of another system's codes its columns hold (the values step's proposal). */
  valueMap: ImportValueMap
}

// Headers that name a part of the name (or all of it) beside a bare "Name".
const NAME_CANDIDATES: ReadonlySet<HeaderCandidate> = new Set<HeaderCandidate>([
  'first_name',
  'middle_name',
  'last_name',
  FAMILY_NAME,
  FULL_NAME_TARGET,
])

/**
 * Each column's field by its header, in any language or another system's words; a field goes
 * to its first column only. A family name ("Last Name") is the father's name unless the file
 * also has a father's name, or a "Middle Name" most rows fill. A bare "Name" (ስም, Maqaa) is the
 * full name unless another column holds a part of the name: then it is the given name. Columns
 * left over that hold anything are proposed for the notes (another system's bookkeeping
 * aside), so nothing is dropped unless the clerk says so.
 */
export function autoMapping(
  columns: readonly string[],
  rows: readonly (readonly Cell[])[] = [],
): AutoChoices {
  const mapping: ImportMapping = {}
  const used = new Set<ImportTarget>()
  const matches = columns.map((column) => matchHeader(column))
  const filledShare = (index: number) =>
    rows.length === 0 ? 0 : rows.filter((row) => !isBlank(row[index])).length / rows.length
  const hasFather = matches.some(
    (match, index) =>
      match.candidates[0] === 'middle_name' ||
      (match.middleName === true && filledShare(index) >= 0.5),
  )
  const hasNamePart = matches.some(
    (match) =>
      (match.middleName === true && hasFather) ||
      match.candidates.some((c) => NAME_CANDIDATES.has(c)),
  )
  let twoPartNames = false
  const candidatesOf = (index: number): readonly ImportTarget[] => {
    const match = matches[index]
    if (match.middleName) return hasFather ? ['middle_name'] : []
    return match.candidates.flatMap((candidate): ImportTarget[] => {
      if (candidate === BARE_NAME) return [hasNamePart ? 'first_name' : FULL_NAME_TARGET]
      if (candidate !== FAMILY_NAME) return [candidate]
      if (hasFather) return ['last_name']
      twoPartNames = true
      return ['middle_name']
    })
  }
  const candidates = columns.map((_, index) => candidatesOf(index))
  for (const column of columns) mapping[column] = null
  // First choices first: "Home Phone" keeps the second phone even when "Mobile" comes later.
  for (let rank = 0; rank < 3; rank += 1) {
    columns.forEach((column, index) => {
      const field = candidates[index][rank]
      if (mapping[column] || !field || used.has(field)) return
      used.add(field)
      mapping[column] = field
    })
  }
  const notesColumns = columns.filter(
    (column, index) =>
      !mapping[column] &&
      !matches[index].middleName &&
      !matches[index].bookkeeping &&
      rows.some((row) => !isBlank(row[index])),
  )
  return {
    mapping,
    columnCalendars: matches.map((match) => match.calendar ?? null),
    notesColumns,
    twoPartNames: twoPartNames && Object.values(mapping).includes('middle_name'),
    valueMap: proposedValues(columns, rows, mapping, matches),
  }
}

/**
 * For a column of coded values (ChurchCRM's per_Gender…) mapped to the field its codes are for,
 * the meaning of each code the file holds: proposed on the values step, where the clerk decides.
 */
function proposedValues(
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
  mapping: ImportMapping,
  matches: readonly HeaderMatch[],
): ImportValueMap {
  const valueMap: ImportValueMap = {}
  columns.forEach((column, index) => {
    const codes = matches[index].codes
    if (!codes || mapping[column] !== codes.target) return
    const proposed: Record<string, string> = {}
    for (const row of rows) {
      const text = cellText(row[index] ?? null)
      if (Object.prototype.hasOwnProperty.call(codes.meaning, text)) {
        proposed[text] = codes.meaning[text]
      }
    }
    if (Object.keys(proposed).length > 0) valueMap[column] = proposed
  })
  return valueMap
}

const invalid = (field: string, message = 'The import choices are not valid') =>
  new ApiError(400, message, { [field]: 'invalidValue' })

const isPlainObject = (raw: unknown): raw is Record<string, unknown> =>
  !!raw && typeof raw === 'object' && !Array.isArray(raw)

/**
 * A column's entry in a choice keyed by header: its own property only. A header named
 * "__proto__" is no own key (assigning it sets the prototype), and must not read as the
 * prototype object, a target that would drop the column from the notes.
 */
const choiceOf = <T>(choices: Readonly<Record<string, T>> | undefined, column: string) =>
  choices && Object.prototype.hasOwnProperty.call(choices, column) ? choices[column] : undefined

const TARGETS: ReadonlySet<string> = new Set<string>([
  ...TRANSFER_FIELDS,
  ...FAMILY_TARGETS,
  FULL_NAME_TARGET,
  ...BIRTH_PART_TARGETS,
])

/** A mapping sent by a client: known headers only, known fields only, each field once. */
export function checkMapping(columns: readonly string[], raw: unknown): ImportMapping {
  if (!isPlainObject(raw)) throw invalid('mapping', 'The column mapping is not valid')
  const mapping: ImportMapping = {}
  const used = new Set<string>()
  for (const column of columns) mapping[column] = null
  for (const [column, field] of Object.entries(raw)) {
    if (!columns.includes(column)) throw invalid('mapping', 'The column mapping is not valid')
    if (field === null || field === '') continue
    if (typeof field !== 'string' || !TARGETS.has(field) || used.has(field)) {
      throw invalid('mapping', 'The column mapping is not valid')
    }
    used.add(field)
    mapping[column] = field as ImportTarget
  }
  return mapping
}

/** The option keys an enumerated target accepts. */
function acceptedKeys(target: string): string[] | undefined {
  if (target === 'family_role') return [...FAMILY_ROLES]
  if (target === 'family_status') return [...HOUSEHOLD_STATUSES]
  if (isEnumField(target)) return ENUM_OPTIONS[target].map((option) => option.key)
  return undefined
}

/** Choices sent by a client, each part checked; a part not sent keeps the stored one. */
export function checkChoices(
  columns: readonly string[],
  raw: Record<string, unknown>,
  stored: ImportChoices,
): ImportChoices {
  const mapping = raw.mapping === undefined ? stored.mapping : checkMapping(columns, raw.mapping)
  let valueMap = stored.value_map ?? {}
  if (raw.value_map !== undefined) {
    if (!isPlainObject(raw.value_map)) throw invalid('value_map')
    valueMap = {}
    for (const [column, values] of Object.entries(raw.value_map)) {
      const target = choiceOf(mapping, column)
      const accepted = target ? acceptedKeys(target) : undefined
      if (!accepted || !isPlainObject(values)) throw invalid('value_map')
      const checked: Record<string, string | null> = {}
      for (const [value, key] of Object.entries(values)) {
        if (key !== null && (typeof key !== 'string' || !accepted.includes(key))) {
          throw invalid('value_map')
        }
        checked[value] = key
      }
      valueMap[column] = checked
    }
  }
  let notesColumns = stored.notes_columns ?? []
  if (raw.notes_columns !== undefined) {
    const list = raw.notes_columns
    if (!Array.isArray(list) || list.some((c) => typeof c !== 'string' || !columns.includes(c))) {
      throw invalid('notes_columns')
    }
    notesColumns = [...new Set(list as string[])]
  }
  let columnCalendars = stored.column_calendars ?? {}
  if (raw.column_calendars !== undefined) {
    if (!isPlainObject(raw.column_calendars)) throw invalid('column_calendars')
    columnCalendars = {}
    for (const [column, calendar] of Object.entries(raw.column_calendars)) {
      if (!columns.includes(column) || (calendar !== 'gregorian' && calendar !== 'ethiopian')) {
        throw invalid('column_calendars')
      }
      columnCalendars[column] = calendar
    }
  }
  return {
    mapping,
    value_map: valueMap,
    notes_columns: notesColumns,
    column_calendars: columnCalendars,
  }
}

/** A column's calendar: the clerk's word, else its header's, else the file's tick. */
function calendarOfColumn(
  column: string,
  index: number,
  choices: ImportChoices,
  calendar: Calendar,
  columnCalendars: readonly (Calendar | null)[],
): { calendar: Calendar; confirmed: boolean } {
  const chosen = choiceOf(choices.column_calendars, column)
  if (chosen) return { calendar: chosen, confirmed: true }
  const named = columnCalendars[index]
  if (named) return { calendar: named, confirmed: true }
  return { calendar, confirmed: false }
}

function planOf(
  columns: readonly string[],
  choices: ImportChoices,
  calendar: Calendar,
  stored: StoredRows,
): RowPlan {
  const plan: ColumnPlan[] = []
  let fullName: number | undefined
  let fullNameHeader: string | undefined
  const family: NonNullable<RowPlan['family']> = {}
  // No header of a part names a calendar, and the values step shows none: the file's reads them.
  const birthday: NonNullable<RowPlan['birthday']> = { columns: {}, calendar }
  const valuesOf = (column: string) => {
    const values = choiceOf(choices.value_map, column)
    return values ? new Map<string, string | null>(Object.entries(values)) : undefined
  }
  for (const { column, index, field } of mappedColumns(columns, choices)) {
    if (field === FULL_NAME_TARGET) {
      fullName = index
      fullNameHeader = column
    } else if (isBirthPartTarget(field)) {
      birthday.columns[field] = { index, header: column }
    } else if (field === 'family_id') family.id = index
    else if (field === 'family_number') family.number = index
    else if (field === 'family_name') family.name = index
    else if (field === 'family_role') {
      family.role = index
      family.roles = valuesOf(column)
    } else if (isFamilyDetailTarget(field)) {
      const own = calendarOfColumn(column, index, choices, calendar, stored.columnCalendars)
      family.details = [
        ...(family.details ?? []),
        {
          index,
          target: field,
          calendar: own.calendar,
          ...(isDateTarget(field) && {
            monthFirst: columnMonthFirst(stored.rows, index, own.calendar),
          }),
          values: valuesOf(column),
        },
      ]
    } else {
      const own = calendarOfColumn(column, index, choices, calendar, stored.columnCalendars)
      plan.push({
        index,
        field,
        calendar: own.calendar,
        ...(isDateField(field) && {
          monthFirst: columnMonthFirst(stored.rows, index, own.calendar),
        }),
        values: valuesOf(column),
      })
    }
  }
  const notes = columns.flatMap((column, index) =>
    choices.notes_columns?.includes(column) && !choiceOf(choices.mapping, column)
      ? [{ index, header: column }]
      : [],
  )
  const placed = family.id !== undefined || family.number !== undefined
  return {
    columns: plan,
    notes,
    family: placed ? family : undefined,
    fullName,
    fullNameHeader,
    ...(Object.keys(birthday.columns).length > 0 && { birthday }),
  }
}

interface Analysis {
  readings: RowReading[]
  errors: ImportRowError[]
  warnings: ImportRowError[]
  duplicates: ImportDuplicate[]
  /** Per row index: the stored member or earlier row (index) it duplicates. */
  duplicateOf: Map<number, { memberId: number | null; otherIndex: number | null }>
  /** The owner's stored ids of the earlier system, each with its member. */
  externalIds: Map<string, number>
}

// Rows are read in slices of at most this long between two looks at the event loop, so other
// requests (a progress call, /health) wait for one slice, not the whole file (decision 0238).
const SLICE_MS = 20
// The clock is read every this many rows: often enough for a slice, rarely enough to cost nothing.
const ROWS_PER_LOOK = 50
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A pause that lets the event loop take a turn once a slice's time has passed; true if so. */
function sliceTimer() {
  let started = performance.now()
  return async (): Promise<boolean> => {
    if (performance.now() - started <= SLICE_MS) return false
    await nextTurn()
    started = performance.now()
    return true
  }
}

// A pending import's rows are stored in parts of this many (migration 2026_11_29_1201): each
// part is written, read and parsed between two turns of the event loop (decision 0238).
const ROWS_PER_PART = 500

/** What all parts share, kept in the pending import's `rows` column. */
interface PartsOf {
  parts: number
  columnCalendars: (Calendar | null)[]
}

/** The rows as parts' JSON, each written between turns of the event loop. */
async function storedParts(stored: StoredRows): Promise<PendingImportPart[]> {
  const parts: PendingImportPart[] = []
  for (let start = 0; start < stored.rows.length; start += ROWS_PER_PART) {
    await nextTurn()
    const end = start + ROWS_PER_PART
    parts.push({
      row_numbers: JSON.stringify(stored.rowNumbers.slice(start, end)),
      cells: JSON.stringify(stored.rows.slice(start, end)),
    })
  }
  return parts
}

/** The stored rows read back part by part; a part missing means the import is not whole. */
async function readStoredRows(db: Db, id: string, shared: string): Promise<StoredRows> {
  const { parts, columnCalendars } = JSON.parse(shared) as PartsOf
  const stored: StoredRows = { rows: [], rowNumbers: [], columnCalendars }
  for (let part = 0; part < parts; part += 1) {
    await nextTurn()
    const found = await findPendingImportPart(db, id, part)
    if (!found) throw notFound()
    for (const row of JSON.parse(found.cells) as Cell[][]) stored.rows.push(row)
    for (const row of JSON.parse(found.row_numbers) as number[]) stored.rowNumbers.push(row)
  }
  return stored
}

async function analyse(
  db: Db,
  ownerId: number,
  columns: readonly string[],
  stored: StoredRows,
  choices: ImportChoices,
  calendar: Calendar,
  progress?: ProgressReport,
): Promise<Analysis> {
  const plan = planOf(columns, choices, calendar, stored)
  const verdicts = new FieldVerdicts()
  const readings: RowReading[] = []
  const total = stored.rows.length
  progress?.('checking', 0, total)
  const pause = sliceTimer()
  for (let i = 0; i < total; i += 1) {
    if (i % ROWS_PER_LOOK === 0 && (await pause())) progress?.('checking', i, total)
    readings.push(readRow(stored.rows[i], plan, verdicts))
  }
  progress?.('checking', total, total)
  const errors: ImportRowError[] = []
  const warnings: ImportRowError[] = []
  readings.forEach((reading, i) => {
    const row = stored.rowNumbers[i]
    for (const [field, message] of Object.entries(reading.errors)) {
      const value = reading.errorValues[field]
      errors.push(value === undefined ? { row, field, message } : { row, field, message, value })
    }
    for (const [field, { message, value }] of Object.entries(reading.warnings)) {
      warnings.push({ row, field, message, value })
    }
  })
  const storedIndex: DuplicateIndex<number> = new Map()
  const externalIds = new Map<string, number>()
  for (const person of await listPeople(db, ownerId)) {
    addTo(storedIndex, person, person.id)
    if (person.external_id && !externalIds.has(person.external_id)) {
      externalIds.set(person.external_id, person.id)
    }
  }
  const fileIndex: DuplicateIndex<number> = new Map()
  const duplicates: ImportDuplicate[] = []
  const duplicateOf: Analysis['duplicateOf'] = new Map()
  for (let i = 0; i < readings.length; i += 1) {
    if (i % ROWS_PER_LOOK === 0) await pause()
    const reading = readings[i]
    // A refused row is checked too, so the clerk learns that its corrected copy would be a
    // double; it is no earlier row for later ones, as it will not be stored.
    const refused = Object.keys(reading.errors).length > 0
    const inStore = findIn(storedIndex, reading.value)
    const inFile = findIn(fileIndex, reading.value)
    if (inStore || inFile) {
      const memberId = inStore?.match ?? null
      const otherIndex = inFile?.match ?? null
      if (!refused) duplicateOf.set(i, { memberId, otherIndex })
      duplicates.push({
        row: stored.rowNumbers[i],
        member_id: memberId,
        other_row: otherIndex === null ? null : stored.rowNumbers[otherIndex],
        reason: (inStore ?? inFile)!.reason,
        ...(refused ? { refused: true as const } : {}),
      })
    }
    if (!refused) addTo(fileIndex, reading.value, i)
  }
  return { readings, errors, warnings, duplicates, duplicateOf, externalIds }
}

/** The file's columns matched to a field: each with its position and that field. */
function mappedColumns(columns: readonly string[], choices: ImportChoices) {
  return columns.flatMap((column, index) => {
    const field = choiceOf(choices.mapping, column)
    return field ? [{ column, index, field }] : []
  })
}

/** Each enumerated column's values the import does not know by itself, with their counts. */
function unknownValues(
  columns: readonly string[],
  stored: StoredRows,
  choices: ImportChoices,
): ImportValueColumn[] {
  return mappedColumns(columns, choices).flatMap(({ column, index, field }) => {
    const accepted = acceptedKeys(field)
    if (!accepted) return []
    const counts = new Map<string, number>()
    for (const row of stored.rows) {
      const text = cellText(row[index] ?? null)
      if (text === '') continue
      const count = counts.get(text)
      if (count !== undefined) {
        if (count > 0) counts.set(text, count + 1)
        continue
      }
      const known =
        field === 'family_role'
          ? readFamilyRole(text)
          : field === 'family_status'
            ? readHouseholdStatus(text)
            : readEnumCell(field, text)
      counts.set(text, known === undefined ? 1 : 0)
    }
    const values = [...counts]
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    return values.length > 0 ? [{ column, field, values, accepted }] : []
  })
}

const SAMPLES = 3

/** Each date column's calendar and first values read both ways. */
function dateColumns(
  columns: readonly string[],
  stored: StoredRows,
  choices: ImportChoices,
  calendar: Calendar,
): ImportDateColumn[] {
  return mappedColumns(columns, choices).flatMap(({ column, index, field }) => {
    if (!isDateTarget(field)) return []
    const own = calendarOfColumn(column, index, choices, calendar, stored.columnCalendars)
    // Each calendar's reading takes its own order: 13 is a month on the Ethiopian only.
    const monthFirst = {
      gregorian: columnMonthFirst(stored.rows, index, 'gregorian'),
      ethiopian: columnMonthFirst(stored.rows, index, 'ethiopian'),
    }
    let dateCells = 0
    const samples: ImportDateColumn['samples'] = []
    for (const row of stored.rows) {
      const cell = row[index] ?? null
      if (cell && typeof cell === 'object' && 'd' in cell) dateCells += 1
      if (samples.length < SAMPLES && cellText(cell) !== '') {
        samples.push({
          text: cellText(cell),
          gregorian: readDate(cell, 'gregorian', monthFirst.gregorian) ?? null,
          ethiopian: readDate(cell, 'ethiopian', monthFirst.ethiopian) ?? null,
        })
      }
    }
    const confirmedByClerk = choiceOf(choices.column_calendars, column) !== undefined
    return {
      column,
      field,
      calendar: own.calendar,
      confirmed: own.confirmed,
      date_cells: dateCells,
      // A date cell carries a Gregorian day: read as Ethiopian it is the clerk's call.
      needs_choice: dateCells > 0 && own.calendar === 'ethiopian' && !confirmedByClerk,
      samples,
    }
  })
}

/** The filled fields of stored members an update would replace, old → new. */
async function updateChanges(
  db: Db,
  ownerId: number,
  analysis: Analysis,
  rowNumbers: readonly number[],
): Promise<ImportChange[]> {
  const targets = [...analysis.duplicateOf]
    .filter(([, duplicate]) => duplicate.memberId !== null)
    .map(([i, duplicate]) => [i, duplicate.memberId!] as const)
  const inputs = await loadInputs(db, ownerId, [...new Set(targets.map(([, id]) => id))])
  const changes: ImportChange[] = []
  for (const [i, memberId] of targets) {
    const current = inputs.get(memberId)
    if (!current) continue
    const reading = analysis.readings[i]
    for (const field of reading.filled) {
      const before = (current as unknown as Record<string, unknown>)[field]
      const after = (reading.value as Record<string, unknown>)[field]
      const empty = before === null || before === '' || (Array.isArray(before) && !before.length)
      if (empty || JSON.stringify(before) === JSON.stringify(after)) continue
      changes.push({ row: rowNumbers[i], member_id: memberId, field, old: before, new: after })
    }
  }
  return changes
}

/** Each household field's column target (home_phone → family_home_phone …). */
const TARGET_OF_DETAIL = Object.fromEntries(
  Object.entries(FAMILY_DETAIL_TARGETS).map(([target, field]) => [field, target]),
) as Record<(typeof FAMILY_DETAIL_TARGETS)[FamilyDetailTarget], FamilyDetailTarget>

/**
 * The filled fields of households the file's families join that an update would replace: the
 * families as the commit gathers them (rows without errors; a duplicate row's stored member).
 */
async function householdChanges(
  db: Db,
  ownerId: number,
  analysis: Analysis,
): Promise<ImportHouseholdChange[]> {
  const families = new Map<string, ImportingFamily>()
  analysis.readings.forEach((reading, i) => {
    if (!reading.family || Object.keys(reading.errors).length > 0) return
    const { id, number, role, details } = reading.family
    const family = families.get(id) ?? { number, members: [] }
    family.number ??= number
    family.members.push({
      memberId: analysis.duplicateOf.get(i)?.memberId ?? null,
      role: isHouseholdRole(role) ? role : null,
      details,
    })
    families.set(id, family)
  })
  const changes = await importedHouseholdChanges(db, ownerId, [...families.values()])
  return changes.map((change) => ({ ...change, field: TARGET_OF_DETAIL[change.field] }))
}

/** The stored choices of a pending import (the mapping column holds them all). */
function storedChoices(raw: string): ImportChoices {
  const parsed = JSON.parse(raw) as ImportChoices | ImportMapping
  return 'mapping' in parsed && isPlainObject(parsed.mapping) && 'notes_columns' in parsed
    ? (parsed as ImportChoices)
    : { mapping: parsed as ImportMapping }
}

async function previewOf(
  db: Db,
  ownerId: number,
  id: string,
  columns: readonly string[],
  stored: StoredRows,
  choices: ImportChoices,
  calendar: Calendar,
  expiresAt: string,
  twoPartNames: boolean,
  progress?: ProgressReport,
): Promise<ImportPreview> {
  const analysis = await analyse(db, ownerId, columns, stored, choices, calendar, progress)
  return {
    id,
    columns: [...columns],
    mapping: choices.mapping,
    rows: stored.rows.length,
    preview: analysis.readings
      .slice(0, PREVIEW_ROWS)
      .map((reading, i) => ({ row: stored.rowNumbers[i], ...reading.value })),
    errors: analysis.errors,
    warnings: analysis.warnings,
    duplicates: analysis.duplicates,
    values: unknownValues(columns, stored, choices),
    date_columns: dateColumns(columns, stored, choices, calendar),
    changes: await updateChanges(db, ownerId, analysis, stored.rowNumbers),
    household_changes: await householdChanges(db, ownerId, analysis),
    notes_columns: choices.notes_columns ?? [],
    value_map: choices.value_map ?? {},
    column_calendars: choices.column_calendars ?? {},
    two_part_names: twoPartNames,
    expires_at: expiresAt,
  }
}

export async function createImport(
  db: Kysely<Database>,
  ownerId: number,
  uploaded: Table,
  calendar: Calendar,
  now: Date = new Date(),
  progress?: ProgressReport,
): Promise<ImportPreview> {
  const table = withoutDatabaseNulls(uploaded)
  const auto = autoMapping(table.columns, table.rows)
  const choices: ImportChoices = {
    mapping: auto.mapping,
    value_map: auto.valueMap,
    notes_columns: auto.notesColumns,
    column_calendars: {},
  }
  const stored: StoredRows = {
    rows: table.rows,
    rowNumbers: table.rowNumbers,
    columnCalendars: auto.columnCalendars,
  }
  const parts = await storedParts(stored)
  const shared = JSON.stringify({ parts: parts.length, columnCalendars: auto.columnCalendars })
  const size = parts.reduce(
    (sum, part) => sum + Buffer.byteLength(part.cells) + Buffer.byteLength(part.row_numbers),
    Buffer.byteLength(shared),
  )
  if (size > MAX_STORED_BYTES) throw tooMuchData(`${(size / 2 ** 20).toFixed(0)} MB of data`)
  const id = crypto.randomBytes(16).toString('hex')
  const expiresAt = new Date(now.getTime() + IMPORT_LIFETIME_MS).toISOString()
  const answer = await previewOf(
    db,
    ownerId,
    id,
    table.columns,
    stored,
    choices,
    calendar,
    expiresAt,
    auto.twoPartNames,
    progress,
  )
  await deleteExpiredImports(db, now.toISOString())
  await insertPendingImport(db, {
    id,
    owner_user_id: ownerId,
    calendar,
    columns: JSON.stringify(table.columns),
    mapping: JSON.stringify({ ...choices, two_part_names: auto.twoPartNames }),
    rows: shared,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    committed_at: null,
    report: null,
  })
  try {
    for (const [part, rows] of parts.entries()) {
      await insertPendingImportPart(db, id, part, rows)
      await nextTurn()
    }
  } catch (error) {
    await deletePendingImport(db, id)
    throw error
  }
  return answer
}

const notFound = () =>
  new ApiError(404, 'Import not found (it may have expired: upload the file again)')

/** The preview again, with the clerk's choices (the mapping and values steps' changes). */
export async function previewImport(
  db: Kysely<Database>,
  ownerId: number,
  id: string,
  raw: Record<string, unknown>,
  now: Date = new Date(),
  progress?: ProgressReport,
): Promise<ImportPreview> {
  const pending = await findPendingImport(db, ownerId, id, now.toISOString())
  if (!pending) throw notFound()
  if (pending.committed_at) throw new ApiError(409, 'This import has already been committed')
  const columns = JSON.parse(pending.columns) as string[]
  const saved = storedChoices(pending.mapping)
  const choices = checkChoices(columns, raw, saved)
  const stored = await readStoredRows(db, id, pending.rows)
  const twoPartNames =
    (saved as { two_part_names?: boolean }).two_part_names === true &&
    Object.values(choices.mapping).includes('middle_name')
  return previewOf(
    db,
    ownerId,
    id,
    columns,
    stored,
    choices,
    pending.calendar as Calendar,
    pending.expires_at,
    twoPartNames,
    progress,
  )
}

export interface CommitRequest {
  /** The clerk's choices (mapping, value_map, notes_columns, column_calendars) as sent. */
  choices: Record<string, unknown>
  on_duplicate: OnDuplicate
}

export async function commitImport(
  db: Kysely<Database>,
  user: { id: number; username: string },
  id: string,
  request: CommitRequest,
  now: Date = new Date(),
  progress?: ProgressReport,
): Promise<ImportResult> {
  const pending = await findPendingImport(db, user.id, id, now.toISOString())
  if (!pending) throw notFound()
  const alreadyCommitted = () => new ApiError(409, 'This import has already been committed')
  if (pending.committed_at) throw alreadyCommitted()
  const columns = JSON.parse(pending.columns) as string[]
  const choices = checkChoices(columns, request.choices, storedChoices(pending.mapping))
  const stored = await readStoredRows(db, id, pending.rows)
  const calendar = pending.calendar as Calendar
  const unconfirmed = dateColumns(columns, stored, choices, calendar).filter(
    (column) => column.needs_choice,
  )
  if (unconfirmed.length > 0) {
    throw new ApiError(
      400,
      `Say which calendar the date cells of ${unconfirmed.map((c) => `"${c.column}"`).join(', ')} are in`,
      { column_calendars: 'importDateCellsUnconfirmed' },
    )
  }

  return db.transaction().execute(async (trx) => {
    if (!(await claimPendingImport(trx, user.id, id, now.toISOString()))) throw alreadyCommitted()
    const analysis = await analyse(trx, user.id, columns, stored, choices, calendar, progress)
    const families: FamilyPlacement[] = []
    const report: ImportReport = {
      created: 0,
      updated: 0,
      skipped: 0,
      refused: 0,
      columns,
      refusedRows: [],
    }
    const actor = { id: user.id, username: user.username }
    const memberOfRow = new Map<number, number>()
    // An earlier system's id names one member of the account: who holds each, stored or a row.
    const externalHolders = new Map<string, { memberId?: number; row?: number }>(
      [...analysis.externalIds].map(([externalId, memberId]) => [externalId, { memberId }]),
    )
    /** The member or row holding the id, when it is not `target`. */
    const externalIdTaken = (
      externalId: string | null | undefined,
      target?: number,
    ): DuplicateTarget | undefined => {
      const holder = externalId ? externalHolders.get(externalId) : undefined
      if (!holder) return undefined
      const holderId = holder.memberId ?? memberOfRow.get(holder.row!)
      if (target !== undefined && holderId === target) return undefined
      return holder.memberId === undefined
        ? { row: stored.rowNumbers[holder.row!], member_id: null }
        : { row: null, member_id: holder.memberId }
    }
    // A refused row that repeats another says which, in the refused-rows report.
    const refusedDoubles = new Map<number, DuplicateTarget>(
      analysis.duplicates
        .filter((duplicate) => duplicate.refused)
        .map((d) => [d.row, { row: d.other_row, member_id: d.member_id }]),
    )
    const refuse = (i: number, errors: Record<string, string>, duplicate?: DuplicateTarget) => {
      report.refused += 1
      const row = stored.rowNumbers[i]
      const of = duplicate ?? refusedDoubles.get(row)
      report.refusedRows.push({ row, cells: stored.rows[i], errors, ...(of && { duplicate: of }) })
    }
    // New members wait here and go in by the batch; their history events wait with the
    // updates' in row order, so the chain reads as if the rows had been written one by one.
    let creates: number[] = []
    let events: { row: number; memberId?: number; details?: Record<string, unknown> }[] = []
    const flushCreates = async () => {
      if (creates.length === 0) return
      // Consent to messages is what the file says, and off when it says nothing (issue 45).
      const values = creates.map((i) => ({
        receive_email_notifications: false,
        receive_sms_notifications: false,
        ...withoutBlankConsent(analysis.readings[i].value),
      }))
      const ids = await insertImportedMembers(trx, user.id, user.username, values)
      creates.forEach((i, at) => memberOfRow.set(i, ids[at]))
      creates = []
    }
    const flushEvents = async () => {
      await flushCreates()
      await recordEvents(
        trx,
        events.map((event) => ({
          actor,
          action: 'member_import' as const,
          memberId: event.memberId ?? memberOfRow.get(event.row),
          details: event.details,
        })),
      )
      events = []
    }
    // Updates and history events take the event loop too: the commit yields by time as well.
    const pause = sliceTimer()
    const total = analysis.readings.length
    for (let i = 0; i < total; i += 1) {
      if (i % ROWS_PER_LOOK === 0 && (await pause())) progress?.('storing', i, total)
      const reading = analysis.readings[i]
      if (Object.keys(reading.errors).length > 0) {
        refuse(i, reading.errors)
        continue
      }
      const duplicate = analysis.duplicateOf.get(i)
      if (duplicate && request.on_duplicate === 'skip') {
        report.skipped += 1
        // Its family's new members still join the household the stored member is in.
        if (reading.family && duplicate.memberId !== null) {
          families.push({ row: i, memberId: duplicate.memberId, skipped: true, ...reading.family })
        }
        continue
      }
      const update = duplicate !== undefined && request.on_duplicate === 'update'
      // An update of a row created earlier in this file needs that row's id.
      if (update && duplicate.memberId === null) await flushCreates()
      const target = update
        ? (duplicate.memberId ??
          (duplicate.otherIndex === null ? undefined : memberOfRow.get(duplicate.otherIndex)))
        : undefined
      const externalId = reading.value.external_id
      const holder = externalIdTaken(externalId, target)
      if (holder) {
        refuse(i, { external_id: 'externalIdTaken' }, holder)
        continue
      }
      if (externalId)
        externalHolders.set(externalId, target === undefined ? { row: i } : { memberId: target })
      if (target === undefined) {
        creates.push(i)
        events.push({ row: i })
        report.created += 1
      } else {
        const current = await loadMemberInputForUpdate(trx, user.id, target)
        if (!current) {
          refuse(i, { _: 'invalidValue' })
          continue
        }
        // A blank cell never overwrites a stored value: only filled cells change the member.
        const changes: Partial<MemberInput> = {}
        for (const field of reading.filled) {
          ;(changes as Record<string, unknown>)[field] = reading.value[field]
        }
        const merged = { ...current, ...changes }
        const checked = validateMember(merged, memberUpdateSchema(), { stored: current })
        if (!checked.ok) {
          refuse(i, checked.errors)
          continue
        }
        await saveMember(trx, user.id, target, merged)
        memberOfRow.set(i, target)
        // Recorded like an edit: each changed field with its value before and after.
        const diff = memberChanges({ ...current }, { ...merged })
        await householdOnMemberUpdate(trx, target, diff)
        events.push({
          row: i,
          memberId: target,
          details: { updated_fields: Object.keys(diff), changes: diff },
        })
        report.updated += 1
      }
      if (reading.family) families.push({ row: i, ...reading.family })
      if (creates.length >= MEMBERS_PER_INSERT) {
        await flushCreates()
        progress?.('storing', i + 1, total)
        await nextTurn()
      }
      if (events.length >= EVENTS_PER_BATCH) {
        await flushEvents()
        await nextTurn()
      }
    }
    await flushEvents()
    progress?.('storing', total, total)
    await placeInHouseholds(
      trx,
      actor,
      user.id,
      families.flatMap((family) => {
        const memberId = family.memberId ?? memberOfRow.get(family.row)
        return memberId === undefined
          ? []
          : [
              {
                memberId,
                familyId: family.id,
                familyNumber: family.number,
                familyName: family.name,
                role: family.role,
                details: family.details,
                skipped: family.skipped,
              },
            ]
      }),
      // A household the file's family joins takes its filled cells only where an update would
      // write a duplicate member's: "skip" and "create" leave what is stored as it is.
      { updateHouseholds: request.on_duplicate === 'update' },
    )
    await saveImportReport(trx, id, JSON.stringify(report))
    const { created, updated, skipped, refused } = report
    return { created, updated, skipped, refused }
  })
}

interface FamilyPlacement extends NonNullable<RowReading['family']> {
  row: number
  /** A skipped row's stored member; a written row's member is known by its row. */
  memberId?: number
  skipped?: boolean
}

/** A blank consent cell says nothing: the import's default (off) stands, not the form's. */
function withoutBlankConsent(value: Partial<MemberInput>): Partial<MemberInput> {
  const copy = { ...value }
  if (copy.receive_email_notifications === null) delete copy.receive_email_notifications
  if (copy.receive_sms_notifications === null) delete copy.receive_sms_notifications
  return copy
}

/** The stored report of a committed import (for the refused-rows download). */
export async function importReport(
  db: Kysely<Database>,
  ownerId: number,
  id: string,
  now: Date = new Date(),
): Promise<ImportReport> {
  const pending = await findPendingImport(db, ownerId, id, now.toISOString())
  if (!pending || !pending.report) throw notFound()
  return JSON.parse(pending.report) as ImportReport
}
