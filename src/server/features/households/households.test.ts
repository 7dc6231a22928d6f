// Households over HTTP (issue 44): roles and the single head, owner scoping of every route,
// transfers with and without the household, delete and restore, the history. Runs on SQLite,
// and on PostgreSQL with TEST_DATABASE_URL.
import { HOUSEHOLD_FIELDS, type Household, type HouseholdPage, type Member } from '../../../domain'
import { verifyChain } from '../history'
import { memberCalls } from '../../testing/memberCalls'
import { BOARD, createUserAndSignIn, SECRETARY, testAppPerFile } from '../../testing/testApp'
import { expectOneMadeAtOnce, expectReplay } from '../../testing/responses'

type Auth = { authorization: string }

const {
  ctx,
  users: { alice, bob, carol, auditor, admin },
} = testAppPerFile({ alice: 'alice', bob: 'bob', carol: 'carol', auditor: BOARD, admin: SECRETARY })
const calls = memberCalls(() => ctx.app)

const inject = (auth: Auth, method: string, url: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function createHousehold(auth: Auth, fields: Record<string, unknown> = {}) {
  const res = await inject(auth, 'POST', '/api/households', { name: 'Abebe family', ...fields })
  expect(res.statusCode).toBe(201)
  return res.json<Household>()
}

const setRole = (auth: Auth, householdId: number, memberId: number, role: unknown) =>
  inject(auth, 'PUT', `/api/households/${householdId}/members/${memberId}`, { role })

/** A member transfer that takes the member's household along (a head's). */
const transferWithHousehold = (auth: Auth, memberId: number, targetUserId: number) =>
  inject(auth, 'POST', `/api/members/transfer/${memberId}`, { targetUserId, with_household: true })

/** The admin takes a member out of the restore bin. */
const restoreMember = (id: number) =>
  inject(admin.auth, 'POST', `/api/admin/deleted-members/${id}/restore`)

async function getMember(auth: Auth, id: number) {
  return (await inject(auth, 'GET', `/api/members/${id}`)).json<Member>()
}

async function householdEvents(memberId?: number) {
  let query = ctx.database.db
    .selectFrom('audit_events')
    .select(['action', 'member_id', 'details'])
    .where('action', 'like', 'household%')
  if (memberId !== undefined) query = query.where('member_id', '=', memberId)
  const rows = await query.orderBy('seq').execute()
  return rows.map((row) => ({
    ...row,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }))
}

/** A family of a head, a spouse and a child of alice's. */
async function family(auth: Auth = alice.auth, surname = 'Kebede') {
  const household = await createHousehold(auth, { name: `${surname} family` })
  const head = await calls.create(auth, { first_name: 'Abebe', middle_name: surname })
  const spouse = await calls.create(auth, { first_name: 'Almaz', middle_name: 'Bekele' })
  const child = await calls.create(auth, {
    first_name: 'Selam',
    middle_name: 'Abebe',
    last_name: surname,
  })
  expect((await setRole(auth, household.id, head.id, 'head')).statusCode).toBe(200)
  expect((await setRole(auth, household.id, spouse.id, 'spouse')).statusCode).toBe(200)
  expect((await setRole(auth, household.id, child.id, 'child')).statusCode).toBe(200)
  return { household, head, spouse, child }
}

describe('households and roles', () => {
  it('creates a household with its address, lists it, and shows its members by role', async () => {
    const household = await createHousehold(alice.auth, {
      name: 'የአቶ አበበ ከበደ ቤተሰብ',
      number: 'F-101',
      city: 'Addis Ababa',
      sub_city: 'Bole',
      home_phone: '+251111234567',
      wedding_date: '2010-06-12',
    })
    expect(household).toMatchObject({
      name: 'የአቶ አበበ ከበደ ቤተሰብ',
      number: 'F-101',
      status: 'active',
      created_by: 'alice',
      members: [],
    })
    const empty = (await inject(alice.auth, 'GET', '/api/households')).json<HouseholdPage>()
    expect(empty.items.find((item) => item.id === household.id)).toMatchObject({
      member_count: 0,
      head: null,
    })
    const head = await calls.create(alice.auth, { first_name: 'Abebe' })
    const child = await calls.create(alice.auth, {
      first_name: 'Selam',
      date_of_birth: '2012-01-01',
    })
    await setRole(alice.auth, household.id, child.id, 'child')
    const res = await setRole(alice.auth, household.id, head.id, 'head')
    expect(res.statusCode).toBe(200)
    // Every field the client's Household and HouseholdMember types read, and nothing else.
    expect(Object.keys(res.json<Household>()).sort()).toEqual(
      [
        ...HOUSEHOLD_FIELDS,
        'id',
        'created_at',
        'created_by',
        'updated_at',
        'updated_by',
        'members',
      ].sort(),
    )
    expect(Object.keys(res.json<Household>().members[0]).sort()).toEqual([
      'date_of_birth',
      'first_name',
      'gender',
      'household_role',
      'id',
      'last_name',
      'middle_name',
      'photo_path',
      'thumbnail_path',
    ])
    expect(res.json<Household>().members.map((m) => [m.id, m.household_role])).toEqual([
      [head.id, 'head'],
      [child.id, 'child'],
    ])
    expect(await getMember(alice.auth, child.id)).toMatchObject({
      household_id: household.id,
      household_role: 'child',
    })

    const list = (await inject(alice.auth, 'GET', '/api/households')).json<HouseholdPage>()
    expect(list.items.find((item) => item.id === household.id)).toEqual({
      id: household.id,
      name: 'የአቶ አበበ ከበደ ቤተሰብ',
      number: 'F-101',
      member_count: 2,
      head: { id: head.id, first_name: 'Abebe', middle_name: 'Kebede', last_name: 'Tesfaye' },
      city: 'Addis Ababa',
      sub_city: 'Bole',
    })
  })

  it('allows one head: a second is a 409 with a clear message, and nothing changes', async () => {
    const { household, spouse } = await family()
    const res = await setRole(alice.auth, household.id, spouse.id, 'head')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/head/) })
    expect((await getMember(alice.auth, spouse.id)).household_role).toBe('spouse')
  })

  it('answers a placement asked again (its answer lost) as it is, with no second event', async () => {
    // The offline queue repeats a placement whose answer it did not get (src/features/offline).
    const { household, head, child } = await family(alice.auth, 'Again')
    for (const [member, role] of [
      [head, 'head'],
      [child, 'child'],
    ] as const) {
      const again = await setRole(alice.auth, household.id, member.id, role)
      expect(again.statusCode).toBe(200)
      expect(again.json<Household>().members).toContainEqual(
        expect.objectContaining({ id: member.id, household_role: role }),
      )
      expect((await householdEvents(member.id)).map((event) => event.action)).toEqual([
        'household_member_add',
      ])
    }
  })

  it('refuses a role that is not one of the five with a 400', async () => {
    const { household, child } = await family()
    for (const role of ['father', '', null, 3, 'HEAD']) {
      const res = await setRole(alice.auth, household.id, child.id, role)
      expect(res.statusCode).toBe(400)
    }
    expect((await getMember(alice.auth, child.id)).household_role).toBe('child')
  })

  it('moves a member from one household to another and takes it out again', async () => {
    const first = await family()
    const second = await createHousehold(alice.auth, { name: 'Second' })
    const moved = await setRole(alice.auth, second.id, first.child.id, 'relative')
    expect(moved.statusCode).toBe(200)
    const firstNow = (
      await inject(alice.auth, 'GET', `/api/households/${first.household.id}`)
    ).json<Household>()
    expect(firstNow.members.map((m) => m.id)).not.toContain(first.child.id)
    const out = await inject(
      alice.auth,
      'DELETE',
      `/api/households/${second.id}/members/${first.child.id}`,
    )
    expect(out.statusCode).toBe(200)
    expect(out.json<Household>().members).toEqual([])
    expect(await getMember(alice.auth, first.child.id)).toMatchObject({
      household_id: null,
      household_role: null,
    })
    // Taking out a member that is not in this household names nothing.
    const again = await inject(
      alice.auth,
      'DELETE',
      `/api/households/${second.id}/members/${first.child.id}`,
    )
    expect(again.statusCode).toBe(404)
  })

  it('keeps household_id and household_role through a member update', async () => {
    const { household, head } = await family()
    const res = await calls.update(alice.auth, head.id, {
      household_id: '999',
      household_role: 'child',
      city: 'Adama',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Member>()).toMatchObject({
      city: 'Adama',
      household_id: household.id,
      household_role: 'head',
    })
  })

  it('checks the household fields: name required, number unique, dates and status', async () => {
    const bad = await inject(alice.auth, 'POST', '/api/households', { number: 'X' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ errors: { name: 'fieldRequired' } })
    const badDate = await inject(alice.auth, 'POST', '/api/households', {
      name: 'A',
      wedding_date: '2010-02-30',
      status: 'gone',
    })
    expect(badDate.json()).toMatchObject({
      errors: { wedding_date: 'invalidDate', status: 'invalidValue' },
    })
    await createHousehold(alice.auth, { name: 'Numbered', number: 'N-7' })
    // Unique across the parish: another account's card number too.
    const taken = await inject(bob.auth, 'POST', '/api/households', { name: 'B', number: 'N-7' })
    expect(taken.statusCode).toBe(409)
    const edited = await createHousehold(alice.auth, { name: 'Edit me' })
    const put = await inject(alice.auth, 'PUT', `/api/households/${edited.id}`, {
      status: 'moved_away',
      notes: 'Moved to Hawassa',
    })
    expect(put.statusCode).toBe(200)
    expect(put.json<Household>()).toMatchObject({
      name: 'Edit me',
      status: 'moved_away',
      notes: 'Moved to Hawassa',
      updated_by: 'alice',
    })
  })

  it('searches by household name, number and any member name, folding Amharic spellings', async () => {
    const household = await createHousehold(bob.auth, { name: 'የአቶ ኃይሉ ቤተሰብ', number: 'Q-55' })
    const member = await calls.create(bob.auth, { first_name: 'Tsehay', middle_name: 'Worku' })
    await setRole(bob.auth, household.id, member.id, 'spouse')
    const ids = async (q: string) =>
      (await inject(bob.auth, 'GET', `/api/households?q=${encodeURIComponent(q)}`))
        .json<HouseholdPage>()
        .items.map((item) => item.id)
    expect(await ids('ሀይሉ')).toEqual([household.id])
    expect(await ids('q-55')).toEqual([household.id])
    expect(await ids('tsehay wor')).toEqual([household.id])
    expect(await ids('nobody')).toEqual([])
    // A renamed member is found by the new name.
    await calls.update(bob.auth, member.id, { first_name: 'Tigist' })
    expect(await ids('tigist')).toEqual([household.id])
    expect(await ids('tsehay')).toEqual([])
  })

  it('pages with a cursor', async () => {
    const owner = await createUserAndSignIn(ctx, `pager`)
    for (let i = 0; i < 5; i += 1) await createHousehold(owner.auth, { name: `H${i}` })
    const first = (await inject(owner.auth, 'GET', '/api/households?limit=2')).json<HouseholdPage>()
    expect(first.items.map((i) => i.name)).toEqual(['H4', 'H3'])
    const second = (
      await inject(owner.auth, 'GET', `/api/households?limit=2&cursor=${first.next_cursor}`)
    ).json<HouseholdPage>()
    expect(second.items.map((i) => i.name)).toEqual(['H2', 'H1'])
    const bad = await inject(owner.auth, 'GET', '/api/households?cursor=abc')
    expect(bad.statusCode).toBe(400)
  })
})

describe('created once', () => {
  const post = (auth: Auth, key: string, name = 'Tadesse family') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/households',
      headers: { ...auth, 'idempotency-key': key },
      payload: { name },
    })
  const named = async (name: string) =>
    ctx.database.db.selectFrom('households').select('id').where('name', '=', name).execute()

  it('answers a repeated key with the household it made, even at once; another account’s is new', async () => {
    expectReplay(
      await post(alice.auth, 'household-form-0001'),
      await post(alice.auth, 'household-form-0001'),
    )
    await expectOneMadeAtOnce(() => post(alice.auth, 'household-form-0002', 'At once'))
    expect(await named('At once')).toHaveLength(1)
    expect((await post(bob.auth, 'household-form-0001')).statusCode).toBe(201)
    expect(await named('Tadesse family')).toHaveLength(2)
    const events = (await householdEvents()).filter((e) => e.action === 'household_create')
    expect(events.filter((e) => e.details.name === 'At once')).toHaveLength(1)
    expect((await post(alice.auth, 'short')).statusCode).toBe(400)
  })
})

describe('owner scoping', () => {
  it('gives a clerk 404 on every route for another account’s household or member', async () => {
    const { household, head } = await family(alice.auth, 'Scoped')
    const bobsMember = await calls.create(bob.auth, { first_name: 'Bobs' })
    const bobsHousehold = await createHousehold(bob.auth, { name: 'Bob family' })
    const h = household.id
    const refused = [
      ['GET', `/api/households/${h}`],
      ['PUT', `/api/households/${h}`, { name: 'Mine now' }],
      ['DELETE', `/api/households/${h}`],
      ['PUT', `/api/households/${h}/members/${bobsMember.id}`, { role: 'child' }],
      ['DELETE', `/api/households/${h}/members/${head.id}`],
      ['POST', `/api/households/${h}/transfer`, { targetUserId: bob.id }],
      // Alice's member into bob's own household: still another account's member.
      ['PUT', `/api/households/${bobsHousehold.id}/members/${head.id}`, { role: 'other' }],
    ] as const
    for (const [method, url, payload] of refused) {
      const res = await inject(bob.auth, method, url, payload)
      expect([method, url, res.statusCode]).toEqual([method, url, 404])
      expect(res.body).not.toContain('Abebe')
      expect(res.body).not.toContain('Scoped')
    }
    // Bob's list never shows alice's households, with owner=all or not.
    for (const url of [
      '/api/households',
      '/api/households?owner=all',
      `/api/households?owner=${alice.id}`,
    ]) {
      const page = (await inject(bob.auth, 'GET', url)).json<HouseholdPage>()
      expect(page.items.map((i) => i.id)).not.toContain(h)
      expect(JSON.stringify(page)).not.toContain('Scoped')
    }
    expect((await getMember(alice.auth, head.id)).household_role).toBe('head')
    const still = (await inject(alice.auth, 'GET', `/api/households/${h}`)).json<Household>()
    expect(still.name).toBe('Scoped family')
  })

  it('lets admins and auditors read every household; auditors change nothing', async () => {
    const { household, head, child } = await family(alice.auth, 'Seen')
    for (const reader of [admin, auditor]) {
      const res = await inject(reader.auth, 'GET', `/api/households/${household.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json<Household>()).toMatchObject({
        owner_user_id: alice.id,
        owner_username: 'alice',
      })
      const all = (
        await inject(reader.auth, 'GET', '/api/households?owner=all&q=seen')
      ).json<HouseholdPage>()
      expect(all.items.map((i) => i.id)).toContain(household.id)
      expect(all.items.find((i) => i.id === household.id)).toMatchObject({
        owner_user_id: alice.id,
        owner_username: 'alice',
      })
    }
    const writes = [
      ['POST', '/api/households', { name: 'Audit' }],
      ['PUT', `/api/households/${household.id}`, { name: 'x' }],
      ['DELETE', `/api/households/${household.id}`],
      ['PUT', `/api/households/${household.id}/members/${child.id}`, { role: 'other' }],
      ['DELETE', `/api/households/${household.id}/members/${head.id}`],
      ['POST', `/api/households/${household.id}/transfer`, { targetUserId: bob.id }],
    ] as const
    for (const [method, url, payload] of writes) {
      expect((await inject(auditor.auth, method, url, payload)).statusCode).toBe(403)
    }
    // An admin reads another account's household but does not edit it (403, as for members).
    expect(
      (await inject(admin.auth, 'PUT', `/api/households/${household.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(403)
  })

  it('answers 404 for unknown ids and for malformed ones', async () => {
    const household = await createHousehold(alice.auth)
    for (const url of ['/api/households/999999', '/api/households/abc', '/api/households/0']) {
      expect((await inject(alice.auth, 'GET', url)).statusCode).toBe(404)
    }
    expect((await setRole(alice.auth, 999999, 1, 'head')).statusCode).toBe(404)
    expect((await setRole(alice.auth, household.id, 999999, 'head')).statusCode).toBe(404)
    expect((await inject(alice.auth, 'GET', '/api/households/99999999999')).statusCode).toBe(400)
  })
})

describe('transfers', () => {
  it('moves a head alone: the member leaves, the household stays with its account', async () => {
    const { household, head, spouse } = await family(alice.auth, 'Alone')
    const res = await calls.transfer(alice.auth, head.id, carol.id)
    expect(res.statusCode).toBe(200)
    expect(await getMember(carol.auth, head.id)).toMatchObject({
      household_id: null,
      household_role: null,
    })
    const left = (
      await inject(alice.auth, 'GET', `/api/households/${household.id}`)
    ).json<Household>()
    expect(left.members.map((m) => m.id)).toEqual([spouse.id, expect.any(Number)])
    expect(left.members.map((m) => m.id)).not.toContain(head.id)
  })

  it('moves a head with the household: the household and every member change owner', async () => {
    const { household, head, spouse, child } = await family(alice.auth, 'Together')
    const res = await transferWithHousehold(alice.auth, head.id, carol.id)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ member: Member }>().member).toMatchObject({
      id: head.id,
      household_id: household.id,
      household_role: 'head',
    })
    expect((await inject(alice.auth, 'GET', `/api/households/${household.id}`)).statusCode).toBe(
      404,
    )
    const moved = (
      await inject(carol.auth, 'GET', `/api/households/${household.id}`)
    ).json<Household>()
    expect(moved.members.map((m) => m.id).sort()).toEqual([head.id, spouse.id, child.id].sort())
    for (const id of [spouse.id, child.id]) {
      expect((await inject(alice.auth, 'GET', `/api/members/${id}`)).statusCode).toBe(404)
    }
  })

  it('refuses with_household for a member who is not a head', async () => {
    const { child } = await family(alice.auth, 'NotHead')
    const res = await transferWithHousehold(alice.auth, child.id, carol.id)
    expect(res.statusCode).toBe(400)
    expect((await getMember(alice.auth, child.id)).household_role).toBe('child')
  })

  it('transfers a household with its members on its own route', async () => {
    const { household, spouse } = await family(alice.auth, 'Handed')
    const res = await inject(alice.auth, 'POST', `/api/households/${household.id}/transfer`, {
      targetUserId: bob.id,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Household>().members).toHaveLength(3)
    expect(await getMember(bob.auth, spouse.id)).toMatchObject({ household_id: household.id })
  })

  it('transfers a household with no members: the household row carries the owner', async () => {
    const household = await createHousehold(alice.auth, { name: 'Emptied family' })
    const res = await inject(alice.auth, 'POST', `/api/households/${household.id}/transfer`, {
      targetUserId: bob.id,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Household>().members).toEqual([])
    expect((await inject(alice.auth, 'GET', `/api/households/${household.id}`)).statusCode).toBe(
      404,
    )
    expect((await inject(bob.auth, 'GET', `/api/households/${household.id}`)).statusCode).toBe(200)
    const events = (await householdEvents()).filter(
      (e) => e.details.household_id === household.id && e.action === 'household_transfer',
    )
    expect(events).toEqual([
      expect.objectContaining({
        member_id: null,
        details: expect.objectContaining({
          changes: { owner_user_id: [alice.id, bob.id] },
          to_username: 'bob',
        }),
      }),
    ])
  })
})

// On PostgreSQL the two calls of a round run at once; SQLite runs one writer at a time.
describe('a membership change and a transfer at the same moment', () => {
  /** A member's owner and household, and that household's owner. */
  async function stored(memberId: number) {
    return ctx.database.db
      .selectFrom('members')
      .leftJoin('households', 'households.id', 'members.household_id')
      .select([
        'members.owner_user_id as owner',
        'members.household_id',
        'households.owner_user_id as household_owner',
      ])
      .where('members.id', '=', memberId)
      .executeTakeFirstOrThrow()
  }

  it('never leaves a member in another account’s household', async () => {
    for (let round = 0; round < 30; round += 1) {
      const household = await createHousehold(alice.auth, { name: `Race ${round}` })
      const member = await calls.create(alice.auth, { first_name: `Race${round}` })
      const [joined, moved] = await Promise.all([
        setRole(alice.auth, household.id, member.id, 'child'),
        calls.transfer(admin.auth, member.id, carol.id),
      ])
      expect([200, 404]).toContain(joined.statusCode)
      expect(moved.statusCode).toBe(200)
      // Transferred alone, the member is carol's and in no household, whichever came first.
      expect(await stored(member.id)).toEqual({
        owner: carol.id,
        household_id: null,
        household_owner: null,
      })
    }
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
  })

  it('gives one number to one of two households asking for it at once: the other is a 409', async () => {
    for (let round = 0; round < 20; round += 1) {
      const number = `RACE-${round}`
      const earlier = await createHousehold(bob.auth, { name: `Renumbered ${round}` })
      const answers = await Promise.all([
        inject(alice.auth, 'POST', '/api/households', { name: `New ${round}`, number }),
        inject(bob.auth, 'PUT', `/api/households/${earlier.id}`, { number }),
      ])
      const statuses = answers.map((res) => res.statusCode)
      expect(statuses.filter((status) => status === 409)).toHaveLength(1)
      expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1)
      const refused = answers.find((res) => res.statusCode === 409)!
      expect(refused.json()).toMatchObject({ errors: { number: 'numberTaken' } })
    }
  })

  it('hands a household to an account removed at once: 200, 400 or 409, never 500', async () => {
    for (let round = 0; round < 15; round += 1) {
      const target = await createUserAndSignIn(ctx, `leaving${round}`)
      const household = await createHousehold(alice.auth, { name: `Handed away ${round}` })
      const [handed, removed] = await Promise.all([
        inject(alice.auth, 'POST', `/api/households/${household.id}/transfer`, {
          targetUserId: target.id,
        }),
        inject(admin.auth, 'DELETE', `/api/admin/users/${target.id}`),
      ])
      expect([200, 400, 409]).toContain(handed.statusCode)
      expect([204, 400, 409]).toContain(removed.statusCode)
      // Exactly one of them won: the household is the new account's, or the account is gone.
      expect(handed.statusCode === 200).toBe(removed.statusCode !== 204)
      const owner = await ctx.database.db
        .selectFrom('households')
        .select('owner_user_id')
        .where('id', '=', household.id)
        .executeTakeFirstOrThrow()
      expect(owner.owner_user_id).toBe(handed.statusCode === 200 ? target.id : alice.id)
    }
  })

  it('answers 404 to changes of a household deleted at once, and deletes it once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const household = await createHousehold(alice.auth, { name: `Deleted race ${round}` })
      const member = await calls.create(alice.auth, { first_name: `Gone${round}` })
      const url = `/api/households/${household.id}`
      const [deleted, edited, joined, again] = await Promise.all([
        inject(alice.auth, 'DELETE', url),
        inject(alice.auth, 'PUT', url, { city: 'Dessie' }),
        setRole(alice.auth, household.id, member.id, 'head'),
        inject(alice.auth, 'DELETE', url),
      ])
      expect([deleted.statusCode, again.statusCode].sort()).toEqual([204, 404])
      expect([200, 404]).toContain(edited.statusCode)
      expect([200, 404]).toContain(joined.statusCode)
      const deletes = (await householdEvents()).filter(
        (e) => e.action === 'household_delete' && e.details.household_id === household.id,
      )
      expect(deletes).toHaveLength(1)
      expect(await stored(member.id)).toMatchObject({ household_id: null })
    }
  })

  it('changes a household handed over at once only while it was the caller’s', async () => {
    for (let round = 0; round < 10; round += 1) {
      const household = await createHousehold(alice.auth, { name: `Edited race ${round}` })
      const [handed, edited] = await Promise.all([
        inject(admin.auth, 'POST', `/api/households/${household.id}/transfer`, {
          targetUserId: bob.id,
        }),
        inject(alice.auth, 'PUT', `/api/households/${household.id}`, { city: `City ${round}` }),
      ])
      expect(handed.statusCode).toBe(200)
      expect([200, 404]).toContain(edited.statusCode)
      // alice's change, if made, comes before the hand-over in the history.
      const actions = (await householdEvents())
        .filter((e) => e.details.household_id === household.id)
        .map((e) => e.action)
        .filter((action) => action === 'household_update' || action === 'household_transfer')
      expect(actions).toEqual(
        edited.statusCode === 200
          ? ['household_update', 'household_transfer']
          : ['household_transfer'],
      )
    }
  })

  it('keeps a household and its members with one account when two transfers meet', async () => {
    for (let round = 0; round < 10; round += 1) {
      const household = await createHousehold(alice.auth, { name: `Twice handed ${round}` })
      const member = await calls.create(alice.auth, { first_name: `Twice${round}` })
      expect((await setRole(alice.auth, household.id, member.id, 'head')).statusCode).toBe(200)
      const url = `/api/households/${household.id}/transfer`
      const answers = await Promise.all([
        inject(alice.auth, 'POST', url, { targetUserId: bob.id }),
        inject(admin.auth, 'POST', url, { targetUserId: carol.id }),
      ])
      for (const res of answers) expect([200, 400, 404]).toContain(res.statusCode)
      const now = await stored(member.id)
      expect(now.household_id).toBe(household.id)
      expect(now.household_owner).toBe(now.owner)
    }
  })

  it('changes nothing of a member whose household is handed over meanwhile', async () => {
    for (let round = 0; round < 12; round += 1) {
      const household = await createHousehold(alice.auth, { name: `Handed race ${round}` })
      const member = await calls.create(alice.auth, { first_name: `Handed${round}` })
      expect((await setRole(alice.auth, household.id, member.id, 'child')).statusCode).toBe(200)
      const [handed, moved] = await Promise.all([
        inject(alice.auth, 'POST', `/api/households/${household.id}/transfer`, {
          targetUserId: bob.id,
        }),
        calls.transfer(admin.auth, member.id, carol.id),
      ])
      expect(handed.statusCode).toBe(200)
      expect([200, 404]).toContain(moved.statusCode)
      // The admin's transfer took the member out to carol, or (asked of alice's member, bob's
      // by then) changed nothing: it is still in the household it went with.
      expect(await stored(member.id)).toEqual(
        moved.statusCode === 200
          ? { owner: carol.id, household_id: null, household_owner: null }
          : { owner: bob.id, household_id: household.id, household_owner: bob.id },
      )
    }
  })
})

describe('a transfer asked again after its answer was lost', () => {
  const transferHousehold = (auth: Auth, id: number, targetUserId: number) =>
    inject(auth, 'POST', `/api/households/${id}/transfer`, { targetUserId })

  /** The history's household_transfer events of this household. */
  const transfersOf = async (id: number) =>
    (await householdEvents()).filter(
      (event) => event.action === 'household_transfer' && event.details.household_id === id,
    ).length

  it.each([
    ['the clerk who owned it', () => alice],
    ['an admin', () => admin],
  ])('answers %s as the first time, with no second event', async (_who, caller) => {
    const { household } = await family(alice.auth, 'Again')
    const first = await transferHousehold(caller().auth, household.id, bob.id)
    expect(first.statusCode).toBe(200)
    const again = await transferHousehold(caller().auth, household.id, bob.id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await transfersOf(household.id)).toBe(1)
    expect((await inject(alice.auth, 'GET', `/api/households/${household.id}`)).statusCode).toBe(
      404,
    )
  })

  it('answers a head’s transfer with its household asked again as the first time', async () => {
    const { household, head } = await family(alice.auth, 'AgainAlong')
    const first = await transferWithHousehold(alice.auth, head.id, bob.id)
    expect(first.statusCode).toBe(200)
    const again = await transferWithHousehold(alice.auth, head.id, bob.id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await transfersOf(household.id)).toBe(1)
  })

  it.each([
    [
      'its household',
      (id: number) => inject(bob.auth, 'PUT', `/api/households/${id}`, { notes: 'Bob’s' }),
    ],
    [
      'one of its members',
      (_id: number, memberId: number) => calls.update(bob.auth, memberId, { notes: 'Bob’s' }),
    ],
    [
      'a member who joined it',
      async (id: number) =>
        setRole(bob.auth, id, (await calls.create(bob.auth, { first_name: 'Joined' })).id, 'other'),
    ],
  ])(
    'is a 404 as before for another clerk, or once the new owner changed %s',
    async (_what, change) => {
      const { household, spouse } = await family(alice.auth, 'Changed')
      expect((await transferHousehold(alice.auth, household.id, bob.id)).statusCode).toBe(200)
      expect((await transferHousehold(carol.auth, household.id, bob.id)).statusCode).toBe(404)
      expect((await change(household.id, spouse.id)).statusCode).toBe(200)
      const late = await transferHousehold(alice.auth, household.id, bob.id)
      expect(late.statusCode).toBe(404)
      expect(late.body).not.toContain('Changed')
      expect(late.body).not.toContain('Joined')
      expect(late.body).not.toContain('Bob’s')
      expect(await transfersOf(household.id)).toBe(1)
    },
  )
})

describe('delete and restore', () => {
  it('takes a deleted member out of its household and puts it back on restore', async () => {
    const { household, child } = await family(alice.auth, 'Restored')
    expect((await calls.remove(alice.auth, child.id)).statusCode).toBe(204)
    const without = (
      await inject(alice.auth, 'GET', `/api/households/${household.id}`)
    ).json<Household>()
    expect(without.members.map((m) => m.id)).not.toContain(child.id)
    expect((await restoreMember(child.id)).statusCode).toBe(200)
    expect(await getMember(alice.auth, child.id)).toMatchObject({
      household_id: household.id,
      household_role: 'child',
    })
  })

  it('restores a member without a household when its household is gone', async () => {
    const { household, child, head } = await family(alice.auth, 'Gone')
    expect((await calls.remove(alice.auth, child.id)).statusCode).toBe(204)
    expect((await inject(alice.auth, 'DELETE', `/api/households/${household.id}`)).statusCode).toBe(
      204,
    )
    // Its members stay, unlinked.
    expect(await getMember(alice.auth, head.id)).toMatchObject({ household_id: null })
    expect((await restoreMember(child.id)).statusCode).toBe(200)
    expect(await getMember(alice.auth, child.id)).toMatchObject({
      household_id: null,
      household_role: null,
    })
  })

  it('restores a former head as a relative when the household has a new head', async () => {
    const { household, head, spouse } = await family(alice.auth, 'NewHead')
    expect((await calls.remove(alice.auth, head.id)).statusCode).toBe(204)
    expect((await setRole(alice.auth, household.id, spouse.id, 'head')).statusCode).toBe(200)
    await restoreMember(head.id)
    expect(await getMember(alice.auth, head.id)).toMatchObject({
      household_id: household.id,
      household_role: 'relative',
    })
  })
})

describe('history', () => {
  it('records household changes and memberships in the chain, which still verifies', async () => {
    const { household, child } = await family(alice.auth, 'History')
    await inject(alice.auth, 'PUT', `/api/households/${household.id}`, { city: 'Adama' })
    await inject(alice.auth, 'DELETE', `/api/households/${household.id}/members/${child.id}`)
    await inject(alice.auth, 'DELETE', `/api/households/${household.id}`)
    const ofHousehold = (await householdEvents()).filter(
      (event) => event.details.household_id === household.id,
    )
    expect(ofHousehold.map((event) => event.action)).toEqual([
      'household_create',
      'household_member_add',
      'household_member_add',
      'household_member_add',
      'household_update',
      'household_member_remove',
      'household_member_remove',
      'household_member_remove',
      'household_delete',
    ])
    expect(ofHousehold[4].details.changes).toEqual({ city: [null, 'Adama'] })
    expect((await householdEvents(child.id)).map((e) => e.details.changes)).toEqual([
      { household_id: [null, household.id], household_role: [null, 'child'] },
      { household_role: ['child', null] },
    ])
    // A clerk reads the member's history with its household events.
    const history = await inject(alice.auth, 'GET', `/api/members/${child.id}/history`)
    expect(JSON.stringify(history.json())).toContain('household_member_remove')
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
  })
})

describe('the dashboard', () => {
  it('counts the households and the members in none, per account', async () => {
    const owner = await createUserAndSignIn(ctx, 'counted')
    await family(owner.auth, 'Counted')
    await createHousehold(owner.auth, { name: 'Empty one' })
    await calls.create(owner.auth, { first_name: 'Alone' })
    const stats = await inject(owner.auth, 'GET', '/api/stats')
    expect(stats.statusCode).toBe(200)
    expect(stats.json()).toMatchObject({ households: { total: 2, members_without: 1 } })
  })
})
