// Member storage. Every query is scoped to the owning account: another account's member reads
// as missing. Functions take `db | trx`; the route opens the transaction.
import {
  buildSearchText,
  SEARCH_TEXT_VERSION,
  emptyMemberInput,
  type Member,
  type MemberInput,
} from '../../../../domain'
import { isPostgres } from '../../../db/portable'
import { handMembersOver } from '../../../db/memberTransfers'
import { inputToColumns, MEMBER_COLUMNS, rowToInput, rowToMember } from './rows'
import type { ProcessedPhoto } from '../../../platform/photos'
import { replaceMemberPhoto } from './photos'
import type { Db } from '../../../db/tables'

function selectMembers(db: Db) {
  return db
    .selectFrom('members')
    .leftJoin('photos', 'photos.member_id', 'members.id')
    .select(MEMBER_COLUMNS.map((column) => `members.${column}` as const))
    .select('photos.id as photo_id')
}

/** Every member of an owner, in the list order of spec 4.9. */
export async function listMembers(db: Db, ownerId: number): Promise<Member[]> {
  const rows = await selectMembers(db)
    .where('members.owner_user_id', '=', ownerId)
    .orderBy('members.transfer_date', (ob) => ob.desc().nullsLast())
    .orderBy('members.id', 'desc')
    .execute()
  return rows.map(rowToMember)
}

/** Rows the full list reads at a time. */
export const LIST_PAGE_SIZE = 200

/**
 * Every member of an owner (or, null, of every account: admins and auditors) in list order, one
 * page at a time (keyset on transfer_date, id), so a large list is never held in memory whole.
 * Pages are separate reads: a member changed meanwhile shows as it is when its page is read.
 */
export async function* listMemberPages(
  db: Db,
  ownerId: number | null,
  pageSize = LIST_PAGE_SIZE,
): AsyncGenerator<Member[]> {
  let after: { transferDate: string | null; id: number } | undefined
  for (;;) {
    let query = selectMembers(db)
    if (ownerId !== null) query = query.where('members.owner_user_id', '=', ownerId)
    const last = after
    if (last?.transferDate === null) {
      query = query.where('members.transfer_date', 'is', null).where('members.id', '<', last.id)
    } else if (last) {
      const transferDate = last.transferDate
      query = query.where((eb) =>
        eb.or([
          eb('members.transfer_date', '<', transferDate),
          eb.and([eb('members.transfer_date', '=', transferDate), eb('members.id', '<', last.id)]),
          eb('members.transfer_date', 'is', null),
        ]),
      )
    }
    const rows = await query
      .orderBy('members.transfer_date', (ob) => ob.desc().nullsLast())
      .orderBy('members.id', 'desc')
      .limit(pageSize)
      .execute()
    if (rows.length > 0) yield rows.map(rowToMember)
    if (rows.length < pageSize) return
    const end = rows[rows.length - 1]
    after = { transferDate: end.transfer_date, id: end.id }
  }
}

export async function findMember(db: Db, ownerId: number, id: number): Promise<Member | undefined> {
  const row = await selectMembers(db)
    .where('members.id', '=', id)
    .where('members.owner_user_id', '=', ownerId)
    .executeTakeFirst()
  return row ? rowToMember(row) : undefined
}

export interface NewMember {
  ownerId: number
  registeredBy: string
  input: Partial<MemberInput>
  photo?: ProcessedPhoto
}

export async function insertMember(db: Db, member: NewMember): Promise<Member> {
  const input: MemberInput = { ...emptyMemberInput(), ...member.input }
  const now = new Date().toISOString()
  const { id } = await db
    .insertInto('members')
    .values({
      ...inputToColumns(input),
      owner_user_id: member.ownerId,
      registerd_by: member.registeredBy,
      search_text: buildSearchText(input),
      search_text_version: SEARCH_TEXT_VERSION,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (member.photo) await replaceMemberPhoto(db, id, member.photo)
  const created = await findMember(db, member.ownerId, id)
  if (!created) throw new Error(`member ${id} vanished inside its own transaction`)
  return created
}

/**
 * The stored fields of an owner's member, locked against concurrent writers on PostgreSQL so a
 * read-merge-write cannot lose another request's change (SQLite runs one writer at a time).
 */
export async function loadMemberInputForUpdate(
  db: Db,
  ownerId: number,
  id: number,
): Promise<MemberInput | undefined> {
  let query = db
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
  if (isPostgres(db)) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row ? rowToInput(row) : undefined
}

/** Writes a whole, already validated member input (and a new photo, if any). */
export async function saveMember(
  db: Db,
  ownerId: number,
  id: number,
  input: MemberInput,
  photo?: ProcessedPhoto,
): Promise<Member | undefined> {
  const result = await db
    .updateTable('members')
    .set({
      ...inputToColumns(input),
      search_text: buildSearchText(input),
      search_text_version: SEARCH_TEXT_VERSION,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return undefined
  if (photo) await replaceMemberPhoto(db, id, photo)
  return findMember(db, ownerId, id)
}

/** The id of an owner's member with this id of the earlier system, other than `except`. */
export async function findExternalId(
  db: Db,
  ownerId: number,
  externalId: string,
  except?: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('members')
    .select('id')
    .where('owner_user_id', '=', ownerId)
    .where('external_id', '=', externalId)
  if (except !== undefined) query = query.where('id', '<>', except)
  return (await query.executeTakeFirst())?.id
}

/** Deletes an owner's member; its photo goes with it (foreign key cascade). */
export async function deleteMember(db: Db, ownerId: number, id: number): Promise<boolean> {
  // Explicit as well as cascaded: the cascade needs SQLite's foreign_keys pragma to be on.
  await db
    .deleteFrom('photos')
    .where('member_id', 'in', (eb) =>
      eb
        .selectFrom('members')
        .select('members.id')
        .where('members.id', '=', id)
        .where('members.owner_user_id', '=', ownerId),
    )
    .execute()
  const result = await db
    .deleteFrom('members')
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Hands an owner's member to another account and stamps transfer_date (an ISO timestamp, so
 * transfers on one day still order newest first). membership_status is left as it is.
 */
export async function transferMember(
  db: Db,
  ownerId: number,
  id: number,
  targetUserId: number,
): Promise<Member | undefined> {
  const now = new Date().toISOString()
  const result = await db
    .updateTable('members')
    .set({ owner_user_id: targetUserId, transfer_date: now, updated_at: now })
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return undefined
  return findMember(db, targetUserId, id)
}

/** Hands these members of one account over to another, marking their transfer date. */
export async function transferMembersOf(
  db: Db,
  fromOwner: number,
  toOwner: number,
  ids: readonly number[],
): Promise<void> {
  await handMembersOver(db, ids, fromOwner, toOwner, new Date().toISOString())
}

/** The inputs of these members, by id; with an owner, only that account's. */
export async function findMemberInputs(
  db: Db,
  ids: readonly number[],
  ownerId: number | null,
): Promise<Map<number, MemberInput>> {
  let rows = db.selectFrom('members').select(MEMBER_COLUMNS).where('id', 'in', ids)
  if (ownerId !== null) rows = rows.where('owner_user_id', '=', ownerId)
  return new Map((await rows.execute()).map((row) => [row.id, rowToInput(row)]))
}
