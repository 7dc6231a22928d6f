// The History screen's reading of events (issue 42): members named where the reader may see
// them, sign-ins left out on request, and a filter by the member's name.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import type { AuditEvent, AuditPage } from '../../../domain'
import { memberCalls } from '../../testing/memberCalls'
import { SECRETARY, testAppPerFile } from '../../testing/testApp'
import type { Caller } from '../accounts'
import { historyPage, withMemberNames } from './service'

jest.setTimeout(60_000)

const {
  ctx,
  users: { admin, clerk },
} = testAppPerFile({ admin: SECRETARY, clerk: 'clerk1' })
const members = memberCalls(() => ctx.app)
let almaz: number
let hanna: number
let gone: number

beforeAll(async () => {
  almaz = (await members.create(admin.auth, { first_name: 'Almaz', last_name: 'Tesfaye' })).id
  hanna = (
    await members.create(clerk.auth, {
      first_name: 'Hanna',
      middle_name: 'Bekele',
      last_name: 'Girma',
    })
  ).id
  expect((await members.update(clerk.auth, hanna, { city: 'Adama' })).statusCode).toBe(200)
  gone = (await members.create(admin.auth, { first_name: 'Dawit', last_name: '50%_off' })).id
  expect((await members.remove(admin.auth, gone)).statusCode).toBe(204)
})

async function page(query: string, auth = admin.auth): Promise<AuditEvent[]> {
  const res = await ctx.app.inject({ url: `/api/audit?limit=200&${query}`, headers: auth })
  expect(res.statusCode).toBe(200)
  return res.json<AuditPage>().items
}

describe('GET /api/audit names the members (issue 42)', () => {
  it('carries the member name on every event about a member, deleted ones from the bin', async () => {
    const events = await page('')
    const about = (id: number) => events.filter((e) => e.member_id === id)
    expect(about(hanna).length).toBeGreaterThanOrEqual(2)
    for (const event of about(hanna)) expect(event.member_name).toBe('Hanna Bekele Girma')
    for (const event of about(almaz)) expect(event.member_name).toBe('Almaz Kebede Tesfaye')
    expect(about(gone).map((e) => [e.action, e.member_name])).toEqual([
      ['member_delete', 'Dawit Kebede 50%_off'],
      ['member_create', 'Dawit Kebede 50%_off'],
    ])
    expect(events.filter((e) => e.member_id === null).every((e) => !e.member_name)).toBe(true)
  })

  it('names a member only to a reader the policy lets read it', async () => {
    const events = await page('')
    const bare = events.map(({ member_name: _name, ...event }) => event)
    const seen = await withMemberNames(ctx.database.db, { id: clerk.id, role: 'clerk' }, bare)
    const named = new Map(seen.map((e) => [e.seq, e.member_name]))
    for (const event of seen) {
      if (event.member_id === hanna) expect(named.get(event.seq)).toBe('Hanna Bekele Girma')
      else expect(named.get(event.seq)).toBeUndefined()
    }
  })

  it("names the member in a clerk's own member history", async () => {
    const res = await ctx.app.inject({
      url: `/api/members/${hanna}/history`,
      headers: clerk.auth,
    })
    expect(res.statusCode).toBe(200)
    const items = res.json<{ items: AuditEvent[] }>().items
    expect(items.map((e) => e.member_name)).toEqual(items.map(() => 'Hanna Bekele Girma'))
  })

  it('leaves out signing in and out on request', async () => {
    const all = await page('')
    expect(all.some((e) => e.action === 'sign_in')).toBe(true)
    const without = await page('hide_sign_ins=true')
    expect(without.length).toBeGreaterThan(0)
    expect(without.filter((e) => /^sign_/.test(e.action))).toEqual([])
    expect(without.length).toBe(all.filter((e) => !/^sign_/.test(e.action)).length)
  })

  it('filters by words of the member name, in any order and case, wildcards as letters', async () => {
    const ids = async (name: string) => [
      ...new Set((await page(`member_name=${encodeURIComponent(name)}`)).map((e) => e.member_id)),
    ]
    expect(await ids('hanna')).toEqual([hanna])
    expect(await ids('GIRMA hanna')).toEqual([hanna])
    expect(await ids('tesfaye')).toEqual([almaz])
    expect(await ids('hanna tesfaye')).toEqual([])
    // % and _ are letters of the name, not patterns: only the binned 50%_off has them.
    expect(await ids('%')).toEqual([gone])
    expect(await ids('_off')).toEqual([gone])
    expect(await ids('a%_')).toEqual([])
  })

  it("finds a binned member's events by name, as the history names them", async () => {
    const events = await page(`member_name=${encodeURIComponent('OFF dawit')}`)
    expect(events.map((e) => [e.member_id, e.action, e.member_name])).toEqual([
      [gone, 'member_delete', 'Dawit Kebede 50%_off'],
      [gone, 'member_create', 'Dawit Kebede 50%_off'],
    ])
  })

  it("lets a reader of one account's members find only that account's binned ones", async () => {
    const mine = (await members.create(clerk.auth, { first_name: 'Selam', last_name: 'Worku' })).id
    expect((await members.remove(clerk.auth, mine)).statusCode).toBe(204)
    const ids = async (name: string, caller: Caller) =>
      (await historyPage(ctx.database.db, caller, { member_name: name }, 200)).items.map(
        (e) => e.member_id,
      )
    const asClerk: Caller = { id: clerk.id, role: 'clerk' }
    expect(new Set(await ids('worku', asClerk))).toEqual(new Set([mine]))
    expect(await ids('dawit', asClerk)).toEqual([])
    expect(new Set(await ids('dawit', { id: admin.id, role: 'admin' }))).toEqual(new Set([gone]))
  })

  it('refuses a name longer than 100 characters', async () => {
    const res = await ctx.app.inject({
      url: `/api/audit?member_name=${'a'.repeat(101)}`,
      headers: admin.auth,
    })
    expect(res.statusCode).toBe(400)
  })
})
