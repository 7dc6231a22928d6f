// /api/funds and rates: admins write, everyone signed in reads, the history keeps each change.
import { verifyChain } from '../history'
import { historyDetails } from '../../testing/historyEvents'
import { expectOneMadeAtOnce, expectReplay } from '../../testing/responses'
import { BOARD, SECRETARY, testAppPerFile } from '../../testing/testApp'
import type { Fund } from './fundSchemas'

const {
  ctx,
  users: { admin, treasurer, clerk, auditor },
} = testAppPerFile({
  admin: SECRETARY,
  treasurer: { username: 'treasurer', role: 'admin' },
  clerk: 'clerk',
  auditor: BOARD,
})

const send = (
  auth: { authorization: string },
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
) => ctx.app.inject({ method, url, headers: auth, payload })

async function dues(): Promise<Fund> {
  const res = await send(admin.auth, 'POST', '/api/funds', {
    kind: 'dues',
    name_am: 'ወርሃዊ የአባልነት ክፍያ',
    name_en: 'Monthly dues',
    name_om: "Kaffaltii miseensummaa ji'aa",
  })
  expect(res.statusCode).toBe(201)
  return res.json<Fund>()
}

describe('funds', () => {
  it('creates dues and gift funds, active, with no rates yet', async () => {
    const fund = await dues()
    expect(fund).toMatchObject({ kind: 'dues', payer: 'member', active: true, rates: [] })
    const gift = await send(admin.auth, 'POST', '/api/funds', { kind: 'gift', name_en: ' Tithe ' })
    expect(gift.json()).toMatchObject({ kind: 'gift', name_en: 'Tithe', name_am: '' })
    const list = await ctx.app.inject({ url: '/api/funds', headers: clerk.auth })
    expect(list.statusCode).toBe(200)
    expect(list.json<Fund[]>().map((f) => f.id)).toEqual(expect.arrayContaining([fund.id]))
  })

  it('lets only admins create, change and set rates', async () => {
    const fund = await dues()
    for (const who of [clerk, auditor]) {
      expect(
        (await send(who.auth, 'POST', '/api/funds', { kind: 'gift', name_en: 'X' })).statusCode,
      ).toBe(403)
      expect(
        (await send(who.auth, 'PUT', `/api/funds/${fund.id}`, { active: false })).statusCode,
      ).toBe(403)
      const rate = await send(who.auth, 'POST', `/api/funds/${fund.id}/rates`, {
        amount: 100,
        from_month: '2018-01',
      })
      expect(rate.statusCode).toBe(403)
    }
    expect((await ctx.app.inject({ url: `/api/funds/${fund.id}` })).statusCode).toBe(401)
  })

  it('refuses a fund without a name or kind', async () => {
    for (const payload of [
      { kind: 'dues' },
      { kind: 'dues', name_en: '   ' },
      { name_en: 'X' },
      { kind: 'pledge', name_en: 'X' },
    ]) {
      expect((await send(admin.auth, 'POST', '/api/funds', payload)).statusCode).toBe(400)
    }
  })

  it('refuses a fund name on more than one line, on create and on rename', async () => {
    const made = await send(admin.auth, 'POST', '/api/funds', {
      kind: 'gift',
      name_en: 'Building\nfund',
    })
    expect(made.statusCode).toBe(400)
    expect(made.json()).toMatchObject({ errors: { name_en: 'invalidValue' } })
    const fund = await dues()
    const renamed = await send(admin.auth, 'PUT', `/api/funds/${fund.id}`, {
      name_om: "Kaffaltii\tji'aa",
    })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({ errors: { name_om: 'invalidValue' } })
    const kept = await ctx.app.inject({ url: `/api/funds/${fund.id}`, headers: admin.auth })
    expect(kept.json()).toMatchObject({ name_om: fund.name_om })
  })

  it('closes and renames a fund, and answers 404 for an unknown one', async () => {
    const fund = await dues()
    const res = await send(admin.auth, 'PUT', `/api/funds/${fund.id}`, {
      active: false,
      name_en: 'Old dues',
    })
    expect(res.json()).toMatchObject({ active: false, name_en: 'Old dues', name_am: fund.name_am })
    expect((await send(admin.auth, 'PUT', '/api/funds/999999', { active: false })).statusCode).toBe(
      404,
    )
    const blank = await send(admin.auth, 'PUT', `/api/funds/${fund.id}`, {
      name_am: '',
      name_en: '',
      name_om: '',
    })
    expect(blank.statusCode).toBe(400)
  })

  it('sets rates from a month, per category, replacing a step of the same month', async () => {
    const fund = await dues()
    const url = `/api/funds/${fund.id}/rates`
    expect(
      (await send(admin.auth, 'POST', url, { amount: 5000, from_month: '2018-01' })).statusCode,
    ).toBe(201)
    await send(admin.auth, 'POST', url, { amount: 7500, from_month: '2018-07' })
    await send(admin.auth, 'POST', url, {
      amount: 2500,
      from_month: '2018-01',
      category: 'student',
    })
    const res = await send(admin.auth, 'POST', url, { amount: 8000, from_month: '2018-07' })
    // Every field the client's Fund type reads is in the answer, and nothing else.
    expect(Object.keys(res.json<Fund>()).sort()).toEqual([
      'active',
      'id',
      'kind',
      'name_am',
      'name_en',
      'name_om',
      'payer',
      'rates',
    ])
    expect(res.json<Fund>().rates).toEqual([
      { category: '', from_month: '2018-01', amount: 5000 },
      { category: '', from_month: '2018-07', amount: 8000 },
      { category: 'student', from_month: '2018-01', amount: 2500 },
    ])
    const replaced = await ctx.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'fund_rate')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(replaced.details)).toMatchObject({ amount: 8000, replaced_amount: 7500 })
  })

  it('answers a repeat of the stored rate as the first time, recording no second event', async () => {
    const fund = await dues()
    const url = `/api/funds/${fund.id}/rates`
    const rateEvents = async () =>
      (await historyDetails(ctx.database.db, 'fund_rate')).filter(
        (details) => details.fund_id === fund.id,
      ).length
    const body = { amount: 5000, from_month: '2018-01', category: 'student' }
    const first = await send(admin.auth, 'POST', url, body)
    expect(first.statusCode).toBe(201)
    // The retry of a write whose answer was lost over a weak link.
    const again = await send(admin.auth, 'POST', url, body)
    expect(again.statusCode).toBe(201)
    expect(again.json<Fund>()).toEqual(first.json<Fund>())
    expect(await rateEvents()).toBe(1)
    const changed = await send(admin.auth, 'POST', url, { ...body, amount: 6000 })
    expect(changed.statusCode).toBe(201)
    expect(changed.json<Fund>().rates).toEqual([
      { category: 'student', from_month: '2018-01', amount: 6000 },
    ])
    expect(await rateEvents()).toBe(2)
  })

  it('refuses bad rates, and rates on a gift fund', async () => {
    const fund = await dues()
    const url = `/api/funds/${fund.id}/rates`
    for (const payload of [
      { amount: 100, from_month: '2018-13' },
      { amount: 100, from_month: 'Meskerem' },
      { amount: 1.5, from_month: '2018-01' },
      { amount: -1, from_month: '2018-01' },
      { amount: 100, from_month: '2018-01', category: 'vip' },
      { from_month: '2018-01' },
    ]) {
      expect((await send(admin.auth, 'POST', url, payload)).statusCode).toBe(400)
    }
    const gift = (
      await send(admin.auth, 'POST', '/api/funds', { kind: 'gift', name_en: 'Vow' })
    ).json<Fund>()
    const res = await send(admin.auth, 'POST', `/api/funds/${gift.id}/rates`, {
      amount: 100,
      from_month: '2018-01',
    })
    expect(res.statusCode).toBe(400)
    expect(
      (
        await send(admin.auth, 'POST', '/api/funds/999999/rates', {
          amount: 1,
          from_month: '2018-01',
        })
      ).statusCode,
    ).toBe(404)
  })

  it('records every change in a history that verifies', async () => {
    const actions = await ctx.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'in', ['fund_create', 'fund_update', 'fund_rate'])
      .execute()
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set(['fund_create', 'fund_update', 'fund_rate']),
    )
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
  })
})

describe('a fund created over a weak connection', () => {
  const post = (auth: { authorization: string }, key: string, name_en = 'Building dues') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/funds',
      headers: { ...auth, 'idempotency-key': key },
      payload: { kind: 'dues', name_en },
    })
  const named = (name: string) =>
    ctx.database.db.selectFrom('funds').select('id').where('name_en', '=', name).execute()
  const created = async () => (await historyDetails(ctx.database.db, 'fund_create')).length

  it('answers a repeated key with the fund it made, even at once, to any admin', async () => {
    const first = await post(admin.auth, 'fund-form-0001')
    expectReplay(first, await post(admin.auth, 'fund-form-0001'))
    expect(await named('Building dues')).toHaveLength(1)
    const events = await created()
    await expectOneMadeAtOnce(() => post(admin.auth, 'fund-form-0002', 'At once'))
    expect(await named('At once')).toHaveLength(1)
    expect(await created()).toBe(events + 1)
    // Funds are the church's, not an account's: the key is one over all of them.
    const other = await post(treasurer.auth, 'fund-form-0001')
    expect([other.statusCode, other.json<Fund>().id]).toEqual([200, first.json<Fund>().id])
    expect((await post(admin.auth, 'fund-form-0003')).statusCode).toBe(201)
    expect(await named('Building dues')).toHaveLength(2)
    expect((await post(admin.auth, 'short')).statusCode).toBe(400)
  })
})
