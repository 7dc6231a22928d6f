// The member use cases: each checks the policy, owns its transaction and writes its history
// event. Photos are re-encoded before a transaction opens, so a refused request changes nothing.
import type { Kysely } from 'kysely'
import {
  canOwnMembers,
  type Member,
  type MemberInput,
  memberUpdateSchema,
  normalizeMemberInput,
  validateMember,
} from '../../../domain'
import type { Database, Db } from '../../db/tables'
import { accountRace, ApiError, CANNOT_OWN_MEMBERS } from '../../plugins/errors'
import { containsNul, NUL_IN_TEXT } from '../../plugins/inputGuard'
import type { FormBody } from '../../plugins/multipart'
import { processPhoto } from '../../platform/photos'
import { type Caller, findAccountState, FORBIDDEN, may, ownerScope } from '../accounts'
import { type Actor, memberChanges, recordEvent, repeatsMemberTransfer } from '../history'
import {
  householdOnMemberDelete,
  householdOnMemberTransfer,
  householdOnMemberUpdate,
} from '../households'
import { keepDeletedMember } from '../restoreBin'
import { countMatches, MAX_SEARCH_LIMIT, searchMembers } from '../search'
import { findMemberOwner, ownersOf } from './repository/access'
import { claimKey, findMemberByKey } from './repository/createKeys'
import {
  deleteMember as deleteMemberRow,
  findExternalId,
  findMember,
  insertMember,
  listMemberPages,
  loadMemberInputForUpdate,
  saveMember,
  transferMember as moveMember,
} from './repository/members'

/** The signed-in account a use case runs for. */
export interface MemberUser extends Caller {
  username: string
}

export const KEY_MEMBER_GONE =
  'This registration was already received; its member has since been deleted or moved'

const notFound = () => new ApiError(404, 'Member not found')
const forbidden = () => new ApiError(403, FORBIDDEN)
const invalid = (errors: Record<string, string>) => new ApiError(400, 'Validation failed', errors)
const actorOf = (user: MemberUser): Actor => ({ id: user.id, username: user.username })

export const EXTERNAL_ID_TAKEN = 'Another member already has this id of the earlier system'

/** An earlier system's id names one member of an account (docs/decisions/0220). */
async function checkExternalIdFree(
  trx: Db,
  ownerId: number,
  externalId: string | null | undefined,
  self?: number,
): Promise<void> {
  if (!externalId) return
  if ((await findExternalId(trx, ownerId, externalId, self)) !== undefined) {
    throw new ApiError(409, EXTERNAL_ID_TAKEN, { external_id: 'externalIdTaken' })
  }
}

/**
 * The owner of a member the caller may read: its own, or any for admins and auditors. Another
 * account's member is a 404 for a clerk, as if it did not exist.
 */
async function readableOwner(db: Db, user: Caller, id: number): Promise<number> {
  const owner = await findMemberOwner(db, id)
  if (owner === undefined) throw notFound()
  if (!may(user, 'member.read', { ownerId: owner })) throw notFound()
  return owner
}

/**
 * A member the caller may change (update, delete): only its owner. An auditor changes nothing
 * (403); an admin may see another account's member, so is told 403 rather than 404.
 */
async function writableMember(
  db: Db,
  user: Caller,
  action: 'member.update' | 'member.delete',
  id: number,
): Promise<void> {
  if (!may(user, action)) throw forbidden()
  const owner = await readableOwner(db, user, id)
  if (!may(user, action, { ownerId: owner })) throw forbidden()
}

/** Whose members a list covers, and its pages, read as they are consumed. */
export function listMembers(
  db: Kysely<Database>,
  user: Caller,
  requestedOwner: string | undefined,
  pageSize?: number,
) {
  const owner = ownerScope(user, requestedOwner)
  return { owner, pages: listMemberPages(db, owner, pageSize) }
}

export interface SearchRequest {
  owner?: string
  query?: string
  status?: string
  limit?: number
  cursor?: string
  count?: boolean
}

/** A page of a search; another account's or everyone's members say whose each one is. */
export async function searchMemberPage(db: Kysely<Database>, user: Caller, search: SearchRequest) {
  const owner = ownerScope(user, search.owner)
  const page = await searchMembers(db, {
    ownerId: owner,
    query: search.query,
    status: search.status,
    limit: search.limit === undefined ? undefined : Math.min(search.limit, MAX_SEARCH_LIMIT),
    cursor: search.cursor || undefined,
    count: search.count,
  })
  if (owner === user.id) return page
  const owners = await ownersOf(
    db,
    page.items.map((item) => item.id),
  )
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, ...owners.get(item.id) })),
  }
}

/** The total of a search whose pages were asked for uncounted (decision 0142). */
export function countSearchMatches(db: Kysely<Database>, user: Caller, search: SearchRequest) {
  const owner = ownerScope(user, search.owner)
  return countMatches(db, { ownerId: owner, query: search.query, status: search.status })
}

/** One member; another account's (admins, auditors) says whose it is, so the client hides Edit. */
export async function readMember(db: Kysely<Database>, user: Caller, id: number) {
  const owner = await readableOwner(db, user, id)
  const member = await findMember(db, owner, id)
  if (!member) throw notFound()
  if (owner === user.id) return member
  return { ...member, ...(await ownersOf(db, [id])).get(id) }
}

/**
 * The member an earlier request with this Idempotency-Key registered (the device never saw the
 * answer), undefined if the key is new; 409 if that member is gone.
 */
export async function findKeyedMember(
  db: Kysely<Database>,
  user: Caller,
  key: string,
): Promise<Member | undefined> {
  const earlier = await findMemberByKey(db, user.id, key)
  if (earlier === undefined) return undefined
  return replayOf(db, user, earlier)
}

async function replayOf(db: Kysely<Database>, user: Caller, memberId: number): Promise<Member> {
  const member = await findMember(db, user.id, memberId)
  if (!member) throw new ApiError(409, KEY_MEMBER_GONE)
  return member
}

/** Thrown inside the create transaction to roll it back: another request claimed the key. */
class KeyTakenRollback extends Error {}

export interface NewMember {
  input: Partial<MemberInput>
  photo?: Buffer
  key?: string
}

/**
 * Registers a member for the caller. The same key twice at once: one request keeps its member,
 * the other rolls back and answers with the winner's (replayed).
 */
export async function createMember(
  db: Kysely<Database>,
  user: MemberUser,
  { input, photo: upload, key }: NewMember,
): Promise<{ member: Member; replayed: boolean }> {
  if (!may(user, 'member.create')) throw forbidden()
  const photo = upload ? await processPhoto(upload) : undefined
  const member = await db
    .transaction()
    .execute(async (trx) => {
      await checkExternalIdFree(trx, user.id, input.external_id)
      const created = await insertMember(trx, {
        ownerId: user.id,
        registeredBy: user.username,
        input,
        photo,
      })
      if (key) {
        const claim = { userId: user.id, key, memberId: created.id, now: new Date() }
        if (!(await claimKey(trx, claim))) throw new KeyTakenRollback()
      }
      await recordEvent(trx, {
        actor: actorOf(user),
        action: 'member_create',
        memberId: created.id,
        details: { fields: memberChanges({}, { ...created, id: undefined }) },
      })
      return created
    })
    .catch((error: unknown) => {
      if (error instanceof KeyTakenRollback) return null
      throw error
    })
  if (member) return { member, replayed: false }
  const winner = key ? await findMemberByKey(db, user.id, key) : undefined
  if (winner === undefined) throw new ApiError(409, KEY_MEMBER_GONE)
  return { member: await replayOf(db, user, winner), replayed: true }
}

/**
 * Changes the caller's own member: parts present replace, absent fields stay, and the merged
 * whole must still be valid. Someone else's member is a 404 (403 for an admin) whatever the
 * form holds.
 */
export async function updateMember(
  db: Kysely<Database>,
  user: MemberUser,
  id: number,
  form: FormBody,
): Promise<Member> {
  const owner = user.id
  await writableMember(db, user, 'member.update', id)
  const changes = normalizeMemberInput(form.fields)
  if (Object.keys(changes.errors).length > 0) throw invalid(changes.errors)
  if (containsNul(changes.value)) throw new ApiError(400, NUL_IN_TEXT)
  const photo = form.photo ? await processPhoto(form.photo) : undefined
  return db.transaction().execute(async (trx) => {
    const current = await loadMemberInputForUpdate(trx, owner, id)
    if (!current) throw notFound()
    const before = await findMember(trx, owner, id)
    const merged = { ...current, ...changes.value }
    const checked = validateMember(merged, memberUpdateSchema(), { stored: current })
    if (!checked.ok) throw invalid(checked.errors)
    if (merged.external_id !== current.external_id) {
      await checkExternalIdFree(trx, owner, merged.external_id, id)
    }
    const saved = await saveMember(trx, owner, id, merged, photo)
    if (!saved || !before) throw notFound()
    const changed = memberChanges({ ...before }, { ...saved })
    const fields = Object.keys(changed)
    await householdOnMemberUpdate(trx, id, changed)
    if (fields.length > 0) {
      await recordEvent(trx, {
        actor: actorOf(user),
        action:
          fields.length === 1 && fields[0] === 'photo_path' ? 'member_photo' : 'member_update',
        memberId: id,
        details: { changes: changed },
      })
    }
    return saved
  })
}

/** Deletes the caller's own member, kept 30 days in the restore bin (fields, dues, photo). */
export async function deleteMember(db: Kysely<Database>, user: MemberUser, id: number) {
  await writableMember(db, user, 'member.delete', id)
  const deleted = await db.transaction().execute(async (trx) => {
    const member = await findMember(trx, user.id, id)
    if (!member) return false
    await keepDeletedMember(trx, id, actorOf(user), new Date())
    // The bin's copy keeps the household, so a restore can put the member back in it.
    await householdOnMemberDelete(trx, actorOf(user), id)
    if (!(await deleteMemberRow(trx, user.id, id))) return false
    await recordEvent(trx, {
      actor: actorOf(user),
      action: 'member_delete',
      memberId: id,
      details: { first_name: member.first_name, last_name: member.last_name },
    })
    return true
  })
  if (!deleted) throw notFound()
}

/** The member is the target's by this caller's own transfer, and unchanged since. */
async function transferredAlready(
  trx: Db,
  user: MemberUser,
  id: number,
  target: number,
  withHousehold: boolean,
): Promise<boolean> {
  if ((await findMemberOwner(trx, id)) !== target) return false
  return repeatsMemberTransfer(trx, id, { actorId: user.id, target, withHousehold })
}

/**
 * Hands a member over to another enabled account: a clerk its own, an admin any account's. A
 * head may take the whole household along (`withHousehold`); otherwise the member leaves its
 * household, which stays with its account.
 */
export async function transferMember(
  db: Kysely<Database>,
  user: MemberUser,
  id: number,
  target: number,
  withHousehold = false,
): Promise<Member> {
  if (!may(user, 'member.transfer')) throw forbidden()
  const member = await db
    .transaction()
    .execute(async (trx) => {
      // A retry whose answer was lost: the member is no longer the caller's, so this comes
      // before the owner check, and answers as the first request did, with no second event.
      if (await transferredAlready(trx, user, id, target, withHousehold)) {
        return findMember(trx, target, id)
      }
      const owner = await readableOwner(trx, user, id)
      if (!may(user, 'member.transfer', { ownerId: owner })) throw notFound()
      if (target === owner) {
        throw new ApiError(400, 'A member cannot be transferred to your own account', {
          targetUserId: 'invalidValue',
        })
      }
      const account = await findAccountState(trx, target)
      if (!account || account.disabled) {
        throw new ApiError(400, 'The selected user does not exist', {
          targetUserId: 'invalidValue',
        })
      }
      if (!canOwnMembers(account.role)) {
        throw new ApiError(400, CANNOT_OWN_MEMBERS, { targetUserId: 'invalidValue' })
      }
      const household = await householdOnMemberTransfer(
        trx,
        actorOf(user),
        id,
        { ownerId: owner },
        { id: target, username: account.username },
        withHousehold,
      )
      if (household === 'moved') return findMember(trx, target, id)
      const moved = await moveMember(trx, owner, id, target)
      if (moved) {
        // Both accounts by name, so the history reads "hanna → dawit", not an id.
        const from =
          owner === user.id ? user.username : (await findAccountState(trx, owner))?.username
        await recordEvent(trx, {
          actor: actorOf(user),
          action: 'member_transfer',
          memberId: id,
          subjectUserId: target,
          details: {
            changes: { owner_user_id: [owner, target] },
            from_username: from ?? null,
            to_username: account.username,
          },
        })
      }
      return moved
    })
    .catch((error: unknown) => {
      // The target account removed at the same moment (PostgreSQL's foreign key): a 409.
      throw accountRace(error)
    })
  if (!member) throw notFound()
  return member
}
