// The member list without a text query (spec 4.9's order: transfer date, newest first): one
// engine-neutral query per page position, compiled once.
import type { SelectQueryBuilder } from 'kysely'
import { precompile } from '../../db/precompiled'
import type { Database, Db } from '../../db/tables'
import { countAllMembers, countOwnedMembers, LIST_ITEM_COLUMNS, rowToListItem } from '../members'
import { decodeCursor, encodeCursor, type ListCursor } from './cursors'
import type { SearchPage } from './textPage'

/**
 * One page of the caller's members with this status (undefined: every status) in list order,
 * with the exact total.
 */
export async function listPage(
  db: Db,
  ownerId: number | null,
  status: string | undefined,
  cursorText: string | undefined,
  limit: number,
): Promise<SearchPage> {
  const cursor = cursorText ? decodeCursor(cursorText) : undefined
  const bounds: PageBounds = {
    position: positionOf(cursor),
    transferDate: cursor?.transferDate ?? '',
    id: cursor?.id ?? 0,
    take: limit + 1,
  }
  if (ownerId === null) {
    // Every account's members: rare (admins and auditors), so built per call.
    const total = await countAllMembers(db, status)
    let members = db.selectFrom('members')
    if (status) members = members.where('members.membership_status', '=', status)
    return pageOf(await inListOrder(members, bounds).execute(), total, limit)
  }
  // The total is the owner's kept count, and the page a precompiled query.
  const total = await countOwnedMembers(db, ownerId, status)
  const query = LIST_PAGES[status ? 'status' : 'all'][bounds.position]
  const rows = await query.execute(db, {
    ownerId,
    status: status ?? '',
    transferDate: bounds.transferDate,
    id: bounds.id,
    take: bounds.take,
  })
  return pageOf(rows, total, limit)
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

export const LIST_COLUMNS = LIST_ITEM_COLUMNS.map((column) => `members.${column}` as const)

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
function compiledPage(withStatus: boolean, position: Position) {
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
    top: compiledPage(false, 'top'),
    afterUndated: compiledPage(false, 'afterUndated'),
    afterDated: compiledPage(false, 'afterDated'),
  },
  status: {
    top: compiledPage(true, 'top'),
    afterUndated: compiledPage(true, 'afterUndated'),
    afterDated: compiledPage(true, 'afterDated'),
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
  return { items, total, total_capped: false, next_cursor: nextCursor }
}
