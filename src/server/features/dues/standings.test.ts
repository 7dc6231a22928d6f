// The dues summaries (decision 0265) against a recount: after random payments (oldest first
// and chosen months ahead), voids, waivers, reduced-rate categories and rate changes, every
// payer's row reads the months owed, amount owed and last-months-paid of its own ledger, this
// month and in later ones. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import {
  addMonths,
  type DuesMonth,
  monthFromIndex,
  monthIndex,
  standingAgrees,
  type StandingRow,
} from '../../../domain'
import { duesWorld, type DuesWorld, TODAY } from '../../testing/duesWorld'
import { findMemberDuesBasis } from './ledgerRepository'
import { loadLedger } from './ledger'
import { refreshStandings } from './standingsRepository'
import type { ArrearsReport } from './reportSchemas'

let w: DuesWorld
beforeAll(async () => {
  w = await duesWorld()
})
afterAll(() => w.ctx.close())

/** A small deterministic generator (mulberry32): the same run on both engines. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CURRENT = '2018-05' as DuesMonth
const JOINED = ['2025-09-11', '2025-07-01', '2025-11-20', '2026-01-02', '2024-03-15']

async function rowsOf(fundId: number): Promise<Map<number, StandingRow>> {
  const rows = await w.ctx.database.db
    .selectFrom('dues_standings')
    .selectAll()
    .where('fund_id', '=', fundId)
    .execute()
  return new Map(rows.map((r) => [r.payer_id, { ...r, base: Number(r.base) }]))
}

/** Every member's row agrees with its recounted ledger at month `current` (index). */
async function expectAgreement(members: number[], at: Date, current: number) {
  await refreshStandings(w.ctx.database.db, at, w.fundId)
  const rows = await rowsOf(w.fundId)
  const wrong: unknown[] = []
  for (const id of members) {
    const basis = (await findMemberDuesBasis(w.ctx.database.db, id))!
    const ledger = await loadLedger(w.ctx.database.db, basis, w.fundId)
    const row = rows.get(id)
    for (const lastPaid of [1, 2, 3]) {
      if (!row || !standingAgrees(row, ledger, current, lastPaid)) wrong.push({ id, row, lastPaid })
    }
  }
  expect(wrong).toEqual([])
}

describe('the dues summaries', () => {
  it('equal a recount after random payments, voids, waivers and rate changes', async () => {
    const next = random(46)
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
    const members: number[] = []
    for (let i = 0; i < 12; i++) members.push(await w.member(pick(JOINED)))
    // Reduced rates for some: their rows are read at the student steps.
    await w.call(w.admin, {
      method: 'POST',
      url: `/api/funds/${w.fundId}/rates`,
      payload: { amount: 2000, from_month: '2018-01', category: 'student' },
    })
    for (const id of members.slice(0, 3)) {
      const res = await w.call(w.clerk, {
        method: 'PUT',
        url: `/api/members/${id}/dues`,
        payload: { category: 'student' },
      })
      expect(res.statusCode).toBe(200)
    }
    const payments: number[] = []
    for (let step = 0; step < 80; step++) {
      const roll = next()
      const member = pick(members)
      if (roll < 0.55) {
        const ahead = next() < 0.3
        const months = ahead ? [addMonths(CURRENT, Math.floor(next() * 8) - 2)] : undefined
        const res = await w.pay(w.clerk, {
          member_id: member,
          amount: ahead ? 1000 + Math.floor(next() * 3) * 1000 : 1000 + Math.floor(next() * 12000),
          ...(months ? { months } : {}),
        })
        if (res.statusCode === 201) payments.push(res.payment.id)
      } else if (roll < 0.7 && payments.length > 0) {
        const id = payments.splice(Math.floor(next() * payments.length), 1)[0]
        const res = await w.call(w.admin, {
          method: 'POST',
          url: `/api/payments/${id}/void`,
          payload: { reason: 'Entered twice' },
        })
        expect(res.statusCode).toBe(200)
      } else if (roll < 0.85) {
        // A waiver of a month the member may or may not owe: refused ones change nothing.
        await w.call(w.admin, {
          method: 'POST',
          url: '/api/dues/waivers',
          payload: {
            fund_id: w.fundId,
            member_id: member,
            months: [addMonths(CURRENT, Math.floor(next() * 10) - 5)],
            reason: 'Council decision',
          },
        })
      } else if (roll < 0.92) {
        const res = await w.call(w.admin, {
          method: 'POST',
          url: `/api/funds/${w.fundId}/rates`,
          payload: {
            amount: pick([0, 4000, 5000, 6000, 7500]),
            from_month: addMonths(CURRENT, Math.floor(next() * 8) - 3),
          },
        })
        expect(res.statusCode).toBe(201)
      } else {
        await w.call(w.clerk, {
          method: 'PUT',
          url: `/api/members/${member}/dues`,
          payload: {
            start_month: next() < 0.5 ? null : addMonths(CURRENT, -Math.floor(next() * 6)),
          },
        })
      }
    }
    const current = monthIndex(CURRENT)
    await expectAgreement(members, TODAY, current)
    // The months turn: rows of plain ledgers hold as they are, the others are worked out again.
    for (const later of [1, 3, 14]) {
      const at = new Date(TODAY.getTime() + later * 30.5 * 86_400_000)
      const month = monthIndex(monthFromIndex(current + later))
      await expectAgreement(members, at, month)
    }
  }, 120_000)

  it('are worked out after a rate change without waiting for a report', async () => {
    const members = [await w.member('2025-09-11'), await w.member('2025-11-20')]
    await expectAgreement(members, TODAY, monthIndex(CURRENT))
    const res = await w.call(w.admin, {
      method: 'POST',
      url: `/api/funds/${w.fundId}/rates`,
      payload: { amount: 4500, from_month: '2018-02' },
    })
    expect(res.statusCode).toBe(201)
    // No reader asks: the rows marked by the change come back current on their own.
    let rows = await rowsOf(w.fundId)
    for (let wait = 0; wait < 200 && [...rows.values()].some((r) => r.as_of === -1); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      rows = await rowsOf(w.fundId)
    }
    expect(rows.size).toBeGreaterThanOrEqual(members.length)
    for (const id of members) {
      const basis = (await findMemberDuesBasis(w.ctx.database.db, id))!
      const ledger = await loadLedger(w.ctx.database.db, basis, w.fundId)
      expect(rows.get(id)?.as_of).not.toBe(-1)
      expect(standingAgrees(rows.get(id)!, ledger, monthIndex(CURRENT), 1)).toBe(true)
    }
  })

  it('gives the arrears report the strip’s figures, and its total', async () => {
    const report = await w.call(w.admin, { url: '/api/reports/arrears?limit=500' })
    const body = report.json<ArrearsReport>()
    let total = 0
    for (const line of body.items) {
      const strip = await w.call(w.admin, { url: `/api/members/${line.member_id}/dues` })
      expect(strip.json<{ arrears: unknown }>().arrears).toEqual({
        months: line.months,
        amount: line.amount,
      })
      total += line.amount
    }
    expect(body.amount).toBe(total)
    expect(body.count).toBe(body.items.length)
  })

  it('counts a member created, or given another start, without a write to its dues', async () => {
    const lineOf = async (id: number) => {
      const report = await w.call(w.admin, { url: '/api/reports/arrears?limit=500' })
      const line = report.json<ArrearsReport>().items.find((l) => l.member_id === id)
      return line ? { months: line.months, amount: line.amount } : null
    }
    const stripOf = async (id: number) => {
      const strip = await w.call(w.admin, { url: `/api/members/${id}/dues` })
      return strip.json<{ arrears: { months: number; amount: number } }>().arrears
    }
    const fresh = await w.member('2025-09-11')
    expect((await stripOf(fresh)).months).toBeGreaterThan(0)
    expect(await lineOf(fresh)).toEqual(await stripOf(fresh))
    // Typed by hand: the trigger marks the member, the next report works its row out again.
    await w.ctx.database.db
      .updateTable('members')
      .set({ date_joined: '2025-12-15' })
      .where('id', '=', fresh)
      .execute()
    const moved = await stripOf(fresh)
    expect(moved.months).toBeLessThan(4)
    expect(moved.months > 0 ? await lineOf(fresh) : null).toEqual(moved.months > 0 ? moved : null)
  })
})
