// GET /api/members: the spec's JSON array, sent as a stream read a page at a time, and at
// most two full lists of one account at once.
import type { Member } from '../../../../domain'
import { listMembers } from '../repository/members'
import { memberCalls } from '../../../testing/memberCalls'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../../testing/testApp'
import { MemberListSlots } from '../listSlots'

let ctx: TestContext
let alice: Awaited<ReturnType<typeof createUserAndSignIn>>
let bob: Awaited<ReturnType<typeof createUserAndSignIn>>
const slots = new MemberListSlots(2)

beforeAll(async () => {
  // Pages of 3 so that a handful of members spans several pages.
  ctx = await createTestApp({ memberList: { pageSize: 3, slots } })
  alice = await createUserAndSignIn(ctx, 'alice')
  bob = await createUserAndSignIn(ctx, 'bob')
})
afterAll(() => ctx.close())

const calls = memberCalls(() => ctx.app)
const create = (auth: { authorization: string }, firstName: string) =>
  calls.create(auth, { first_name: firstName })

const list = () => ctx.app.inject({ url: '/api/members', headers: alice.auth })

describe('GET /api/members', () => {
  it('answers [] for an account without members', async () => {
    const res = await list()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('streams every member across pages in list order, the same as one query', async () => {
    // Undated members of alice and members transferred to her (dated), interleaved.
    for (let i = 0; i < 5; i++) await create(alice.auth, `Own${i}`)
    for (let i = 0; i < 5; i++) {
      const member = await create(bob.auth, `Given${i}`)
      expect((await calls.transfer(bob.auth, member.id, alice.id)).statusCode).toBe(200)
    }
    for (let i = 5; i < 8; i++) await create(alice.auth, `Own${i}`)
    const res = await list()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    // Sent as it is read: no length known up front.
    expect(res.headers['content-length']).toBeUndefined()
    const members = res.json<Member[]>()
    expect(members).toHaveLength(13)
    expect(members).toEqual(
      JSON.parse(JSON.stringify(await listMembers(ctx.database.db, alice.id))) as Member[],
    )
    expect(members.slice(0, 5).map((m) => m.first_name)).toEqual([
      'Given4',
      'Given3',
      'Given2',
      'Given1',
      'Given0',
    ])
    expect(members.slice(5).map((m) => m.first_name)).toEqual([
      'Own7',
      'Own6',
      'Own5',
      'Own4',
      'Own3',
      'Own2',
      'Own1',
      'Own0',
    ])
  })

  it('streams every account’s members (owner=all) for an admin, in list order, across pages', async () => {
    const admin = await createUserAndSignIn(ctx, 'secretary', undefined, { role: 'admin' })
    for (let i = 0; i < 30; i++) await create(i % 2 ? bob.auth : admin.auth, `Many${i}`)
    const res = await ctx.app.inject({ url: '/api/members?owner=all', headers: admin.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-length']).toBeUndefined()
    const members = res.json<Member[]>()
    const everyone = [
      ...(await listMembers(ctx.database.db, alice.id)),
      ...(await listMembers(ctx.database.db, bob.id)),
      ...(await listMembers(ctx.database.db, admin.id)),
    ]
    expect(members).toHaveLength(everyone.length)
    expect(members.length).toBeGreaterThanOrEqual(43)
    const byId = (a: Member, b: Member) => a.id - b.id
    expect([...members].sort(byId)).toEqual(
      JSON.parse(JSON.stringify([...everyone].sort(byId))) as Member[],
    )
    // Spec 4.9's order over every account: transferred (newest first), then newest created.
    const order = await ctx.database.db
      .selectFrom('members')
      .select('id')
      .orderBy('transfer_date', (ob) => ob.desc().nullsLast())
      .orderBy('id', 'desc')
      .execute()
    expect(members.map((m) => m.id)).toEqual(order.map((row) => row.id))
    expect(slots.inUse(admin.id)).toBe(0)
  })

  it('refuses a third full list of one account at once with 429 and Retry-After', async () => {
    const first = slots.acquire(alice.id)
    const second = slots.acquire(alice.id)
    try {
      const res = await list()
      expect(res.statusCode).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/list/) })
      // Another account is not held up.
      expect((await ctx.app.inject({ url: '/api/members', headers: bob.auth })).statusCode).toBe(
        200,
      )
    } finally {
      first()
      second()
    }
    expect((await list()).statusCode).toBe(200)
    // A finished list gives its place back.
    await list()
    await list()
    expect(slots.inUse(alice.id)).toBe(0)
  })
})
