// An import placing its families while another transaction changes the same rows. On
// PostgreSQL each test holds that transaction open, lets the import run until it waits for its
// locks, then commits it: the import goes on from there, as under a real race. On SQLite (one
// writer) the import starts only once the other has committed; the outcome must be the same.
import type { HouseholdPage, Member } from '../../../domain'
import { verifyChain } from '../history'
import { heldOpen as heldOpenIn } from '../../testing/heldOpen'
import { householdWith } from '../../testing/importCalls'
import { memberCalls } from '../../testing/memberCalls'
import { testAppPerFile } from '../../testing/testApp'
import * as repo from './repository'
import { placeImportedFamilies, type ImportedFamily } from './service'

const {
  ctx,
  users: { alice, carol },
} = testAppPerFile({ alice: 'alice', carol: 'carol' })
const calls = memberCalls(() => ctx.app)

const heldOpen = () => heldOpenIn(ctx.database)

/** alice's import placing `families`, in a transaction of its own. */
const importAsAlice = (families: ImportedFamily[]) =>
  ctx.database.db
    .transaction()
    .execute((trx) =>
      placeImportedFamilies(trx, { id: alice.id, username: alice.username }, alice.id, families),
    )

/** A member's owner, household and role, and that household's owner. */
const stored = (member: Member) =>
  ctx.database.db
    .selectFrom('members')
    .leftJoin('households', 'households.id', 'members.household_id')
    .select([
      'members.owner_user_id as owner',
      'members.household_id',
      'members.household_role as role',
      'households.owner_user_id as household_owner',
    ])
    .where('members.id', '=', member.id)
    .executeTakeFirstOrThrow()

const joinEvents = (member: Member) =>
  ctx.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'household_member_add')
    .where('member_id', '=', member.id)
    .execute()

describe('an import placing a member an admin transfers at the same moment', () => {
  it('leaves it out of the household, uncounted and unrecorded, and another heads', async () => {
    const moved = await calls.create(alice.auth, { first_name: 'Abebe', middle_name: 'Kebede' })
    const stays = await calls.create(alice.auth, { first_name: 'Almaz', middle_name: 'Kebede' })
    // The admin's transfer of the member alone: its row, carol's now, locked until it commits.
    const transfer = await heldOpen()
    await transfer.trx
      .updateTable('members')
      .set({ owner_user_id: carol.id })
      .where('id', '=', moved.id)
      .execute()
    const placing = importAsAlice([
      {
        name: 'Kebede family',
        number: null,
        members: [
          { memberId: moved.id, role: 'head' },
          { memberId: stays.id, role: 'head' },
        ],
      },
    ])
    await transfer.waitedOn()
    await transfer.commit()
    expect(await placing).toEqual({ households: 1, placed: 1 })

    expect(await stored(moved)).toEqual({
      owner: carol.id,
      household_id: null,
      role: null,
      household_owner: null,
    })
    // The file's first head was not placed: the second one heads the family.
    expect(await stored(stays)).toMatchObject({
      owner: alice.id,
      role: 'head',
      household_owner: alice.id,
    })
    expect(await joinEvents(moved)).toEqual([])
    expect(await joinEvents(stays)).toHaveLength(1)
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
  })
})

describe('an import moving a member out of a household another member joins meanwhile', () => {
  const inject = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: alice.auth, ...(payload ? { payload } : {}) })

  const found = async (q: string) =>
    (await inject('GET', `/api/households?q=${encodeURIComponent(q)}`))
      .json<HouseholdPage>()
      .items.map((item) => item.name)

  it('leaves that household found by the newcomer’s name, not the leaver’s', async () => {
    const leaver = await calls.create(alice.auth, { first_name: 'Yonas', middle_name: 'Tadesse' })
    const newcomer = await calls.create(alice.auth, { first_name: 'Meseret', middle_name: 'Haile' })
    const head = await calls.create(alice.auth, { first_name: 'Almaz', middle_name: 'Bekele' })
    const left = await householdWith(ctx.app, alice.auth, { name: 'Tadesse family' }, [
      [leaver, 'child'],
    ])
    await householdWith(ctx.app, alice.auth, { name: 'Bekele family' }, [[head, 'head']])
    // alice puts the newcomer in the household the import takes the leaver from, as the
    // household screen does (its lock, the member, its search text), and commits once the
    // import waits.
    const join = await heldOpen()
    await repo.lockHousehold(join.trx, left)
    await repo.setMembership(join.trx, newcomer.id, left, 'relative', alice.id)
    await repo.refreshHouseholdSearch(join.trx, left)
    // A skipped row's member (the head) shows where the family lives.
    const placing = importAsAlice([
      {
        name: null,
        number: null,
        members: [
          { memberId: head.id, role: null, skipped: true },
          { memberId: leaver.id, role: 'child' },
        ],
      },
    ])
    await join.waitedOn()
    await join.commit()
    expect(await placing).toEqual({ households: 0, placed: 1 })

    expect(await found('meseret')).toEqual(['Tadesse family'])
    expect(await found('yonas')).toEqual(['Bekele family'])
  })
})
