import type { Member } from '../../../../domain'
import { setUserDisabled } from '../../accounts/repository'
import { createUserAndSignIn, SECRETARY, testAppPerFile } from '../../../testing/testApp'
import { multipart, registrationFields } from '../../../testing/memberForms'

type Auth = { authorization: string }

const {
  ctx,
  users: { alice, bob, carol, admin },
} = testAppPerFile({ alice: 'alice', bob: 'bob', carol: 'carol', admin: SECRETARY })

async function createOk(auth: Auth, overrides: Record<string, string> = {}): Promise<Member> {
  const form = multipart(registrationFields(overrides), [], auth)
  const res = await ctx.app.inject({ method: 'POST', url: '/api/members', ...form })
  expect(res.statusCode).toBe(201)
  return res.json<Member>()
}

function transfer(auth: Auth, id: number, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/members/transfer/${id}`,
    headers: auth,
    payload: payload as Record<string, unknown>,
  })
}

async function listIds(auth: Auth): Promise<number[]> {
  const res = await ctx.app.inject({ url: '/api/members', headers: auth })
  return res.json<Member[]>().map((m) => m.id)
}

describe('transfer', () => {
  it('moves the member to the target, who sees it first; the old owner loses it', async () => {
    const member = await createOk(alice.auth, { membership_status: 'visitor' })
    const res = await transfer(alice.auth, member.id, { targetUserId: bob.id })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ success: boolean; member: Member }>()
    expect(body.success).toBe(true)
    expect(body.member).toMatchObject({
      id: member.id,
      membership_status: 'visitor',
      registerd_by: 'alice',
    })
    expect(body.member.transfer_date).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    expect(await listIds(alice.auth)).not.toContain(member.id)
    expect(
      (await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })).statusCode,
    ).toBe(404)
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: bob.auth })
    expect(read.json()).toEqual(body.member)
    // Back again is refused to alice: it is no longer hers.
    expect((await transfer(alice.auth, member.id, { targetUserId: alice.id })).statusCode).toBe(404)
  })

  it('orders the list by transfer_date, newest first, then by id descending (spec 4.9)', async () => {
    const own1 = await createOk(carol.auth)
    const own2 = await createOk(carol.auth)
    const first = await createOk(alice.auth)
    const second = await createOk(alice.auth)
    // second is transferred before first, so first (lower id) is the newest transfer.
    expect((await transfer(alice.auth, second.id, { targetUserId: carol.id })).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await transfer(alice.auth, first.id, { targetUserId: carol.id })).statusCode).toBe(200)
    const own3 = await createOk(carol.auth)
    expect(await listIds(carol.auth)).toEqual([first.id, second.id, own3.id, own2.id, own1.id])
    const search = await ctx.app.inject({ url: '/api/members/search', headers: carol.auth })
    const items = search.json<{ items: Member[] }>().items.map((m) => m.id)
    expect(items).toEqual([first.id, second.id, own3.id, own2.id, own1.id])
  })

  it.each([
    [{}, 'Please select a user to transfer to'],
    [{ targetUserId: '' }, 'Please select a user to transfer to'],
    [{ targetUserId: null }, 'Please select a user to transfer to'],
    [{ targetUserId: 'bob' }, 'Please select a user to transfer to'],
    [{ targetUserId: 987654 }, 'The selected user does not exist'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const member = await createOk(alice.auth)
    const res = await transfer(alice.auth, member.id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message })
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })
    expect(read.json()).toEqual(member)
  })

  it('refuses a transfer to yourself and to a disabled account', async () => {
    const member = await createOk(alice.auth)
    const self = await transfer(alice.auth, member.id, { targetUserId: alice.id })
    expect(self.statusCode).toBe(400)
    const dave = await createUserAndSignIn(ctx, 'dave')
    await setUserDisabled(ctx.database.db, dave.id, true)
    const disabled = await transfer(alice.auth, member.id, { targetUserId: String(dave.id) })
    expect(disabled.statusCode).toBe(400)
    expect(await listIds(alice.auth)).toContain(member.id)
  })

  it('accepts the target id as numeric text', async () => {
    const member = await createOk(alice.auth)
    const res = await transfer(alice.auth, member.id, { targetUserId: String(bob.id) })
    expect(res.statusCode).toBe(200)
  })
})

/** How many member_transfer events the history holds for this member. */
async function transferEvents(memberId: number): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('audit_events')
    .select('seq')
    .where('action', '=', 'member_transfer')
    .where('member_id', '=', memberId)
    .execute()
  return rows.length
}

describe('a transfer asked again after its answer was lost', () => {
  it.each([
    ['the clerk who owned it', () => alice],
    ['an admin', () => admin],
  ])('answers %s as the first time, with no second event', async (_who, caller) => {
    const member = await createOk(alice.auth, { first_name: 'Retried' })
    const first = await transfer(caller().auth, member.id, { targetUserId: bob.id })
    expect(first.statusCode).toBe(200)
    const again = await transfer(caller().auth, member.id, { targetUserId: bob.id })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await transferEvents(member.id)).toBe(1)
    // Still bob's alone: the repeat gave alice nothing back.
    expect((await listIds(bob.auth)).includes(member.id)).toBe(true)
    expect(
      (await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })).statusCode,
    ).toBe(404)
  })

  it('is a 404 as before for another clerk, or once the new owner changed the member', async () => {
    const member = await createOk(alice.auth, { first_name: 'Edited' })
    expect((await transfer(alice.auth, member.id, { targetUserId: bob.id })).statusCode).toBe(200)
    // Carol asks the same, but the transfer was not hers.
    const other = await transfer(carol.auth, member.id, { targetUserId: bob.id })
    expect(other.statusCode).toBe(404)
    // Alice asks for the household along, which the transfer made did not take.
    const along = await transfer(alice.auth, member.id, {
      targetUserId: bob.id,
      with_household: true,
    })
    expect(along.statusCode).toBe(404)
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${member.id}`,
      ...multipart({ notes: 'Bob’s note' }, [], bob.auth),
    })
    expect(edit.statusCode).toBe(200)
    const late = await transfer(alice.auth, member.id, { targetUserId: bob.id })
    expect(late.statusCode).toBe(404)
    for (const res of [other, along, late]) {
      expect(res.body).not.toContain('Edited')
      expect(res.body).not.toContain('Bob’s note')
    }
    expect(await transferEvents(member.id)).toBe(1)
  })
})

describe('concurrency', () => {
  it('loses nothing across 50 concurrent creates and 50 concurrent transfers', async () => {
    const erin = await createUserAndSignIn(ctx, 'erin')
    const frank = await createUserAndSignIn(ctx, 'frank')
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/members',
          ...multipart(registrationFields({ first_name: `Concurrent${i}` }), [], erin.auth),
        }),
      ),
    )
    expect(created.map((r) => r.statusCode)).toEqual(Array(50).fill(201))
    const ids = created.map((r) => r.json<Member>().id)
    expect(new Set(ids).size).toBe(50)
    expect((await listIds(erin.auth)).sort()).toEqual([...ids].sort())

    const moved = await Promise.all(
      ids.map((id) => transfer(erin.auth, id, { targetUserId: frank.id })),
    )
    expect(moved.map((r) => r.statusCode)).toEqual(Array(50).fill(200))
    expect(await listIds(erin.auth)).toEqual([])
    expect((await listIds(frank.auth)).sort()).toEqual([...ids].sort())

    // The same member transferred twice at once: exactly one wins.
    const [one] = ids
    const race = await Promise.all([
      transfer(frank.auth, one, { targetUserId: erin.id }),
      transfer(frank.auth, one, { targetUserId: alice.id }),
    ])
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 404])
  })

  it('keeps both changes of concurrent updates to different fields', async () => {
    const member = await createOk(alice.auth)
    const updates = await Promise.all([
      ctx.app.inject({
        method: 'PUT',
        url: `/api/members/${member.id}`,
        ...multipart({ city: 'Adama' }, [], alice.auth),
      }),
      ctx.app.inject({
        method: 'PUT',
        url: `/api/members/${member.id}`,
        ...multipart({ notes: 'Moved' }, [], alice.auth),
      }),
    ])
    expect(updates.map((r) => r.statusCode)).toEqual([200, 200])
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })
    expect(read.json()).toMatchObject({ city: 'Adama', notes: 'Moved' })
  })
})
