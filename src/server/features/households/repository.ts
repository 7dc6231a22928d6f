// Household storage (issue 44). All SQL of the feature; functions take `db | trx` and the
// service opens the transaction. Member rows are read here only for their household columns.
import { sql } from 'kysely'
import {
  foldForSearch,
  HOUSEHOLD_ADDRESS_FIELDS,
  HOUSEHOLD_FIELDS,
  HOUSEHOLD_ROLES,
  type HouseholdAddress,
  type HouseholdDetails,
  type HouseholdInput,
  type HouseholdListItem,
  type HouseholdMember,
  type HouseholdRole,
  isHouseholdRole,
  photoPath,
  thumbnailPath,
} from '../../../domain'
import { isPostgres } from '../../db/portable'
import { handMembersOver } from '../../db/memberTransfers'
import { idsWhere } from '../../db/rowIds'
import { idMadeByKey } from '../../db/keyedRows'
import type { Db, HouseholdRow } from '../../db/tables'
import {
  escapeLike,
  ftsPhrase,
  hasGrams,
  pgGrams,
  searchTuning,
  TRIGRAM,
  vocabPhrases,
} from '../search'

export type StoredHousehold = Omit<HouseholdRow, 'search_text' | 'idempotency_key'>

// The domain's field list, so a field added there is stored and read back without a second list.
const HOUSEHOLD_COLUMNS = [
  'id',
  'owner_user_id',
  ...HOUSEHOLD_FIELDS,
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const satisfies readonly (keyof HouseholdRow)[]

/** A household by id, any owner (the service decides who may see it). */
export async function findHousehold(db: Db, id: number): Promise<StoredHousehold | undefined> {
  return db
    .selectFrom('households')
    .select(HOUSEHOLD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Locks a household row against concurrent membership changes (PostgreSQL; SQLite has one writer). */
export async function lockHousehold(db: Db, id: number): Promise<StoredHousehold | undefined> {
  let query = db.selectFrom('households').select(HOUSEHOLD_COLUMNS).where('id', '=', id)
  if (isPostgres(db)) query = query.forUpdate()
  return query.executeTakeFirst()
}

export async function findHouseholdByNumber(
  db: Db,
  number: string,
): Promise<{ id: number } | undefined> {
  return db.selectFrom('households').select('id').where('number', '=', number).executeTakeFirst()
}

export interface NewHousehold {
  ownerId: number
  by: string
  input: HouseholdInput
  now: string
  /** The creating request's Idempotency-Key: unique per owner (a repeat loses the insert). */
  key?: string
}

/** The household an account's earlier request with this Idempotency-Key created, if any. */
export const findHouseholdIdByKey = (db: Db, ownerId: number, key: string) =>
  idMadeByKey(db, 'households', ownerId, key)

export async function insertHousehold(db: Db, household: NewHousehold): Promise<number> {
  const { id } = await db
    .insertInto('households')
    .values({
      ...household.input,
      owner_user_id: household.ownerId,
      search_text: foldForSearch([household.input.name, household.input.number ?? ''].join('\n')),
      created_at: household.now,
      created_by: household.by,
      updated_at: household.now,
      updated_by: household.by,
      // Only when given: the migration tests insert through this into older schemas.
      ...(household.key !== undefined && { idempotency_key: household.key }),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function updateHousehold(
  db: Db,
  id: number,
  changes: Partial<HouseholdInput>,
  by: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('households')
    .set({ ...changes, updated_at: now, updated_by: by })
    .where('id', '=', id)
    .execute()
}

/** Unlinks a household's members (they stay), then removes the household. */
export async function deleteHousehold(db: Db, id: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ household_id: null, household_role: null })
    .where('household_id', '=', id)
    .execute()
  await db.deleteFrom('households').where('id', '=', id).execute()
}

const ROLE_ORDER = new Map<string, number>(HOUSEHOLD_ROLES.map((role, index) => [role, index]))

/** A household's members (of its owner only), head first, then spouse, children by age … */
export async function householdMembers(
  db: Db,
  householdId: number,
  ownerId: number,
): Promise<HouseholdMember[]> {
  const rows = await db
    .selectFrom('members')
    .leftJoin('photos', 'photos.member_id', 'members.id')
    .select([
      'members.id',
      'members.first_name',
      'members.middle_name',
      'members.last_name',
      'members.household_role',
      'members.gender',
      'members.date_of_birth',
      'photos.id as photo_id',
    ])
    .where('members.household_id', '=', householdId)
    .where('members.owner_user_id', '=', ownerId)
    .execute()
  return rows
    .map((row) => ({
      id: row.id,
      first_name: row.first_name,
      middle_name: row.middle_name,
      last_name: row.last_name,
      household_role: (isHouseholdRole(row.household_role)
        ? row.household_role
        : 'other') as HouseholdRole,
      gender: row.gender,
      date_of_birth: row.date_of_birth,
      photo_path: row.photo_id ? photoPath(row.photo_id) : null,
      thumbnail_path: row.photo_id ? thumbnailPath(row.photo_id) : null,
    }))
    .sort(
      (a, b) =>
        (ROLE_ORDER.get(a.household_role) ?? 9) - (ROLE_ORDER.get(b.household_role) ?? 9) ||
        (a.date_of_birth ?? '9999').localeCompare(b.date_of_birth ?? '9999') ||
        a.id - b.id,
    )
}

/** Rewrites the folded text the list's search matches: name, number, members' names. */
export async function refreshHouseholdSearch(db: Db, householdId: number): Promise<void> {
  const household = await db
    .selectFrom('households')
    .select(['name', 'number', 'owner_user_id'])
    .where('id', '=', householdId)
    .executeTakeFirst()
  if (!household) return
  const members = await db
    .selectFrom('members')
    .select(['first_name', 'middle_name', 'last_name', 'latin_name'])
    .where('household_id', '=', householdId)
    .where('owner_user_id', '=', household.owner_user_id)
    .orderBy('id')
    .execute()
  const lines = [
    household.name,
    household.number ?? '',
    ...members.flatMap((m) => [
      [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
      m.latin_name ?? '',
    ]),
  ]
  await db
    .updateTable('households')
    .set({ search_text: foldForSearch(lines.join('\n')) })
    .where('id', '=', householdId)
    .execute()
}

/** With the member's address: a household the import makes takes its head's. */
export interface MembershipRow extends HouseholdAddress {
  id: number
  owner_user_id: number
  first_name: string
  middle_name: string | null
  last_name: string
  gender: string | null
  household_id: number | null
  household_role: string | null
}

const MEMBERSHIP_COLUMNS = [
  'id',
  'owner_user_id',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'household_id',
  'household_role',
  ...HOUSEHOLD_ADDRESS_FIELDS,
] as const

const membershipQuery = (db: Db, memberId: number) =>
  db.selectFrom('members').select(MEMBERSHIP_COLUMNS).where('id', '=', memberId)

/** findMembership for many members at once (an import's), by id; missing ids are left out. */
export async function findMemberships(
  db: Db,
  memberIds: readonly number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, MembershipRow>> {
  const rows = new Map<number, MembershipRow>()
  const ids = [...new Set(memberIds)].sort((a, b) => a - b)
  // Chunked: SQLite caps the parameters of one statement.
  for (let at = 0; at < ids.length; at += 500) {
    const chunk = ids.slice(at, at + 500)
    let query = db
      .selectFrom('members')
      .select(MEMBERSHIP_COLUMNS)
      .where('id', 'in', chunk)
      .orderBy('id')
    // With `lock`, under the rows' locks (PostgreSQL), taken in id order as other writers do.
    if (lock && isPostgres(db)) query = query.forUpdate()
    for (const row of await query.execute()) rows.set(row.id, row)
  }
  return rows
}

/** A member's owner, names, household and address, any owner (the service decides). */
export async function findMembership(db: Db, memberId: number): Promise<MembershipRow | undefined> {
  return membershipQuery(db, memberId).executeTakeFirst()
}

/**
 * findMembership under the member row's lock (PostgreSQL), taken after the locks of the
 * households it touches: every writer takes households before members.
 */
export async function lockMembership(db: Db, memberId: number): Promise<MembershipRow | undefined> {
  const query = membershipQuery(db, memberId)
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst()
}

/** The member that heads a household, if any. */
export async function findHead(db: Db, householdId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('household_id', '=', householdId)
    .where('household_role', '=', 'head')
    .executeTakeFirst()
  return row?.id
}

/**
 * Puts a member in a household (or in none). With `ownerId`, only while the member is still that
 * account's: false when it is not (a transfer at the same moment on PostgreSQL, whose row lock
 * this update waits for and then reads anew), so no household holds another account's member.
 */
export async function setMembership(
  db: Db,
  memberId: number,
  householdId: number | null,
  role: HouseholdRole | null,
  ownerId?: number,
): Promise<boolean> {
  let query = db
    .updateTable('members')
    .set({ household_id: householdId, household_role: role })
    .where('id', '=', memberId)
  if (ownerId !== undefined) query = query.where('owner_user_id', '=', ownerId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * setMembership for many members of one household in one statement (an import's family), each
 * with its role and only while still `ownerId`'s; returns the ids placed. One statement fires
 * the members table's triggers once, not once a member (PostgreSQL).
 */
export async function setMemberships(
  db: Db,
  householdId: number,
  roles: ReadonlyMap<number, HouseholdRole>,
  ownerId: number,
): Promise<Set<number>> {
  const placed = new Set<number>()
  const entries = [...roles]
  // Chunked: SQLite caps the parameters of one statement.
  for (let at = 0; at < entries.length; at += 500) {
    const chunk = entries.slice(at, at + 500)
    const role = sql<HouseholdRole>`case ${sql.ref('id')} ${sql.join(
      chunk.map(([id, value]) => sql`when ${id} then ${value}`),
      sql` `,
    )} end`
    const rows = await db
      .updateTable('members')
      .set({ household_id: householdId, household_role: role })
      .where(
        'id',
        'in',
        chunk.map(([id]) => id),
      )
      .where('owner_user_id', '=', ownerId)
      .returning('id')
      .execute()
    for (const row of rows) placed.add(row.id)
  }
  return placed
}

export const householdMemberIds = (db: Db, householdId: number): Promise<number[]> =>
  idsWhere(db, 'members', 'household_id', householdId)

/**
 * Hands a household's members from one account to another, stamping transfer_date as a member
 * transfer does (spec 4.9); returns the ids moved.
 */
export async function transferHouseholdMembers(
  db: Db,
  householdId: number,
  from: number,
  to: number,
  now: string,
): Promise<number[]> {
  const ids = (
    await db
      .selectFrom('members')
      .select('id')
      .where('household_id', '=', householdId)
      .where('owner_user_id', '=', from)
      .orderBy('id')
      .execute()
  ).map((row) => row.id)
  if (ids.length === 0) return []
  await handMembersOver(db, ids, from, to, now)
  return ids
}

export async function setHouseholdOwner(db: Db, id: number, ownerId: number, now: string) {
  await db
    .updateTable('households')
    .set({ owner_user_id: ownerId, updated_at: now })
    .where('id', '=', id)
    .execute()
}

/** Ids of the households an account owns. */
export const householdIdsOf = (db: Db, ownerId: number): Promise<number[]> =>
  idsWhere(db, 'households', 'owner_user_id', ownerId)

export interface HouseholdQuery {
  /** null: every account's (admins and auditors). */
  ownerId: number | null
  query?: string
  /** Households with an id below this one (the cursor). */
  before?: number
  limit: number
}

type ListedHousehold = HouseholdListItem & { owner_user_id: number }

/**
 * How a page finds its households besides the folded text's own test: through SQLite's
 * trigram index (an FTS5 query), PostgreSQL's index of letters and pairs (a key), or neither.
 */
type Lookup = { fts: string } | { grams: string } | null

/**
 * A page of households, newest first, with their member counts and heads. Matches fold the
 * query as the stored search_text was folded (name, number, members' names).
 */
export async function listHouseholds(db: Db, options: HouseholdQuery): Promise<ListedHousehold[]> {
  const folded = foldForSearch(options.query?.trim() ?? '')
  const letters = [...folded].length
  // SQLite: the trigram index gives the households holding the text, newest first, so a page
  // stops at its last match (decision 0243); PostgreSQL's planner takes households_search_trgm.
  if (letters === 0 || letters >= TRIGRAM) {
    const lookup = letters > 0 && !isPostgres(db) ? { fts: ftsPhrase(folded) } : null
    return householdPage(db, options, folded, lookup)
  }
  // One or two letters (decision 0285): the owner's newest households first, where a common
  // key fills its page; below them a rarer key is looked up in the index of letters.
  const floor = await walkFloor(db, options)
  const newest = await householdPage(db, options, folded, null, floor)
  if (floor === undefined || newest.length >= options.limit) return newest
  const lookup = await shortLookup(db, folded)
  if (lookup === 'none') return newest
  const older = await householdPage(
    db,
    { ...options, before: floor, limit: options.limit - newest.length },
    folded,
    lookup,
  )
  return [...newest, ...older]
}

/** The lowest id of the owner's newest searchTuning.shortWalkIds households below the cursor. */
async function walkFloor(db: Db, options: HouseholdQuery): Promise<number | undefined> {
  let query = db.selectFrom('households').select('id')
  if (options.ownerId !== null) query = query.where('owner_user_id', '=', options.ownerId)
  if (options.before !== undefined) query = query.where('id', '<', options.before)
  const row = await query
    .orderBy('id', 'desc')
    .limit(1)
    .offset(searchTuning.shortWalkIds - 1)
    .executeTakeFirst()
  return row?.id
}

/**
 * How a key of one or two letters is looked up: SQLite asks the vocabulary for the trigrams
 * that start with it ('none': no household holds it); more than searchTuning.shortPhrases is a
 * common key, which walks on (null), as does a key PostgreSQL's lists cannot hold.
 */
async function shortLookup(db: Db, folded: string): Promise<Lookup | 'none'> {
  if (isPostgres(db)) return hasGrams(folded) ? { grams: folded } : null
  const phrases = await vocabPhrases(db, 'households_fts_vocab', [folded])
  if (!phrases) return null
  return phrases.length === 0 ? 'none' : { fts: phrases.join(' OR ') }
}

/** One page of households below options.before (and from `from` up, if given), newest first. */
async function householdPage(
  db: Db,
  options: HouseholdQuery,
  folded: string,
  lookup: Lookup,
  from?: number,
): Promise<ListedHousehold[]> {
  const fts = lookup && 'fts' in lookup ? lookup.fts : undefined
  let query = db
    .selectFrom('households as h')
    .$if(fts !== undefined, (qb) => qb.innerJoin('households_fts as f', 'f.rowid', 'h.id'))
    .leftJoin('members as head', (join) =>
      join
        .onRef('head.household_id', '=', 'h.id')
        .onRef('head.owner_user_id', '=', 'h.owner_user_id')
        .on('head.household_role', '=', 'head'),
    )
    .select([
      'h.id',
      'h.name',
      'h.number',
      'h.city',
      'h.sub_city',
      'h.owner_user_id',
      'head.id as head_id',
      'head.first_name as head_first_name',
      'head.middle_name as head_middle_name',
      'head.last_name as head_last_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('members as m')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('m.household_id', '=', 'h.id')
        .whereRef('m.owner_user_id', '=', 'h.owner_user_id')
        .as('member_count'),
    )
  if (options.ownerId !== null) query = query.where('h.owner_user_id', '=', options.ownerId)
  if (options.before !== undefined) query = query.where('h.id', '<', options.before)
  if (from !== undefined) query = query.where('h.id', '>=', from)
  if (folded !== '') {
    // The text's own test decides. On PostgreSQL a key shorter than a trigram is tested with
    // strpos: pg_trgm would answer its LIKE by reading its whole index (decision 0138).
    const test =
      isPostgres(db) && [...folded].length < TRIGRAM
        ? sql<boolean>`strpos(h.search_text, ${folded}) > 0`
        : sql<boolean>`h.search_text like ${`%${escapeLike(folded)}%`} escape '\\'`
    query = query.where(test)
  }
  if (lookup && 'grams' in lookup)
    query = query.where(pgGrams(sql.ref('h.search_text'), lookup.grams))
  if (fts !== undefined) {
    query = query.where(sql<boolean>`f.households_fts match ${fts}`)
    if (options.before !== undefined) query = query.where(sql<boolean>`f.rowid < ${options.before}`)
  }
  // The index's own rowid order (the household's id), which it reads backwards without a sort.
  const newest = fts !== undefined ? sql`f.rowid` : sql`h.id`
  const rows = await query.orderBy(newest, 'desc').limit(options.limit).execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number,
    member_count: Number(row.member_count ?? 0),
    head:
      row.head_id === null
        ? null
        : {
            id: row.head_id,
            first_name: row.head_first_name ?? '',
            middle_name: row.head_middle_name ?? null,
            last_name: row.head_last_name ?? '',
          },
    city: row.city,
    sub_city: row.sub_city,
    owner_user_id: row.owner_user_id,
  }))
}

/** Households and members in none, for the dashboard (one owner, or all with null). */
export async function householdCounts(
  db: Db,
  ownerId: number | null,
): Promise<{ households: number; members_without_household: number }> {
  let households = db.selectFrom('households').select((eb) => eb.fn.countAll<number>().as('n'))
  let alone = db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', 'is', null)
  if (ownerId !== null) {
    households = households.where('owner_user_id', '=', ownerId)
    alone = alone.where('owner_user_id', '=', ownerId)
  }
  const [h, a] = await Promise.all([
    households.executeTakeFirstOrThrow(),
    alone.executeTakeFirstOrThrow(),
  ])
  return { households: Number(h.n), members_without_household: Number(a.n) }
}

/** A member's household as the export writes it: number, name, own fields and member's role. */
export interface MemberHousehold extends Omit<HouseholdDetails, 'status'> {
  status: string
  id: number
  number: string | null
  name: string
  role: string | null
}

/** The households of these members, by member id; members in none are absent. */
export async function householdsOfMembers(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, MemberHousehold>> {
  if (memberIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('members')
    .innerJoin('households', 'households.id', 'members.household_id')
    .select([
      'members.id as member_id',
      'members.household_role as role',
      'households.id as id',
      'households.name as name',
      'households.number as number',
      'households.home_phone as home_phone',
      'households.wedding_date as wedding_date',
      'households.status as status',
      'households.notes as notes',
    ])
    .where('members.id', 'in', memberIds)
    .execute()
  return new Map(rows.map(({ member_id, ...household }) => [member_id, household]))
}
