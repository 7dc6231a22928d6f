// npm run seed's households (issue 44): the owner's members in no household, in id order, are
// grouped into families of 1–9 (most of them in one, about 4 to a family on average, so
// 1,000,000 members make about 250,000 households), each with a head, often a spouse, children
// and now and then a relative, at the head's address.
import {
  foldForSearch,
  HOUSEHOLD_ADDRESS_FIELDS,
  type HouseholdAddress,
  type HouseholdRole,
  householdAddressOf,
  proposedHouseholdName,
} from '../../domain'
import type { Insertable } from 'kysely'
import type { Db, HouseholdsTable } from '../db/tables'
import { randomSource } from './seedMembers'

/** Family sizes and how often each is drawn: mean ≈ 4. */
const SIZES: readonly (readonly [number, number])[] = [
  [1, 10],
  [2, 14],
  [3, 18],
  [4, 20],
  [5, 16],
  [6, 10],
  [7, 6],
  [8, 4],
  [9, 2],
]
const TOTAL_WEIGHT = SIZES.reduce((sum, [, weight]) => sum + weight, 0)
/**
 * How often the next member is left in no household (new arrivals, visitors) instead of
 * starting a family: with families of about 4, that leaves about 8% of members alone.
 */
const ALONE_SHARE = 0.26
const MEMBERS_PER_READ = 5000

export interface HouseholdSeedOptions {
  ownerId: number
  ownerName: string
  seed?: number
  onProgress?: (households: number) => void
}

interface SeedMember extends HouseholdAddress {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  latin_name: string | null
  gender: string | null
}

function roleOf(index: number, random: ReturnType<typeof randomSource>): HouseholdRole {
  if (index === 0) return 'head'
  if (index === 1 && random.next() < 0.8) return 'spouse'
  const roll = random.next()
  return roll < 0.85 ? 'child' : roll < 0.97 ? 'relative' : 'other'
}

/** One household the seed makes: its row and its members' ids by role. */
interface PlannedHousehold {
  row: Insertable<HouseholdsTable>
  byRole: Map<HouseholdRole, number[]>
}

/** The seed's columns of a member, as the grouping reads them in id order. */
const SEED_MEMBER_COLUMNS = [
  'id',
  'first_name',
  'middle_name',
  'last_name',
  'latin_name',
  'gender',
  ...HOUSEHOLD_ADDRESS_FIELDS,
] as const

/**
 * The grouping itself, apart from its writes: one read's members (in id order) in families,
 * drawn from `random` in the same order whichever way the rows are then written.
 */
export function householdPlanner(options: HouseholdSeedOptions) {
  const random = randomSource(options.seed ?? 20261129)
  const drawSize = () => {
    let roll = random.next() * TOTAL_WEIGHT
    for (const [size, weight] of SIZES) {
      roll -= weight
      if (roll < 0) return size
    }
    return 4
  }
  return (members: readonly SeedMember[]): PlannedHousehold[] => {
    const planned: PlannedHousehold[] = []
    let at = 0
    while (at < members.length) {
      if (random.next() < ALONE_SHARE) {
        at += 1
        continue
      }
      const family = members.slice(at, at + drawSize())
      at += family.length
      const head = family[0]
      const now = new Date().toISOString()
      const names = family.flatMap((m) => [
        [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
        m.latin_name ?? '',
      ])
      const name = proposedHouseholdName(head, 'am')
      const number = random.next() < 0.6 ? `F-${options.ownerId}-${head.id}` : null
      const byRole = new Map<HouseholdRole, number[]>()
      family.forEach((member, index) => {
        const role = roleOf(index, random)
        byRole.set(role, [...(byRole.get(role) ?? []), member.id])
      })
      planned.push({
        row: {
          owner_user_id: options.ownerId,
          name,
          number,
          ...householdAddressOf(head),
          home_phone: null,
          wedding_date: null,
          status: 'active',
          notes: null,
          search_text: foldForSearch([name, number ?? '', ...names].join('\n')),
          created_at: now,
          created_by: options.ownerName,
          updated_at: now,
          updated_by: options.ownerName,
        },
        byRole,
      })
    }
    return planned
  }
}

/** The owner's members in no household after `after`, in id order: one read of the grouping. */
function unlinkedMembers(db: Db, ownerId: number, after: number): Promise<SeedMember[]> {
  return db
    .selectFrom('members')
    .select(SEED_MEMBER_COLUMNS)
    .where('owner_user_id', '=', ownerId)
    .where('household_id', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(MEMBERS_PER_READ)
    .execute()
}

/**
 * The owner's members in no household, a read at a time in id order; the next read comes when
 * the caller has linked the last ones (a read past the last id, so none is read twice).
 */
export async function* unlinkedMemberReads(db: Db, ownerId: number) {
  let after = 0
  for (;;) {
    const members = await unlinkedMembers(db, ownerId, after)
    if (members.length === 0) return
    after = members[members.length - 1].id
    yield members
  }
}

/**
 * Groups the owner's unlinked members into households; returns how many were made. Each
 * household is one insert and each of its roles one update, as the household routes write.
 */
export async function seedHouseholds(db: Db, options: HouseholdSeedOptions): Promise<number> {
  const plan = householdPlanner(options)
  let made = 0
  for await (const members of unlinkedMemberReads(db, options.ownerId)) {
    await db.transaction().execute(async (trx) => {
      for (const { row, byRole } of plan(members)) {
        const { id } = await trx
          .insertInto('households')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow()
        for (const [role, ids] of byRole) {
          await trx
            .updateTable('members')
            .set({ household_id: id, household_role: role })
            .where('id', 'in', ids)
            .execute()
        }
        made += 1
      }
    })
    options.onProgress?.(made)
  }
  return made
}
