// Member search (spec 5.11; ARCHITECTURE.md §3 GET /api/members/search): a case-insensitive
// substring match over a folded copy of the searchable fields (members.search_text), served by an
// FTS5 trigram index on SQLite and pg_trgm GIN indexes on PostgreSQL (the total counted from the
// narrow member_search copy, migration 0005).
import { type SelectQueryBuilder, sql } from 'kysely'
import { foldForSearch, searchKeys } from '../../domain'
import { isPostgres } from '../db/portable'
import { precompile } from '../db/precompiled'
import type { Database } from '../db/tables'
import { ApiError } from '../plugins/errors'
import { countAllMembers, countOwnedMembers } from './memberCounts'
import { LIST_ITEM_COLUMNS, type MemberListItem, rowToListItem } from './memberRows'
import type { Db } from './users'

export const DEFAULT_SEARCH_LIMIT = 50
export const MAX_SEARCH_LIMIT = 200
// Shorter queries have no trigram to look up; they fall back to a scan of the owner's rows.
const TRIGRAM = 3

/** Position in the list order of spec 4.9: after (transfer_date, id) of the last item seen. */
export interface ListCursor {
  transferDate: string | null
  id: number
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.transferDate, cursor.id])).toString('base64url')
}

export function decodeCursor(text: string): ListCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2) {
      const [transferDate, id] = value as unknown[]
      const dateOk =
        transferDate === null ||
        (typeof transferDate === 'string' &&
          transferDate.length <= 32 &&
          !transferDate.includes('\u0000'))
      // Ids are 32-bit integer columns on PostgreSQL.
      if (
        dateOk &&
        Number.isSafeInteger(id) &&
        (id as number) > 0 &&
        (id as number) <= 2 ** 31 - 1
      ) {
        return { transferDate: transferDate as string | null, id: id as number }
      }
    }
  } catch {
    // falls through to the 400 below
  }
  throw new ApiError(400, 'Invalid cursor')
}

export interface SearchParams {
  /** The owning account, or null for every account's members (admins and auditors). */
  ownerId: number | null
  query?: string
  /** A membership_status key; undefined or 'all' for every status. */
  status?: string
  limit?: number
  cursor?: string
}

export interface SearchPage {
  items: MemberListItem[]
  total: number
  next_cursor: string | null
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A quoted FTS5 string is a phrase of consecutive trigrams: exactly a substring match. */
function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`
}

const likePattern = (folded: string) => sql<string>`${`%${escapeLike(folded)}%`} escape '\\'`

/** "column like k1 or column like k2 …": any of the query's keys (searchKeys) is in the text. */
function likeAny(column: string, keys: readonly string[]) {
  return sql<boolean>`(${sql.join(
    keys.map((key) => sql`${sql.ref(column)} like ${likePattern(key)}`),
    sql` or `,
  )})`
}

/** The keyset condition "after this cursor" in list order (spec 4.9), as raw SQL. */
function afterCursorSql(cursor: ListCursor | undefined) {
  if (!cursor) return sql``
  return cursor.transferDate === null
    ? sql`and members.transfer_date is null and members.id < ${cursor.id}`
    : sql`and (members.transfer_date < ${cursor.transferDate}
        or (members.transfer_date = ${cursor.transferDate} and members.id < ${cursor.id})
        or members.transfer_date is null)`
}

/**
 * SQLite's matching members of one owner (and status): FTS matches checked against the small
 * covering index, or for queries shorter than a trigram a scan of the owner's rows. `count`
 * gives the total; `pageIds` the ids of one page in list order, sorted from that same small
 * index, so only the page's own rows (and photos) are read afterwards: reading every match's
 * full row to sort it cost 8-10 ms for a name shared by 9,000 members.
 */
function sqliteMatches(db: Db, ownerId: number | null, keys: readonly string[], status?: string) {
  const statusClause = status ? sql`and members.membership_status = ${status}` : sql``
  const owner = ownerId === null ? sql`1 = 1` : sql`members.owner_user_id = ${ownerId}`
  const from = keys.every((key) => [...key].length >= TRIGRAM)
    ? sql`members_fts cross join members indexed by members_search_cover
          on members.id = members_fts.rowid
          where members_fts match ${keys.map(ftsPhrase).join(' OR ')} and ${owner}`
    : sql`members where ${owner} and ${likeAny('members.search_text', keys)}`
  return {
    count: async () => {
      const query = sql<{ n: number }>`select count(*) as n from ${from} ${statusClause}`
      const { rows } = await query.execute(db)
      return Number(rows[0]?.n ?? 0)
    },
    pageIds: async (cursor: ListCursor | undefined, take: number) => {
      const query = sql<{ id: number }>`select members.id from ${from} ${statusClause}
        ${afterCursorSql(cursor)}
        order by members.transfer_date desc nulls last, members.id desc limit ${take}`
      const { rows } = await query.execute(db)
      return rows.map((row) => row.id)
    },
  }
}

/** One page of the caller's members matching q and status, in list order, with the total. */
export async function searchMembers(db: Db, params: SearchParams): Promise<SearchPage> {
  const limit = Math.min(Math.max(params.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT)
  // The folded query, and its name skeleton or phone number (nameSkeleton.ts).
  const keys = searchKeys(params.query ?? '', foldForSearch)
  const hasQuery = keys.length > 0
  const status = params.status && params.status !== 'all' ? params.status : undefined

  const cursor = params.cursor ? decodeCursor(params.cursor) : undefined

  if (hasQuery && !isPostgres(db)) {
    const matches = sqliteMatches(db, params.ownerId, keys, status)
    const total = await matches.count()
    if (total === 0) return { items: [], total, next_cursor: null }
    const ids = await matches.pageIds(cursor, limit + 1)
    const rows = ids.length
      ? await db
          .selectFrom('members')
          .leftJoin('photos', 'photos.member_id', 'members.id')
          .select(LIST_COLUMNS)
          .select('photos.id as photo_id')
          .where('members.id', 'in', ids)
          .orderBy('members.transfer_date', (ob) => ob.desc().nullsLast())
          .orderBy('members.id', 'desc')
          .execute()
      : []
    return pageOf(rows, total, limit)
  }

  const bounds: PageBounds = {
    position: positionOf(cursor),
    transferDate: cursor?.transferDate ?? '',
    id: cursor?.id ?? 0,
    take: limit + 1,
  }
  if (!hasQuery && params.ownerId === null) {
    // Every account's members: rare (admins and auditors), so built per call.
    const total = await countAllMembers(db, status)
    let members = db.selectFrom('members')
    if (status) members = members.where('members.membership_status', '=', status)
    return pageOf(await inListOrder(members, bounds).execute(), total, limit)
  }
  if (!hasQuery && params.ownerId !== null) {
    // Without a text query the total is the owner's kept count, and the page a precompiled query.
    const total = await countOwnedMembers(db, params.ownerId, status)
    const query = LIST_PAGES[status ? 'status' : 'all'][bounds.position]
    const rows = await query.execute(db, {
      ownerId: params.ownerId,
      status: status ?? '',
      transferDate: bounds.transferDate,
      id: bounds.id,
      take: bounds.take,
    })
    return pageOf(rows, total, limit)
  }

  const matches = postgresMatches(db, params.ownerId, keys, status)
  const total = await matches.count()
  if (total === 0) return { items: [], total, next_cursor: null }
  const rows = await matches.page(bounds)
  return pageOf(rows, total, limit)
}

/**
 * PostgreSQL's matching members of one owner (and status): `count` from the narrow
 * member_search copy (migration 0005), where pg_trgm rechecks small rows instead of one fat
 * members row per match; `page` one page in list order from members through its own trigram
 * index, so the planner picks its plan for rare and common fragments alike.
 */
function postgresMatches(db: Db, ownerId: number | null, keys: readonly string[], status?: string) {
  return {
    count: async () => {
      let matching = db
        .selectFrom('member_search')
        .where(likeAny('member_search.search_text', keys))
      if (ownerId !== null) matching = matching.where('member_search.owner_user_id', '=', ownerId)
      if (status) matching = matching.where('member_search.membership_status', '=', status)
      const counted = await matching
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(counted.n)
    },
    page: (bounds: PageBounds) => {
      let members = db.selectFrom('members')
      if (ownerId !== null) members = members.where('members.owner_user_id', '=', ownerId)
      if (status) members = members.where('members.membership_status', '=', status)
      return inListOrder(members.where(likeAny('members.search_text', keys)), bounds).execute()
    },
  }
}

/** Where a page starts: at the top, or after an undated or a dated member (spec 4.9's order). */
type Position = 'top' | 'afterUndated' | 'afterDated'

const positionOf = (cursor: ListCursor | undefined): Position =>
  !cursor ? 'top' : cursor.transferDate === null ? 'afterUndated' : 'afterDated'

interface PageBounds {
  position: Position
  transferDate: string
  id: number
  take: number
}

/** One page of `members` rows in list order, as list columns and photo id, after the bounds. */
function inListOrder(
  members: SelectQueryBuilder<Database, 'members', object>,
  { position, transferDate, id, take }: PageBounds,
) {
  let page = members
  if (position === 'afterUndated') {
    page = page.where('members.transfer_date', 'is', null).where('members.id', '<', id)
  } else if (position === 'afterDated') {
    page = page.where((eb) =>
      eb.or([
        eb('members.transfer_date', '<', transferDate),
        eb.and([eb('members.transfer_date', '=', transferDate), eb('members.id', '<', id)]),
        eb('members.transfer_date', 'is', null),
      ]),
    )
  }
  return page
    .leftJoin('photos', 'photos.member_id', 'members.id')
    .select(LIST_COLUMNS)
    .select('photos.id as photo_id')
    .orderBy('members.transfer_date', (ob) => ob.desc().nullsLast())
    .orderBy('members.id', 'desc')
    .limit(take)
}

const LIST_COLUMNS = LIST_ITEM_COLUMNS.map((column) => `members.${column}` as const)

interface ListPageArgs extends Record<string, unknown> {
  ownerId: number
  /** Unused without a status filter. */
  status: string
  /** Unused at the top of the list. */
  transferDate: string
  id: number
  take: number
}

/** The list pages without a text query, every page of the list screen: compiled once each. */
function listPage(withStatus: boolean, position: Position) {
  return precompile<ListPageArgs, Parameters<typeof rowToListItem>[0]>((db, param) => {
    let members = db.selectFrom('members').where('members.owner_user_id', '=', param('ownerId'))
    if (withStatus) members = members.where('members.membership_status', '=', param('status'))
    return inListOrder(members, {
      position,
      transferDate: position === 'afterDated' ? param('transferDate') : '',
      id: position === 'top' ? 0 : param('id'),
      take: param('take'),
    })
  })
}

const LIST_PAGES = {
  all: {
    top: listPage(false, 'top'),
    afterUndated: listPage(false, 'afterUndated'),
    afterDated: listPage(false, 'afterDated'),
  },
  status: {
    top: listPage(true, 'top'),
    afterUndated: listPage(true, 'afterUndated'),
    afterDated: listPage(true, 'afterDated'),
  },
}

/** The first `limit` rows as list items, with a cursor when a further row exists. */
function pageOf(rows: Parameters<typeof rowToListItem>[0][], total: number, limit: number) {
  const items = rows.slice(0, limit).map(rowToListItem)
  const last = items[items.length - 1]
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ transferDate: last.transfer_date, id: last.id })
      : null
  return { items, total, next_cursor: nextCursor }
}
