// The history's SQL: the hash chain's tail and lock, its appends, and its reads.
import { sql } from 'kysely'
import { type AuditFilters, isValidIsoDate } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { AuditEventRow, Db } from '../../db/tables'

// Any constant key: every writer of the history takes this one transaction-scoped lock.
const CHAIN_LOCK = 0x61626c31

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

export async function insertEvents(trx: Db, rows: AuditEventRow[]): Promise<void> {
  await trx.insertInto('audit_events').values(rows).execute()
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

/** A member's events, newest first (at most 1,000). */
export function listMemberEvents(db: Db, memberId: number) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('seq', 'desc')
    .limit(1000)
    .execute()
}

/** The day after a yyyy-mm-dd, as the first instant it excludes; undefined for a bad date. */
export function nextDay(date: string): string | undefined {
  // Date would roll 2026-02-31 over into March: a day that does not exist is refused.
  if (!isValidIsoDate(date)) return undefined
  const day = new Date(`${date}T00:00:00.000Z`)
  if (Number.isNaN(day.getTime())) return undefined
  return new Date(day.getTime() + 24 * 60 * 60 * 1000).toISOString()
}

/** GET /api/audit's filters as a query, newest first; `before` continues after a page. */
export function auditQuery(db: Db, filters: AuditFilters, before?: number) {
  let query = db.selectFrom('audit_events').selectAll()
  if (filters.actor !== undefined) query = query.where('actor_id', '=', filters.actor)
  if (filters.action) query = query.where('action', '=', filters.action)
  if (filters.member_id !== undefined) query = query.where('member_id', '=', filters.member_id)
  // Dates are whole UTC days; `at` is ISO text, so text comparison orders them.
  if (filters.from) query = query.where('at', '>=', `${filters.from}T00:00:00.000Z`)
  const end = filters.to ? nextDay(filters.to) : undefined
  if (end) query = query.where('at', '<', end)
  if (before !== undefined) query = query.where('seq', '<', before)
  return query.orderBy('seq', 'desc')
}
