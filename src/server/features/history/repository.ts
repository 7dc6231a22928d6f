// The history's SQL: the hash chain's tail and lock, its appends, and its reads.
import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { type AuditFilters, isValidIsoDate } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { AuditEventRow, Db } from '../../db/tables'

// Any constant key: every writer of the history takes this one transaction-scoped lock.
export const CHAIN_LOCK = 0x61626c31

/**
 * Serialises writers of the chain: on PostgreSQL by a transaction-scoped advisory lock that
 * every process takes before reading the last event; SQLite runs one writing transaction at a
 * time.
 */
export async function lockChain(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx)
}

/** The chain's last event (its seq and hash), undefined while the history is empty. */
export function findChainTail(trx: Db) {
  return trx
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The insert of hashed rows, unexecuted: for a statement that writes more besides. */
export const insertEventsQuery = (trx: Db, rows: readonly AuditEventRow[]) =>
  trx.insertInto('audit_events').values(rows)

export async function insertEvents(trx: Db, rows: AuditEventRow[]): Promise<void> {
  await insertEventsQuery(trx, rows).execute()
}

/** Up to `limit` events from `fromSeq` on, in chain order. */
export function readChainFrom(db: Db, fromSeq: number, limit: number) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .limit(limit)
    .execute()
}

/** The hash of event `seq`, undefined when the chain has no such event. */
export async function findEventHash(db: Db, seq: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select('hash')
    .where('seq', '=', seq)
    .executeTakeFirst()
  return row?.hash
}

/** A member an event names: whose it is and its name parts (deleted ones: from the bin). */
export interface NamedMember {
  id: number
  ownerId: number
  first_name: string
  middle_name: string | null
  last_name: string
}

/** The names of the members among `ids`, current ones first, then those in the restore bin. */
export async function findMemberNames(db: Db, ids: readonly number[]): Promise<NamedMember[]> {
  if (ids.length === 0) return []
  const current = await db
    .selectFrom('members')
    .select(['id', 'owner_user_id', 'first_name', 'middle_name', 'last_name'])
    .where('id', 'in', ids)
    .execute()
  const found = new Set(current.map((m) => m.id))
  const missing = ids.filter((id) => !found.has(id))
  const binned =
    missing.length === 0
      ? []
      : await db
          .selectFrom('deleted_members')
          .select(['member_id', 'owner_user_id', 'row_json'])
          .where('member_id', 'in', missing)
          .execute()
  return [
    ...current.map((m) => ({ ...m, ownerId: m.owner_user_id })),
    ...binned.map((row) => {
      const fields = JSON.parse(row.row_json) as Partial<Record<string, unknown>>
      const text = (value: unknown) => (typeof value === 'string' ? value : null)
      return {
        id: row.member_id,
        ownerId: row.owner_user_id,
        first_name: text(fields.first_name) ?? '',
        middle_name: text(fields.middle_name),
        last_name: text(fields.last_name) ?? '',
      }
    }),
  ]
}

/** The actions of signing in and out, which the history can leave out. */
const SIGN_IN_ACTIONS = ['sign_in', 'sign_in_refused', 'sign_out'] as const

/** `like` text with its wildcards escaped (`\` is the escape character). */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A member's events, newest first (at most `limit`). */
export function listMemberEvents(db: Db, memberId: number, limit = 1000) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
}

/** An event whose details name this household (`household_id`), on either engine. */
function namesHousehold(db: Db, householdId: number) {
  return isPostgres(db)
    ? sql<SqlBool>`(cast(details as jsonb) ->> 'household_id') = ${String(householdId)}`
    : sql<SqlBool>`json_extract(details, '$.household_id') = ${householdId}`
}

/** A household's latest household_transfer event, undefined when it was never transferred. */
export function findLastHouseholdTransfer(db: Db, householdId: number) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'household_transfer')
    .where(namesHousehold(db, householdId))
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Whether an event after `seq` names the household or is about one of these members. */
export async function hasEventAfter(
  db: Db,
  seq: number,
  householdId: number,
  memberIds: readonly number[],
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_events')
    .select('seq')
    .where('seq', '>', seq)
    .where((eb) =>
      memberIds.length === 0
        ? namesHousehold(db, householdId)
        : eb.or([namesHousehold(db, householdId), eb('member_id', 'in', memberIds)]),
    )
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** The day after a yyyy-mm-dd, as the first instant it excludes; undefined for a bad date. */
export function nextDay(date: string): string | undefined {
  // Date would roll 2026-02-31 over into March: a day that does not exist is refused.
  if (!isValidIsoDate(date)) return undefined
  const day = new Date(`${date}T00:00:00.000Z`)
  if (Number.isNaN(day.getTime())) return undefined
  return new Date(day.getTime() + 24 * 60 * 60 * 1000).toISOString()
}

/** Every word of the name is in `full` (lower case), as a letter, in any order. */
function hasEveryWord(full: RawBuilder<string>, words: readonly string[]) {
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`${full} like ${`%${likeText(word)}%`} escape '\\'`),
    sql` and `,
  )})`
}

/** A name part of a binned member's stored row (row_json), on either engine. */
function binnedPart(db: Db, field: 'first_name' | 'middle_name' | 'last_name') {
  return isPostgres(db)
    ? sql<string>`coalesce(cast(row_json as jsonb) ->> ${field}, '')`
    : sql<string>`coalesce(json_extract(row_json, ${`$.${field}`}), '')`
}

/**
 * GET /api/audit's filters as a query, newest first; `before` continues after a page.
 * `binOwner` says whose members in the restore bin a name finds: everyone's (null, a reader of
 * every member) or one account's.
 */
export function auditQuery(
  db: Db,
  filters: AuditFilters,
  before?: number,
  binOwner: number | null = null,
) {
  let query = db.selectFrom('audit_events').selectAll()
  if (filters.actor !== undefined) query = query.where('actor_id', '=', filters.actor)
  if (filters.action) query = query.where('action', '=', filters.action)
  if (filters.member_id !== undefined) query = query.where('member_id', '=', filters.member_id)
  if (filters.hide_sign_ins) query = query.where('action', 'not in', SIGN_IN_ACTIONS)
  // Every word of the name in the member's name, in any order and case: a current member's, or
  // (their events are history too) a deleted one's in the restore bin.
  const words = (filters.member_name ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length > 0) {
    const full = sql<string>`lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name)`
    const binned = sql<string>`lower(${binnedPart(db, 'first_name')} || ' ' || ${binnedPart(db, 'middle_name')} || ' ' || ${binnedPart(db, 'last_name')})`
    const current = db.selectFrom('members').select('id').where(hasEveryWord(full, words))
    const inBin = db
      .selectFrom('deleted_members')
      .select('deleted_members.member_id')
      .where(hasEveryWord(binned, words))
    const bin =
      binOwner === null ? inBin : inBin.where('deleted_members.owner_user_id', '=', binOwner)
    query = query.where((eb) => eb.or([eb('member_id', 'in', current), eb('member_id', 'in', bin)]))
  }
  // Dates are whole UTC days; `at` is ISO text, so text comparison orders them.
  if (filters.from) query = query.where('at', '>=', `${filters.from}T00:00:00.000Z`)
  const end = filters.to ? nextDay(filters.to) : undefined
  if (end) query = query.where('at', '<', end)
  if (before !== undefined) query = query.where('seq', '<', before)
  return query.orderBy('seq', 'desc')
}
