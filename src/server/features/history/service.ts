// The history (issue 25): one event per change, written in the transaction of the change, each
// carrying a SHA-256 hash over its own content and the previous event's hash. Editing, removing
// or inserting an event breaks the chain at that point, which `npm run audit -- verify` finds.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuditEventRow, Database, Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { type Caller, may, ownerScope } from '../accounts'
import { findMemberOwner } from '../members'
import { toAuditEvent } from './export'
import {
  auditQuery,
  findChainTail,
  findEventHash,
  findLastHouseholdTransfer,
  findMemberNames,
  hasEventAfter,
  insertEvents,
  insertEventsQuery,
  listMemberEvents,
  lockChain,
  readChainFrom,
} from './repository'

// The actions and the event's shape are shared with the client (src/domain/audit.ts).
import { type AuditAction, type AuditEvent, type AuditFilters, fullName } from '../../../domain'

export { type AuditAction }

export const GENESIS_HASH = '0'.repeat(64)

/** Who did it: an account (id and name at the time), or the command line / the server itself. */
export interface Actor {
  id: number | null
  username: string | null
}

export const SYSTEM_ACTOR: Actor = { id: null, username: null }

export interface NewEvent {
  actor: Actor
  action: AuditAction
  memberId?: number | null
  subjectUserId?: number | null
  details?: Record<string, unknown>
  at?: Date
}

type HashedFields = Omit<AuditEventRow, 'hash'>

/** The event's hash: SHA-256 over its fields in a fixed order, the previous hash among them. */
export function eventHash(event: HashedFields): string {
  const content = JSON.stringify([
    event.seq,
    event.at,
    event.actor_id,
    event.actor_username,
    event.action,
    event.member_id,
    event.subject_user_id,
    event.details,
    event.prev_hash,
  ])
  return crypto.createHash('sha256').update(content, 'utf8').digest('hex')
}

/** A transfer as asked: by which account, to which account. */
export interface AskedTransfer {
  actorId: number
  target: number
}

const isTransferAsked = (
  event: AuditEventRow | undefined,
  action: 'member_transfer' | 'household_transfer',
  asked: AskedTransfer,
): event is AuditEventRow =>
  event?.action === action &&
  event.actor_id === asked.actorId &&
  event.subject_user_id === asked.target

/**
 * A member transfer asked again once made (a retry whose answer was lost): the member's latest
 * event is that transfer, by the same account to the same target, with its household along or
 * not as asked. Nothing has happened to the member since, so the first answer may be given again.
 */
export async function repeatsMemberTransfer(
  db: Db,
  memberId: number,
  asked: AskedTransfer & { withHousehold: boolean },
): Promise<boolean> {
  const [last] = await listMemberEvents(db, memberId, 1)
  if (!isTransferAsked(last, 'member_transfer', asked)) return false
  const details = JSON.parse(last.details) as Record<string, unknown>
  return (details.household_id !== undefined) === asked.withHousehold
}

/**
 * A household transfer asked again once made: its latest transfer is by the same account to the
 * same target, and no event since names the household or is about one of its members.
 */
export async function repeatsHouseholdTransfer(
  db: Db,
  householdId: number,
  memberIds: readonly number[],
  asked: AskedTransfer,
): Promise<boolean> {
  const last = await findLastHouseholdTransfer(db, householdId)
  if (!isTransferAsked(last, 'household_transfer', asked)) return false
  return !(await hasEventAfter(db, Number(last.seq), householdId, memberIds))
}

/**
 * Appends one event. Must run inside the transaction of the change it records, so a failed
 * change leaves no event. The chain is serialised: on PostgreSQL by a transaction-scoped
 * advisory lock that every process takes before reading the last event (two processes could
 * otherwise both extend the same tail); SQLite runs one writing transaction at a time.
 */
export async function recordEvent(trx: Db, event: NewEvent): Promise<void> {
  await recordEvents(trx, [event])
}

// 10 columns a row: 1,000 rows stay under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const EVENTS_PER_INSERT = 1000

/**
 * Appends many events in their order with one lock, one read of the chain's tail and multi-row
 * inserts: an import of 10,000 rows writes 10 statements instead of 20,000. Same transaction
 * rule as recordEvent.
 */
export async function recordEvents(trx: Db, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return
  await lockChain(trx)
  const rows = chainedRows(await findChainTail(trx), events)
  for (let start = 0; start < rows.length; start += EVENTS_PER_INSERT) {
    await insertEvents(trx, rows.slice(start, start + EVENTS_PER_INSERT))
  }
}

/** The insert of chainedRows: for a statement that writes more besides (PostgreSQL). */
export const appendEventsQuery = (
  trx: Db,
  last: { seq: number | string; hash: string } | undefined,
  events: readonly NewEvent[],
) => insertEventsQuery(trx, chainedRows(last, events))

/**
 * The rows that append `events` after the chain's tail (undefined: the history is empty), each
 * hashed over the one before. Only for a writer holding the chain's lock since before it read
 * the tail (recordEvents; a payment takes the lock with its first ones, decision 0321).
 */
export function chainedRows(
  last: { seq: number | string; hash: string } | undefined,
  events: readonly NewEvent[],
): AuditEventRow[] {
  let seq = Number(last?.seq ?? 0)
  let prevHash = last?.hash ?? GENESIS_HASH
  const now = new Date().toISOString()
  return events.map((event) => {
    seq += 1
    const fields: HashedFields = {
      seq,
      at: event.at ? event.at.toISOString() : now,
      actor_id: event.actor.id,
      actor_username: event.actor.username,
      action: event.action,
      member_id: event.memberId ?? null,
      subject_user_id: event.subjectUserId ?? null,
      details: JSON.stringify(event.details ?? {}),
      prev_hash: prevHash,
    }
    prevHash = eventHash(fields)
    return { ...fields, hash: prevHash }
  })
}

export type ChainResult =
  | { intact: true; count: number; head: string }
  | { intact: false; count: number; seq: number; problem: 'altered' | 'removed' | 'inserted' }

/** Walks the whole chain in order, a page at a time, and names the first break. */
export async function verifyChain(db: Db, pageSize = 1000): Promise<ChainResult> {
  let expectedSeq = 1
  let prevHash = GENESIS_HASH
  let count = 0
  for (;;) {
    const rows = await readChainFrom(db, expectedSeq, pageSize)
    for (const row of rows) {
      const seq = Number(row.seq)
      if (seq !== expectedSeq) {
        return { intact: false, count, seq: expectedSeq, problem: 'removed' }
      }
      const selfConsistent = eventHash({ ...row, seq }) === row.hash
      if (row.prev_hash !== prevHash) {
        // Its own hash holds but it does not follow its predecessor: put there afterwards.
        return { intact: false, count, seq, problem: selfConsistent ? 'inserted' : 'altered' }
      }
      if (!selfConsistent) return { intact: false, count, seq, problem: 'altered' }
      prevHash = row.hash
      expectedSeq += 1
      count += 1
    }
    if (rows.length < pageSize) return { intact: true, count, head: prevHash }
  }
}

/** The fields of a member that differ, as {field: [before, after]}; photos by their name. */
export function memberChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const ignored = new Set(['updated_at', 'thumbnail_path', 'search_text'])
  const changes: Record<string, [unknown, unknown]> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignored.has(field)) continue
    const a = before[field] ?? null
    const b = after[field] ?? null
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b]
  }
  return changes
}

/**
 * The events with the name of the member each is about, where the reader may read that member
 * (the policy's member.read on its owner now): the history then says "Abebe Kebede", not a number.
 */
export async function withMemberNames(
  db: Db,
  caller: Caller,
  events: AuditEvent[],
): Promise<AuditEvent[]> {
  const ids = [...new Set(events.flatMap((e) => (e.member_id === null ? [] : [e.member_id])))]
  const named = new Map<number, string>()
  for (const member of await findMemberNames(db, ids)) {
    if (may(caller, 'member.read', { ownerId: member.ownerId })) {
      named.set(member.id, fullName(member))
    }
  }
  return events.map((event) => {
    const name = event.member_id === null ? undefined : named.get(event.member_id)
    return name ? { ...event, member_name: name } : event
  })
}

/**
 * A member's history: clerks see that of the members they own now; admins and auditors any
 * member's, deleted ones included.
 */
export async function memberHistory(db: Kysely<Database>, user: Caller, id: number) {
  const notFound = () => new ApiError(404, 'Member not found')
  if (id < 1) throw notFound()
  const owner = await findMemberOwner(db, id)
  if (!may(user, 'member.read', { ownerId: owner })) throw notFound()
  const rows = await listMemberEvents(db, id)
  if (owner === undefined && rows.length === 0) throw notFound()
  return { items: await withMemberNames(db, user, rows.map(toAuditEvent)) }
}

/** A page of the whole history, newest first, and the cursor of the next one. */
export async function historyPage(
  db: Kysely<Database>,
  caller: Caller,
  filters: AuditFilters,
  limit: number,
  before?: number,
) {
  const rows = await auditQuery(db, filters, before, ownerScope(caller, 'all'))
    .limit(limit + 1)
    .execute()
  const items = await withMemberNames(db, caller, rows.slice(0, limit).map(toAuditEvent))
  return {
    items,
    next_cursor: rows.length > limit ? String(items[items.length - 1].seq) : null,
  }
}

/** A point of the chain the office recorded elsewhere: event number `count` had hash `hash`. */
export interface ChainAnchor {
  count: number
  hash: string
}

const ANCHOR = /(\d{1,10}):([0-9a-f]{64})\b/g

/** "count:hash" as printed by exports, backups, the report and `audit verify`. */
export function formatAnchor(anchor: ChainAnchor): string {
  return `${anchor.count}:${anchor.hash}`
}

/** Every "count:hash" anchor in a text (one given on the command line, or a saved file). */
export function anchorsIn(text: string): ChainAnchor[] {
  return [...text.matchAll(ANCHOR)].map((m) => ({ count: Number(m[1]), hash: m[2] }))
}

/** The stored chain's last event as an anchor (0 and the genesis hash when it is empty). */
export async function chainHead(db: Db): Promise<ChainAnchor> {
  const last = await findChainTail(db)
  return last ? { count: Number(last.seq), hash: last.hash } : { count: 0, hash: GENESIS_HASH }
}

export type AnchorResult =
  { holds: true } | { holds: false; problem: 'shortened' | 'rewritten'; count: number }

/**
 * Whether a recorded anchor is still a prefix of the chain: its event is there with the same
 * hash. Run after verifyChain found the chain intact, since only then does a hash stand for
 * every event before it. A chain rewritten end to end, or cut short, passes verifyChain alone.
 */
export async function checkAnchor(db: Db, anchor: ChainAnchor): Promise<AnchorResult> {
  if (anchor.count === 0) return { holds: true }
  const hash = await findEventHash(db, anchor.count)
  if (hash === undefined) return { holds: false, problem: 'shortened', count: anchor.count }
  return hash === anchor.hash
    ? { holds: true }
    : { holds: false, problem: 'rewritten', count: anchor.count }
}
