// The import of issue 24: an upload is read, mapped and checked into a preview and kept for an
// hour (in the database, so any server process can commit it); its commit writes the valid rows
// in one transaction, so they all land or none does.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  type ImportDuplicate,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type MemberField,
  type MemberInput,
  memberUpdateSchema,
  type OnDuplicate,
  validateMember,
} from '../../../domain'
import type { Database, Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { insertImportedMembers, listPeople, MEMBERS_PER_INSERT } from './repository/members'
import { loadMemberInputForUpdate, saveMember } from '../members'
import { recordEvents } from '../history'
import {
  claimPendingImport,
  deleteExpiredImports,
  findPendingImport,
  insertPendingImport,
  saveImportReport,
} from './repository/pendingImports'
import { addTo, findIn } from './duplicates'
import { type Calendar, matchHeader, TRANSFER_FIELDS } from './fieldDictionary'
import type { Cell, Table } from './readTable'
import { type ColumnPlan, FieldVerdicts, readRow, type RowReading } from './rowValues'

export const IMPORT_LIFETIME_MS = 60 * 60 * 1000
export const PREVIEW_ROWS = 50
// History events wait for at most this many rows before they are written.
const EVENTS_PER_BATCH = 2000
/** What the report download needs: the file's columns and each refused row with its reasons. */
export interface ImportReport extends ImportResult {
  columns: string[]
  refusedRows: { row: number; cells: Cell[]; errors: Record<string, string> }[]
}

interface StoredRows {
  rows: Cell[][]
  rowNumbers: number[]
  /** The calendar a column's header names, if any (by column index). */
  columnCalendars: (Calendar | null)[]
}

/** Each column's field by its header, in any language; a field goes to its first column only. */
export function autoMapping(columns: readonly string[]): {
  mapping: ImportMapping
  columnCalendars: (Calendar | null)[]
} {
  const mapping: ImportMapping = {}
  const used = new Set<MemberField>()
  const columnCalendars = columns.map((column) => {
    const match = matchHeader(column)
    const field = match.field && !used.has(match.field) ? match.field : null
    if (field) used.add(field)
    mapping[column] = field
    return match.calendar ?? null
  })
  return { mapping, columnCalendars }
}

/** A mapping sent by a client: known headers only, known fields only, each field once. */
export function checkMapping(columns: readonly string[], raw: unknown): ImportMapping {
  const invalid = () =>
    new ApiError(400, 'The column mapping is not valid', { mapping: 'invalidValue' })
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid()
  const mapping: ImportMapping = {}
  const used = new Set<string>()
  const entries = Object.entries(raw as Record<string, unknown>)
  for (const column of columns) mapping[column] = null
  for (const [column, field] of entries) {
    if (!columns.includes(column)) throw invalid()
    if (field === null || field === '') continue
    if (typeof field !== 'string' || !(TRANSFER_FIELDS as readonly string[]).includes(field)) {
      throw invalid()
    }
    if (used.has(field)) throw invalid()
    used.add(field)
    mapping[column] = field as MemberField
  }
  return mapping
}

function planOf(
  columns: readonly string[],
  mapping: ImportMapping,
  calendar: Calendar,
  columnCalendars: readonly (Calendar | null)[],
): ColumnPlan[] {
  const plan: ColumnPlan[] = []
  columns.forEach((column, index) => {
    const field = mapping[column]
    if (field) plan.push({ index, field, calendar: columnCalendars[index] ?? calendar })
  })
  return plan
}

interface Analysis {
  readings: RowReading[]
  errors: ImportRowError[]
  duplicates: ImportDuplicate[]
  /** Per row index: the stored member or earlier row (index) it duplicates. */
  duplicateOf: Map<number, { memberId: number | null; otherIndex: number | null }>
}

async function analyse(
  db: Db,
  ownerId: number,
  columns: readonly string[],
  stored: StoredRows,
  mapping: ImportMapping,
  calendar: Calendar,
): Promise<Analysis> {
  const plan = planOf(columns, mapping, calendar, stored.columnCalendars)
  const verdicts = new FieldVerdicts()
  const readings = stored.rows.map((cells) => readRow(cells, plan, verdicts))
  const errors: ImportRowError[] = []
  readings.forEach((reading, i) => {
    for (const [field, message] of Object.entries(reading.errors)) {
      errors.push({ row: stored.rowNumbers[i], field, message })
    }
  })
  const storedIndex = new Map<string, number>()
  for (const person of await listPeople(db, ownerId)) addTo(storedIndex, person, person.id)
  const fileIndex = new Map<string, number>()
  const duplicates: ImportDuplicate[] = []
  const duplicateOf: Analysis['duplicateOf'] = new Map()
  readings.forEach((reading, i) => {
    if (Object.keys(reading.errors).length > 0) return
    const inStore = findIn(storedIndex, reading.value)
    const inFile = findIn(fileIndex, reading.value)
    if (inStore || inFile) {
      const memberId = inStore?.match ?? null
      const otherIndex = inFile?.match ?? null
      duplicateOf.set(i, { memberId, otherIndex })
      duplicates.push({
        row: stored.rowNumbers[i],
        member_id: memberId,
        other_row: otherIndex === null ? null : stored.rowNumbers[otherIndex],
        reason: (inStore ?? inFile)!.reason,
      })
    }
    addTo(fileIndex, reading.value, i)
  })
  return { readings, errors, duplicates, duplicateOf }
}

export async function createImport(
  db: Kysely<Database>,
  ownerId: number,
  table: Table,
  calendar: Calendar,
  now: Date = new Date(),
): Promise<ImportPreview> {
  const { mapping, columnCalendars } = autoMapping(table.columns)
  const stored: StoredRows = { rows: table.rows, rowNumbers: table.rowNumbers, columnCalendars }
  const analysis = await analyse(db, ownerId, table.columns, stored, mapping, calendar)
  const id = crypto.randomBytes(16).toString('hex')
  const expiresAt = new Date(now.getTime() + IMPORT_LIFETIME_MS).toISOString()
  await deleteExpiredImports(db, now.toISOString())
  await insertPendingImport(db, {
    id,
    owner_user_id: ownerId,
    calendar,
    columns: JSON.stringify(table.columns),
    mapping: JSON.stringify(mapping),
    rows: JSON.stringify(stored),
    created_at: now.toISOString(),
    expires_at: expiresAt,
    committed_at: null,
    report: null,
  })
  return {
    id,
    columns: table.columns,
    mapping,
    rows: table.rows.length,
    preview: analysis.readings
      .slice(0, PREVIEW_ROWS)
      .map((reading, i) => ({ row: table.rowNumbers[i], ...reading.value })),
    errors: analysis.errors,
    duplicates: analysis.duplicates,
    expires_at: expiresAt,
  }
}

const notFound = () =>
  new ApiError(404, 'Import not found (it may have expired: upload the file again)')

/** The preview again, with another mapping (the mapping screen's changes). */
export async function previewImport(
  db: Kysely<Database>,
  ownerId: number,
  id: string,
  rawMapping: unknown,
  now: Date = new Date(),
): Promise<ImportPreview> {
  const pending = await findPendingImport(db, ownerId, id, now.toISOString())
  if (!pending) throw notFound()
  if (pending.committed_at) throw new ApiError(409, 'This import has already been committed')
  const columns = JSON.parse(pending.columns) as string[]
  const mapping =
    rawMapping === undefined
      ? (JSON.parse(pending.mapping) as ImportMapping)
      : checkMapping(columns, rawMapping)
  const stored = JSON.parse(pending.rows) as StoredRows
  const calendar = pending.calendar as Calendar
  const analysis = await analyse(db, ownerId, columns, stored, mapping, calendar)
  return {
    id,
    columns,
    mapping,
    rows: stored.rows.length,
    preview: analysis.readings
      .slice(0, PREVIEW_ROWS)
      .map((reading, i) => ({ row: stored.rowNumbers[i], ...reading.value })),
    errors: analysis.errors,
    duplicates: analysis.duplicates,
    expires_at: pending.expires_at,
  }
}

export interface CommitRequest {
  mapping?: unknown
  on_duplicate: OnDuplicate
}

export async function commitImport(
  db: Kysely<Database>,
  user: { id: number; username: string },
  id: string,
  request: CommitRequest,
  now: Date = new Date(),
): Promise<ImportResult> {
  const pending = await findPendingImport(db, user.id, id, now.toISOString())
  if (!pending) throw notFound()
  const alreadyCommitted = () => new ApiError(409, 'This import has already been committed')
  if (pending.committed_at) throw alreadyCommitted()
  const columns = JSON.parse(pending.columns) as string[]
  const mapping =
    request.mapping === undefined
      ? (JSON.parse(pending.mapping) as ImportMapping)
      : checkMapping(columns, request.mapping)
  const stored = JSON.parse(pending.rows) as StoredRows

  return db.transaction().execute(async (trx) => {
    if (!(await claimPendingImport(trx, user.id, id, now.toISOString()))) throw alreadyCommitted()
    const analysis = await analyse(
      trx,
      user.id,
      columns,
      stored,
      mapping,
      pending.calendar as Calendar,
    )
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
    const refuse = (i: number, errors: Record<string, string>) => {
      report.refused += 1
      report.refusedRows.push({ row: stored.rowNumbers[i], cells: stored.rows[i], errors })
    }
    // New members wait here and go in by the batch; their history events wait with the
    // updates' in row order, so the chain reads as if the rows had been written one by one.
    let creates: number[] = []
    let events: { row: number; memberId?: number; details?: Record<string, unknown> }[] = []
    const flushCreates = async () => {
      if (creates.length === 0) return
      const values = creates.map((i) => analysis.readings[i].value)
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
    for (let i = 0; i < analysis.readings.length; i += 1) {
      const reading = analysis.readings[i]
      if (Object.keys(reading.errors).length > 0) {
        refuse(i, reading.errors)
        continue
      }
      const duplicate = analysis.duplicateOf.get(i)
      if (duplicate && request.on_duplicate === 'skip') {
        report.skipped += 1
        continue
      }
      const update = duplicate !== undefined && request.on_duplicate === 'update'
      // An update of a row created earlier in this file needs that row's id.
      if (update && duplicate.memberId === null) await flushCreates()
      const target = update
        ? (duplicate.memberId ??
          (duplicate.otherIndex === null ? undefined : memberOfRow.get(duplicate.otherIndex)))
        : undefined
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
        events.push({ row: i, memberId: target, details: { updated_fields: reading.filled } })
        report.updated += 1
      }
      if (creates.length >= MEMBERS_PER_INSERT) await flushCreates()
      if (events.length >= EVENTS_PER_BATCH) await flushEvents()
    }
    await flushEvents()
    await saveImportReport(trx, id, JSON.stringify(report))
    const { created, updated, skipped, refused } = report
    return { created, updated, skipped, refused }
  })
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
