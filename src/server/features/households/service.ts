// Households (issue 44): one function per use case. Each owns its transaction, the check of who
// may do it and the history event. Another account's household or member is a 404 for a clerk
// (it never learns they exist); an admin may read them, so is told 403 when it may not write.
import {
  HOUSEHOLD_ADDRESS_FIELDS,
  HOUSEHOLD_DETAIL_FIELDS,
  type Household,
  type HouseholdAddress,
  type HouseholdDetailField,
  type HouseholdDetails,
  type HouseholdInput,
  type HouseholdPage,
  type HouseholdRole,
  canOwnMembers,
  emptyHousehold,
  householdAddressOf,
  householdMaxLength,
  householdNameLanguage,
  isHouseholdRole,
  parseHouseholdInput,
  proposedHouseholdName,
} from '../../../domain'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/tables'
import type { RequestUser } from '../auth'
import { accountRace, ApiError, CANNOT_OWN_MEMBERS, isUniqueViolation } from '../../plugins/errors'
import { containsNul, idCursor, NUL_IN_TEXT } from '../../plugins/inputGuard'
import { createOnce } from '../../plugins/idempotency'
import { findAccountState, FORBIDDEN, may, ownerScope } from '../accounts'
import type { Actor, NewEvent } from '../history'
import { memberChanges, recordEvent, recordEvents, repeatsHouseholdTransfer } from '../history'
import * as repo from './repository'

export const HOUSEHOLD_NOT_FOUND = 'Household not found'
export const MEMBER_NOT_FOUND = 'Member not found'
export const SECOND_HEAD = 'This household already has a head: change the current head’s role first'
export const NUMBER_TAKEN = 'Another household already has this number'
export const HEAD_ONLY_CARRIES =
  'Only the head of a household can take the household along on a transfer'

const notFound = () => new ApiError(404, HOUSEHOLD_NOT_FOUND)
const memberNotFound = () => new ApiError(404, MEMBER_NOT_FOUND)
const forbidden = () => new ApiError(403, FORBIDDEN)
const invalid = (errors: Record<string, string>) => new ApiError(400, 'Validation failed', errors)

const actorOf = (user: RequestUser): Actor => ({ id: user.id, username: user.username })

type Stored = repo.StoredHousehold

/**
 * A household the caller may read: its own; any for admins and auditors. With `lock`, read under
 * the row's lock (PostgreSQL) for a change: one deleted or handed over by a change at the same
 * moment is judged as it is once that change is done, never as it was.
 */
async function readable(db: Db, user: RequestUser, id: number, lock = false): Promise<Stored> {
  const household = await (lock ? repo.lockHousehold : repo.findHousehold)(db, id)
  if (!household) throw notFound()
  if (!may(user, 'household.read', { ownerId: household.owner_user_id })) throw notFound()
  return household
}

/** A household the caller may change: only its owner's, locked for the transaction. */
async function writable(trx: Db, user: RequestUser, id: number): Promise<Stored> {
  if (!may(user, 'household.write')) throw forbidden()
  const household = await readable(trx, user, id, true)
  if (!may(user, 'household.write', { ownerId: household.owner_user_id })) throw forbidden()
  return household
}

/** A member the caller may put into (or take out of) its household: its own. */
async function ownMember(trx: Db, user: RequestUser, id: number): Promise<repo.MembershipRow> {
  const member = await repo.findMembership(trx, id)
  if (!member) throw memberNotFound()
  if (member.owner_user_id !== user.id) {
    // One the caller may not even read is a 404, as if it did not exist.
    const readsIt = may(user, 'member.read', { ownerId: member.owner_user_id })
    throw readsIt ? forbidden() : memberNotFound()
  }
  return member
}

function withoutOwner({ owner_user_id: _owner, ...household }: Stored) {
  return household
}

async function householdAnswer(db: Db, user: RequestUser, stored: Stored): Promise<Household> {
  const members = await repo.householdMembers(db, stored.id, stored.owner_user_id)
  const household = { ...withoutOwner(stored), members } as Household
  if (stored.owner_user_id === user.id) return household
  const owner = await findAccountState(db, stored.owner_user_id)
  return { ...household, owner_user_id: stored.owner_user_id, owner_username: owner?.username }
}

const inputFields = (household: Stored): HouseholdInput => {
  const {
    id: _id,
    created_at: _c,
    created_by: _cb,
    updated_at: _u,
    updated_by: _ub,
    ...rest
  } = withoutOwner(household)
  return rest as HouseholdInput
}

function parseBody(body: unknown, partial: boolean): Partial<HouseholdInput> {
  if (containsNul(body)) throw new ApiError(400, NUL_IN_TEXT)
  const parsed = parseHouseholdInput(body, partial)
  if (!parsed.ok) throw invalid(parsed.errors as Record<string, string>)
  return parsed.value
}

const numberTaken = () => new ApiError(409, NUMBER_TAKEN, { number: 'numberTaken' })

async function checkNumberFree(trx: Db, number: string | null | undefined, self?: number) {
  if (!number) return
  const other = await repo.findHouseholdByNumber(trx, number)
  if (other && other.id !== self) throw numberTaken()
}

/**
 * A write of a household's fields. Its number's unique index refusing it (another household
 * took the number at the same moment: PostgreSQL runs both at once) is checkNumberFree's 409.
 */
function numberWrite<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    const { constraint, message } = (error ?? {}) as { constraint?: unknown; message?: unknown }
    const onNumber =
      constraint === 'households_number' ||
      (typeof message === 'string' && message.includes('households.number'))
    throw isUniqueViolation(error) && onNumber ? numberTaken() : error
  })
}

export const MAX_LIST_LIMIT = 100

/** GET /api/households: a page of households, owner-scoped like member search. */
export async function listHouseholds(
  db: Db,
  user: RequestUser,
  options: { q?: string; cursor?: string; limit?: number; owner?: string },
): Promise<HouseholdPage> {
  const ownerId = ownerScope(user, options.owner)
  const limit = Math.min(options.limit ?? 50, MAX_LIST_LIMIT)
  const rows = await repo.listHouseholds(db, {
    ownerId,
    query: options.q,
    before: idCursor(options.cursor),
    limit: limit + 1,
  })
  const page = rows.slice(0, limit)
  const owners = new Map<number, string | undefined>()
  for (const row of page) {
    if (row.owner_user_id !== user.id && !owners.has(row.owner_user_id)) {
      owners.set(row.owner_user_id, (await findAccountState(db, row.owner_user_id))?.username)
    }
  }
  return {
    items: page.map(({ owner_user_id, ...item }) =>
      owner_user_id === user.id
        ? item
        : { ...item, owner_user_id, owner_username: owners.get(owner_user_id) },
    ),
    next_cursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  }
}

/** GET /api/households/:id */
export async function getHousehold(db: Db, user: RequestUser, id: number): Promise<Household> {
  return householdAnswer(db, user, await readable(db, user, id))
}

/** POST /api/households: owned by the caller. */
export async function createHousehold(
  db: Kysely<Database>,
  user: RequestUser,
  body: unknown,
  key?: string,
): Promise<{ household: Household; replayed: boolean }> {
  if (!may(user, 'household.write')) throw forbidden()
  // A repeat of a request that was answered (the device never saw the answer): same household.
  const { made: household, replayed } = await createOnce(
    key,
    async (k) => {
      const earlier = await repo.findHouseholdIdByKey(db, user.id, k)
      return earlier === undefined ? undefined : getHousehold(db, user, earlier)
    },
    async () => {
      const value = parseBody(body, false)
      const input: HouseholdInput = { ...emptyHousehold(''), ...value, name: value.name ?? '' }
      return db.transaction().execute(async (trx) => {
        await checkNumberFree(trx, input.number)
        const id = await numberWrite(
          repo.insertHousehold(trx, {
            ownerId: user.id,
            by: user.username,
            input,
            now: new Date().toISOString(),
            key,
          }),
        )
        await recordEvent(trx, {
          actor: actorOf(user),
          action: 'household_create',
          details: { household_id: id, name: input.name, fields: memberChanges({}, { ...input }) },
        })
        return householdAnswer(trx, user, (await repo.findHousehold(trx, id))!)
      })
    },
  )
  return { household, replayed }
}

/** PUT /api/households/:id: fields present replace, absent ones stay. */
export async function updateHousehold(
  db: Kysely<Database>,
  user: RequestUser,
  id: number,
  body: unknown,
): Promise<Household> {
  return db.transaction().execute(async (trx) => {
    const current = await writable(trx, user, id)
    const changes = parseBody(body, true)
    await checkNumberFree(trx, changes.number, id)
    const changed = memberChanges(
      { ...inputFields(current) },
      { ...inputFields(current), ...changes },
    )
    if (Object.keys(changed).length > 0) {
      const now = new Date().toISOString()
      await numberWrite(repo.updateHousehold(trx, id, changes, user.username, now))
      if ('name' in changed || 'number' in changed) await repo.refreshHouseholdSearch(trx, id)
      await recordEvent(trx, {
        actor: actorOf(user),
        action: 'household_update',
        details: { household_id: id, name: changes.name ?? current.name, changes: changed },
      })
    }
    return householdAnswer(trx, user, (await repo.findHousehold(trx, id))!)
  })
}

/** DELETE /api/households/:id: the members stay, unlinked, each with its own event. */
export async function deleteHousehold(
  db: Kysely<Database>,
  user: RequestUser,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const household = await writable(trx, user, id)
    const memberIds = await repo.householdMemberIds(trx, id)
    for (const memberId of memberIds) {
      const member = (await repo.findMembership(trx, memberId))!
      await recordLeave(trx, actorOf(user), member, household.name, 'household_deleted')
    }
    await repo.deleteHousehold(trx, id)
    await recordEvent(trx, {
      actor: actorOf(user),
      action: 'household_delete',
      details: { household_id: id, name: household.name, member_ids: memberIds },
    })
  })
}

/**
 * The history of a member placed in a household or given another role there; `was` is its
 * household and role before (the member row as read, unless told otherwise).
 */
function joinEvent(
  actor: Actor,
  member: repo.MembershipRow,
  household: { id: number; name: string },
  role: HouseholdRole,
  reason?: 'member_restored' | 'imported',
  was: Pick<repo.MembershipRow, 'household_id' | 'household_role'> = member,
): NewEvent {
  return {
    actor,
    action: 'household_member_add',
    memberId: member.id,
    details: {
      household_id: household.id,
      household_name: household.name,
      first_name: member.first_name,
      last_name: member.last_name,
      ...(reason ? { reason } : {}),
      changes: {
        ...(was.household_id !== household.id
          ? { household_id: [was.household_id, household.id] }
          : {}),
        household_role: [was.household_role, role],
      },
    },
  }
}

function recordLeave(
  trx: Db,
  actor: Actor,
  member: repo.MembershipRow,
  householdName: string,
  reason: 'removed' | 'member_deleted' | 'transferred' | 'household_deleted',
) {
  return recordEvent(trx, {
    actor,
    action: 'household_member_remove',
    memberId: member.id,
    details: {
      household_id: member.household_id,
      household_name: householdName,
      first_name: member.first_name,
      last_name: member.last_name,
      reason,
      changes: { household_role: [member.household_role, null] },
    },
  })
}

/**
 * PUT /api/households/:id/members/:memberId: adds a member, moves it from another household or
 * changes its role. A second head is a 409; the unique index holds the rule under races too.
 */
export async function setMemberRole(
  db: Kysely<Database>,
  user: RequestUser,
  householdId: number,
  memberId: number,
  body: unknown,
): Promise<Household> {
  const role = body && typeof body === 'object' ? (body as Record<string, unknown>).role : undefined
  return db.transaction().execute(async (trx) => {
    // The two households are locked in id order: two moves between them in opposite
    // directions then wait for each other instead of deadlocking (PostgreSQL).
    const leaving = (await repo.findMembership(trx, memberId))?.household_id ?? null
    if (leaving !== null && leaving < householdId) await repo.lockHousehold(trx, leaving)
    const household = await writable(trx, user, householdId)
    const member = await ownMember(trx, user, memberId)
    if (!isHouseholdRole(role)) throw invalid({ role: 'invalidValue' })
    if (role === 'head') {
      const head = await repo.findHead(trx, householdId)
      if (head !== undefined && head !== memberId) {
        throw new ApiError(409, SECOND_HEAD, { role: 'secondHead' })
      }
    }
    if (member.household_id === householdId && member.household_role === role) {
      return householdAnswer(trx, user, household)
    }
    const from = member.household_id
    if (from !== null && from !== householdId) await repo.lockHousehold(trx, from)
    // Still the caller's at the write: one transferred meanwhile is not put in this household.
    if (!(await repo.setMembership(trx, memberId, householdId, role, household.owner_user_id))) {
      throw memberNotFound()
    }
    await repo.refreshHouseholdSearch(trx, householdId)
    if (from !== null && from !== householdId) await repo.refreshHouseholdSearch(trx, from)
    await recordEvent(trx, joinEvent(actorOf(user), member, household, role))
    return householdAnswer(trx, user, household)
  })
}

/** DELETE /api/households/:id/members/:memberId: the member stays, in no household. */
export async function removeMember(
  db: Kysely<Database>,
  user: RequestUser,
  householdId: number,
  memberId: number,
): Promise<Household> {
  return db.transaction().execute(async (trx) => {
    const household = await writable(trx, user, householdId)
    const member = await ownMember(trx, user, memberId)
    if (member.household_id !== householdId) throw memberNotFound()
    await repo.setMembership(trx, memberId, null, null)
    await repo.refreshHouseholdSearch(trx, householdId)
    await recordLeave(trx, actorOf(user), member, household.name, 'removed')
    return householdAnswer(trx, user, household)
  })
}

/** The target of a transfer: an enabled account other than the current owner. */
async function transferTarget(trx: Db, target: number, owner: number) {
  if (target === owner) {
    throw new ApiError(400, 'A household cannot be transferred to its own account', {
      targetUserId: 'invalidValue',
    })
  }
  const account = await findAccountState(trx, target)
  if (!account || account.disabled) {
    throw new ApiError(400, 'The selected user does not exist', { targetUserId: 'invalidValue' })
  }
  // An account that owns no members (an auditor) owns no household either.
  if (!canOwnMembers(account.role)) {
    throw new ApiError(400, CANNOT_OWN_MEMBERS, { targetUserId: 'invalidValue' })
  }
  return account
}

/**
 * Hands a household and all its members to another account, inside the caller's transaction:
 * one event per member (as a member transfer) and one for the household.
 */
export async function moveHousehold(
  trx: Db,
  actor: Actor,
  household: Stored,
  target: { id: number; username: string },
): Promise<void> {
  const from = household.owner_user_id
  const fromName = (await findAccountState(trx, from))?.username ?? null
  const now = new Date().toISOString()
  await repo.setHouseholdOwner(trx, household.id, target.id, now)
  for (const memberId of await repo.transferHouseholdMembers(
    trx,
    household.id,
    from,
    target.id,
    now,
  )) {
    await recordEvent(trx, {
      actor,
      action: 'member_transfer',
      memberId,
      subjectUserId: target.id,
      details: {
        changes: { owner_user_id: [from, target.id] },
        from_username: fromName,
        to_username: target.username,
        household_id: household.id,
      },
    })
  }
  await recordEvent(trx, {
    actor,
    action: 'household_transfer',
    subjectUserId: target.id,
    details: {
      household_id: household.id,
      name: household.name,
      changes: { owner_user_id: [from, target.id] },
      from_username: fromName,
      to_username: target.username,
    },
  })
}

/** The household, when it is the target's by this caller's own transfer, unchanged since. */
async function transferredAlready(
  trx: Db,
  user: RequestUser,
  id: number,
  target: number,
): Promise<Stored | undefined> {
  const household = await repo.findHousehold(trx, id)
  if (household?.owner_user_id !== target) return undefined
  const members = await repo.householdMemberIds(trx, id)
  const asked = { actorId: user.id, target }
  return (await repeatsHouseholdTransfer(trx, id, members, asked)) ? household : undefined
}

/** POST /api/households/:id/transfer: an admin any household, a clerk its own. */
export async function transferHousehold(
  db: Kysely<Database>,
  user: RequestUser,
  id: number,
  target: number,
): Promise<Household> {
  if (!may(user, 'household.transfer')) throw forbidden()
  return db.transaction().execute(async (trx) => {
    // A retry whose answer was lost: answered as the first request was, before the owner check
    // (the household is no longer the caller's), and with no second event.
    const made = await transferredAlready(trx, user, id, target)
    if (made) return householdAnswer(trx, user, made)
    const household = await readable(trx, user, id, true)
    if (!may(user, 'household.transfer', { ownerId: household.owner_user_id })) throw notFound()
    const account = await transferTarget(trx, target, household.owner_user_id)
    // The target account removed at the same moment (PostgreSQL's foreign key): a 409.
    await moveHousehold(trx, actorOf(user), household, account).catch((error: unknown) => {
      throw accountRace(error)
    })
    return householdAnswer(trx, user, (await repo.findHousehold(trx, id))!)
  })
}

/**
 * A member transfer's part (inside its transaction, `from.ownerId` checked as the member's owner
 * by the caller, and checked again here under the member's lock). With the household:
 * the member must head one, and the whole household goes; the answer is the moved member. Alone:
 * the member leaves its household, which stays with its account. Undefined: nothing to do here.
 */
export async function householdOnMemberTransfer(
  trx: Db,
  actor: Actor,
  memberId: number,
  from: { ownerId: number },
  target: { id: number; username: string },
  withHousehold: boolean,
): Promise<'moved' | 'left' | 'none'> {
  // Its household's lock, then the member's, and the member read again under it: one put in a
  // household at the same moment (PostgreSQL) leaves it rather than stay in another's.
  const seen = await repo.findMembership(trx, memberId)
  if (seen?.household_id) await repo.lockHousehold(trx, seen.household_id)
  const member = await repo.lockMembership(trx, memberId)
  if (!member) return 'none'
  // Another account's meanwhile (its household handed over): nothing of it is changed.
  if (member.owner_user_id !== from.ownerId) throw memberNotFound()
  if (withHousehold) {
    if (member.household_id === null || member.household_role !== 'head') {
      throw new ApiError(400, HEAD_ONLY_CARRIES, { with_household: 'invalidValue' })
    }
    const household = await repo.lockHousehold(trx, member.household_id)
    if (!household) return 'none'
    await moveHousehold(trx, actor, household, target)
    return 'moved'
  }
  if (member.household_id === null) return 'none'
  const household = await repo.findHousehold(trx, member.household_id)
  await repo.setMembership(trx, memberId, null, null)
  await repo.refreshHouseholdSearch(trx, member.household_id)
  await recordLeave(trx, actor, member, household?.name ?? '', 'transferred')
  return 'left'
}

/**
 * A member's deletion (inside its transaction, before the row goes): it leaves its household,
 * which is told in the history. The restore bin keeps the household id for a restore.
 */
export async function householdOnMemberDelete(trx: Db, actor: Actor, memberId: number) {
  const member = await repo.findMembership(trx, memberId)
  if (!member || member.household_id === null) return
  const household = await repo.findHousehold(trx, member.household_id)
  await repo.setMembership(trx, memberId, null, null)
  await repo.refreshHouseholdSearch(trx, member.household_id)
  await recordLeave(trx, actor, member, household?.name ?? '', 'member_deleted')
}

/**
 * A restored member goes back into the household it was deleted from, if that household still
 * exists and belongs to the member's (new) owner. Its head role is kept unless the household
 * has since got another head; then it returns as a relative.
 */
export async function householdOnMemberRestore(
  trx: Db,
  actor: Actor,
  memberId: number,
  kept: { householdId: number | null; role: string | null },
): Promise<void> {
  if (kept.householdId === null) return
  const member = await repo.findMembership(trx, memberId)
  const household = await repo.lockHousehold(trx, kept.householdId)
  if (!member || !household || household.owner_user_id !== member.owner_user_id) return
  let role: HouseholdRole = isHouseholdRole(kept.role) ? kept.role : 'other'
  if (role === 'head' && (await repo.findHead(trx, household.id)) !== undefined) role = 'relative'
  await repo.setMembership(trx, memberId, household.id, role)
  await repo.refreshHouseholdSearch(trx, household.id)
  const was = { household_id: null, household_role: null }
  await recordEvent(trx, joinEvent(actor, member, household, role, 'member_restored', was))
}

/** The member names the household search reads (refreshHouseholdSearch). */
const SEARCHED_NAMES = ['first_name', 'middle_name', 'last_name', 'latin_name']

/**
 * A member was edited or updated by an import (`changed`: its changed fields by name): when a
 * name the search reads changed, its household's search text follows.
 */
export async function householdOnMemberUpdate(
  trx: Db,
  memberId: number,
  changed: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (!SEARCHED_NAMES.some((field) => field in changed)) return
  const member = await repo.findMembership(trx, memberId)
  if (member?.household_id) await repo.refreshHouseholdSearch(trx, member.household_id)
}

/**
 * An account's households follow its members on a bulk hand-over (admin): each is moved with
 * an event; the members themselves are moved and recorded by the caller.
 */
export async function moveAccountHouseholds(
  trx: Db,
  actor: Actor,
  from: { id: number; username: string },
  to: { id: number; username: string },
): Promise<number> {
  const ids = await repo.householdIdsOf(trx, from.id)
  const now = new Date().toISOString()
  const events: NewEvent[] = []
  for (const id of ids) {
    const household = (await repo.findHousehold(trx, id))!
    await repo.setHouseholdOwner(trx, id, to.id, now)
    events.push({
      actor,
      action: 'household_transfer',
      subjectUserId: to.id,
      details: {
        household_id: id,
        name: household.name,
        changes: { owner_user_id: [from.id, to.id] },
        from_username: from.username,
        to_username: to.username,
      },
    })
  }
  // Appended together, as an import's (decision 0381).
  await recordEvents(trx, events)
  return ids.length
}

/** A family of an imported file: its name and number if given, and its members in row order. */
export interface ImportedFamily {
  name: string | null
  /** The household number the file gives (an Abal export's): the account's household of that
   * number is joined, else the new household takes it. */
  number: string | null
  /**
   * `skipped`: a duplicate row the import left out; its member only finds the household.
   * `details`: the household's own fields its row gives.
   */
  members: {
    memberId: number
    role: HouseholdRole | null
    details?: Partial<HouseholdDetails>
    skipped?: boolean
  }[]
}

/**
 * An import's families (inside the commit's transaction; members the owner's when read, and one
 * transferred to another account before its write stays where it is): a family whose members (a
 * skipped row's too, left as it is) already share a household joins it, then one whose number
 * names a household of the account joins that one (a number another account holds is left off),
 * any other gets a new household named from the file or proposed from its head. A second head
 * becomes an other relative, as on a restore; a member without a role keeps the one it has in
 * the household, else joins as an other relative. A new household takes the rows' own fields
 * (home phone, wedding date, status, notes); a joined one only with `updateHouseholds`. Returns
 * how many members were placed.
 */
export async function placeImportedFamilies(
  trx: Db,
  actor: { id: number; username: string },
  ownerId: number,
  families: readonly ImportedFamily[],
  { updateHouseholds = false }: { updateHouseholds?: boolean } = {},
): Promise<{ households: number; placed: number }> {
  let created = 0
  let placed = 0
  const now = new Date().toISOString()
  // Appended in their order once all are placed: one lock and read of the chain's tail for the
  // whole import, not three round trips a member (PostgreSQL).
  const events: NewEvent[] = []
  for (const family of families) {
    const stored = await repo.findMemberships(
      trx,
      family.members.map((m) => m.memberId),
    )
    const memberships = new Map<number, repo.MembershipRow>()
    for (const { memberId, skipped } of family.members) {
      const member = stored.get(memberId)
      if (member?.owner_user_id === ownerId && !skipped) memberships.set(memberId, member)
    }
    if (memberships.size === 0) continue
    const number = family.number?.trim() || null
    const found = await householdToJoin(trx, ownerId, family, stored, number, { lock: true })
    let household = found.household
    const details = importedDetails(family)
    if (household && updateHouseholds) {
      events.push(...(await updateImportedDetails(trx, actor, household, details, now)))
    }
    if (!household) {
      const name = family.name?.trim() || importedHouseholdName(family, memberships)
      const input = {
        ...emptyHousehold(name.slice(0, householdMaxLength('name'))),
        ...importedAddress(family, memberships),
        ...details,
        number:
          number && !found.numberTaken && number.length <= householdMaxLength('number')
            ? number
            : null,
      }
      const id = await repo.insertHousehold(trx, { ownerId, by: actor.username, input, now })
      household = (await repo.findHousehold(trx, id))!
      created += 1
      events.push({
        actor,
        action: 'household_create',
        details: { household_id: id, name: input.name, fields: memberChanges({}, { ...input }) },
      })
    }
    // The households its members leave are locked before the write, as setMemberRole does, so
    // their search text is not rewritten from a list of members read before a change.
    for (const from of leftHouseholds(memberships.values(), household.id)) {
      await repo.lockHousehold(trx, from)
    }
    // Then the members, read anew under their locks (PostgreSQL): one transferred to another
    // account meanwhile stays out, and neither heads the household nor counts as placed.
    const locked = await repo.findMemberships(trx, [...memberships.keys()], { lock: true })
    const current = new Map([...locked].filter(([, member]) => member.owner_user_id === ownerId))
    const head = await repo.findHead(trx, household.id)
    const roles = familyRoles(family, current, household.id, head)
    const written =
      roles.size > 0
        ? await repo.setMemberships(trx, household.id, roles, ownerId)
        : new Set<number>()
    for (const [memberId, role] of roles) {
      if (!written.has(memberId)) continue
      placed += 1
      events.push(joinEvent(actor, current.get(memberId)!, household, role, 'imported'))
    }
    const movedFrom = [...written].map((memberId) => current.get(memberId)!)
    for (const from of leftHouseholds(movedFrom, household.id)) {
      await repo.refreshHouseholdSearch(trx, from)
    }
    await repo.refreshHouseholdSearch(trx, household.id)
  }
  await recordEvents(trx, events)
  return { households: created, placed }
}

/** The households other than `householdId` that these members are in. */
const leftHouseholds = (members: Iterable<repo.MembershipRow>, householdId: number) =>
  new Set(
    [...members].flatMap((m) =>
      m.household_id !== null && m.household_id !== householdId ? [m.household_id] : [],
    ),
  )

/**
 * The role each member of an import's family takes in its household, for those whose household
 * or role changes. A blank role cell keeps the role the member has in this household (a
 * newcomer's is relative): a blank cell never overwrites a stored value. A second head (`head`:
 * the household's, if any) becomes a relative.
 */
function familyRoles(
  family: ImportedFamily,
  memberships: ReadonlyMap<number, repo.MembershipRow>,
  householdId: number,
  head: number | undefined,
): Map<number, HouseholdRole> {
  const roles = new Map<number, HouseholdRole>()
  for (const { memberId, role: wanted, skipped } of family.members) {
    const member = skipped ? undefined : memberships.get(memberId)
    if (!member) continue
    const stored = member.household_id === householdId ? member.household_role : null
    let role: HouseholdRole = wanted ?? (isHouseholdRole(stored) ? stored : 'relative')
    if (role === 'head' && head !== undefined && head !== memberId) role = 'relative'
    if (member.household_id === householdId && member.household_role === role) continue
    if (role === 'head') head = memberId
    roles.set(memberId, role)
  }
  return roles
}

/**
 * The household an import's family joins, for its commit (locked) and its preview: the one its
 * stored members of the account (a skipped row's too) already share, else the account's of the
 * file's number. `numberTaken`: the number names a household (any account's), so a new one
 * cannot take it.
 */
async function householdToJoin(
  db: Db,
  ownerId: number,
  family: { members: readonly { memberId: number | null }[] },
  stored: ReadonlyMap<number, repo.MembershipRow>,
  number: string | null,
  { lock }: { lock: boolean },
): Promise<{ household: Stored | undefined; numberTaken: boolean }> {
  const joined = family.members
    .map(({ memberId }) => (memberId === null ? undefined : stored.get(memberId)))
    .find((member) => member?.owner_user_id === ownerId && member.household_id !== null)
  const numbered = number && !joined ? await repo.findHouseholdByNumber(db, number) : undefined
  const id = joined?.household_id ?? numbered?.id
  const read = lock ? repo.lockHousehold : repo.findHousehold
  const household = id === undefined || id === null ? undefined : await read(db, id)
  return {
    household: household?.owner_user_id === ownerId ? household : undefined,
    numberTaken: numbered !== undefined,
  }
}

/** Proposed from the head (else the first member), in Amharic for names in Ge'ez script. */
function importedHouseholdName(
  family: ImportedFamily,
  memberships: ReadonlyMap<number, repo.MembershipRow>,
): string {
  const headId = family.members.find((m) => m.role === 'head' && memberships.has(m.memberId))
  const head =
    memberships.get(headId?.memberId ?? family.members[0].memberId) ?? [...memberships.values()][0]
  return proposedHouseholdName(head, householdNameLanguage(head.first_name, 'en'))
}

/** A family's members in row order, its head's row first. */
const headFirst = <M extends { role: HouseholdRole | null }>(family: { members: readonly M[] }) =>
  [...family.members].sort((a, b) => Number(b.role === 'head') - Number(a.role === 'head'))

/**
 * The head's address, else the first member's that has one: an export writes the family's
 * address on each person's row, and "Add a family member" prefills from the household's.
 */
function importedAddress(
  family: ImportedFamily,
  memberships: ReadonlyMap<number, repo.MembershipRow>,
): HouseholdAddress | undefined {
  const withAddress = headFirst(family)
    .map(({ memberId }) => memberships.get(memberId))
    .find((member) => member && HOUSEHOLD_ADDRESS_FIELDS.some((field) => member[field]))
  return withAddress && householdAddressOf(withAddress)
}

/** Each own field of the household from the first of its rows that fills it, the head's first. */
function importedDetails(family: {
  members: readonly { role: HouseholdRole | null; details?: Partial<HouseholdDetails> }[]
}): Partial<HouseholdDetails> {
  const members = headFirst(family)
  const details: Partial<HouseholdDetails> = {}
  for (const field of HOUSEHOLD_DETAIL_FIELDS) {
    const given = members.find((member) => member.details?.[field] !== undefined)
    if (given) Object.assign(details, { [field]: given.details![field] })
  }
  return details
}

/**
 * A household an import's family joins, on "update": its fields the file fills take the file's
 * value (a blank cell gave none, so never clears one). Returns the event that records it as an
 * edit would be, for the caller to append.
 */
async function updateImportedDetails(
  trx: Db,
  actor: { id: number; username: string },
  household: Stored,
  details: Partial<HouseholdDetails>,
  now: string,
): Promise<NewEvent[]> {
  const before = inputFields(household)
  const changes = memberChanges({ ...before }, { ...before, ...details })
  if (Object.keys(changes).length === 0) return []
  await repo.updateHousehold(trx, household.id, details, actor.username, now)
  return [
    {
      actor,
      action: 'household_update',
      details: { household_id: household.id, name: household.name, changes },
    },
  ]
}

/** A filled field of a household an import on "update" would replace (its preview shows it). */
export interface ImportedHouseholdChange {
  household_id: number
  household: string
  field: HouseholdDetailField
  old: string
  new: string
}

/** A family of a file not yet imported: a member it would create has no `memberId`. */
export interface ImportingFamily {
  number: string | null
  members: {
    memberId: number | null
    role: HouseholdRole | null
    details?: Partial<HouseholdDetails>
  }[]
}

/**
 * For an import's preview: the filled own fields of the households its families would join that
 * "update" would replace, each household found as placeImportedFamilies finds it before any row
 * is written (through the file's stored members, else the household number).
 */
export async function importedHouseholdChanges(
  db: Db,
  ownerId: number,
  families: readonly ImportingFamily[],
): Promise<ImportedHouseholdChange[]> {
  const changes: ImportedHouseholdChange[] = []
  const stored = await repo.findMemberships(
    db,
    families.flatMap((family) => family.members.flatMap((m) => m.memberId ?? [])),
  )
  for (const family of families) {
    const number = family.number?.trim() || null
    const { household } = await householdToJoin(db, ownerId, family, stored, number, {
      lock: false,
    })
    if (!household) continue
    const details = importedDetails(family)
    for (const field of HOUSEHOLD_DETAIL_FIELDS) {
      const [before, after] = [household[field], details[field]]
      // As for members: a field filled before that the file fills otherwise.
      if (!before || after === undefined || after === null || after === before) continue
      changes.push({
        household_id: household.id,
        household: household.name,
        field,
        old: before,
        new: after,
      })
    }
  }
  return changes
}

/** Does an account still own households (it cannot be removed then)? */
export async function ownsHouseholds(db: Db, ownerId: number): Promise<boolean> {
  return (await repo.householdIdsOf(db, ownerId)).length > 0
}

export const householdCounts = repo.householdCounts
