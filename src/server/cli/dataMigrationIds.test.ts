// npm run migrate-data never lets an id be handed out twice: a member in the restore bin, one
// purged from it (known only to the history) and a removed account keep their ids, so the copy's
// next registration and account come above every id the source ever gave (both directions).
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { deleteUser, insertUser } from '../features/accounts/repository'
import { memberCalls } from '../testing/memberCalls'
import { appOn, lockedOnPostgres, PASSWORD, signIn } from '../testing/migrationCopies'
import { createTestDatabase, tempDirPerFile } from '../testing/testApp'
import { copyDatabase } from './dataMigration'
import { hashPassword } from '../features/accounts/passwords'
import { purgeDeletedMembers } from '../features/restoreBin/service'

jest.setTimeout(120_000)

const tempDir = tempDirPerFile('abal-migrate-ids-')

async function withApp<T>(database: DatabaseHandle, run: (app: FastifyInstance) => Promise<T>) {
  const app = await appOn(database)
  try {
    return await run(app)
  } finally {
    await app.close()
  }
}

/** Registers a member on `database` and answers its id. */
async function register(database: DatabaseHandle, first: string): Promise<number> {
  return withApp(database, async (app) => {
    const office = await signIn(app, 'office')
    return (await memberCalls(() => app).create(office, { first_name: first })).id
  })
}

describe('ids after npm run migrate-data', () => {
  it('come above every id the source gave: binned, purged, and removed accounts', async () => {
    const source = openDatabase({ sqliteFile: path.join(tempDir(), 'source.sqlite') })
    const middle = await createTestDatabase()
    const back = openDatabase({ sqliteFile: path.join(tempDir(), 'back.sqlite') })
    try {
      await migrateToLatest(source.db)
      await insertUser(source.db, 'office', await hashPassword(PASSWORD), { role: 'admin' })
      const gone = await insertUser(source.db, 'gone', 'x')
      await deleteUser(source.db, gone.id)
      const [kept, binned, purged] = await withApp(source, async (app) => {
        const office = await signIn(app, 'office')
        const calls = memberCalls(() => app)
        const ids = []
        for (const first of ['Kept', 'Binned', 'Purged']) {
          ids.push((await calls.create(office, { first_name: first })).id)
        }
        expect((await calls.remove(office, ids[1])).statusCode).toBe(204)
        expect((await calls.remove(office, ids[2])).statusCode).toBe(204)
        return ids
      })
      // The last member leaves the bin for good: only the history still names its id.
      await source.db
        .updateTable('deleted_members')
        .set({ deleted_at: '2000-01-01T00:00:00.000Z' })
        .where('member_id', '=', purged)
        .execute()
      expect(await purgeDeletedMembers(source.db, new Date())).toEqual([purged])
      expect(kept).toBeLessThan(binned)
      expect(binned).toBeLessThan(purged)

      await lockedOnPostgres(middle, () => copyDatabase(source, middle))
      const there = await register(middle, 'There')
      expect(there).toBe(purged + 1)
      const account = await insertUser(middle.db, 'new-there', 'x')
      expect(account.id).toBeGreaterThan(gone.id)

      // And back: the one registered on the copy, then binned and purged, is not given again.
      await withApp(middle, async (app) => {
        const office = await signIn(app, 'office')
        expect((await memberCalls(() => app).remove(office, there)).statusCode).toBe(204)
      })
      await middle.db
        .updateTable('deleted_members')
        .set({ deleted_at: '2000-01-01T00:00:00.000Z' })
        .execute()
      expect(await purgeDeletedMembers(middle.db, new Date())).toEqual([binned, there])
      await deleteUser(middle.db, account.id)
      await lockedOnPostgres(middle, () => copyDatabase(middle, back))
      expect(await register(back, 'Back')).toBe(there + 1)
      expect((await insertUser(back.db, 'new-back', 'x')).id).toBeGreaterThan(account.id)
    } finally {
      await source.destroy()
      await middle.destroy()
      await back.destroy()
    }
  })

  it('on either engine, a purged member with the highest id keeps it to itself', async () => {
    const database = await createTestDatabase()
    try {
      await insertUser(database.db, 'office', await hashPassword(PASSWORD), { role: 'admin' })
      const last = await withApp(database, async (app) => {
        const office = await signIn(app, 'office')
        const calls = memberCalls(() => app)
        await calls.create(office, { first_name: 'First' })
        const id = (await calls.create(office, { first_name: 'Last' })).id
        expect((await calls.remove(office, id)).statusCode).toBe(204)
        return id
      })
      await database.db
        .updateTable('deleted_members')
        .set({ deleted_at: '2000-01-01T00:00:00.000Z' })
        .execute()
      expect(await purgeDeletedMembers(database.db, new Date())).toEqual([last])
      expect(await register(database, 'Next')).toBe(last + 1)
    } finally {
      await database.destroy()
    }
  })

  it('come above the payers, funds and payments that receipts still name', async () => {
    const source = openDatabase({ sqliteFile: path.join(tempDir(), 'money.sqlite') })
    const target = await createTestDatabase()
    try {
      await migrateToLatest(source.db)
      await insertUser(source.db, 'office', await hashPassword(PASSWORD), { role: 'admin' })
      const paid = await withApp(source, async (app) => {
        const office = await signIn(app, 'office')
        const post = async (url: string, payload: object) => {
          const res = await app.inject({ method: 'POST', url, headers: office, payload })
          expect(res.statusCode).toBeLessThan(300)
          return res.json<{ id: number }>().id
        }
        const fund = await post('/api/funds', { kind: 'gift', name_en: 'Building' })
        const member = (await memberCalls(() => app).create(office, { first_name: 'Gave' })).id
        const household = await post('/api/households', { name: 'Family Gave' })
        const familyFund = await post('/api/funds', {
          kind: 'dues',
          payer: 'household',
          name_en: 'Family dues',
        })
        await post(`/api/funds/${familyFund}/rates`, { amount: 8000, from_month: '2018-01' })
        const payment = await post('/api/payments', {
          fund_id: fund,
          member_id: member,
          amount: 5000,
          method: 'cash',
          received_on: '2025-09-20',
        })
        await post('/api/payments', {
          fund_id: familyFund,
          household_id: household,
          amount: 8000,
          method: 'cash',
          received_on: '2025-09-20',
        })
        return { fund, member, household, payment }
      })
      // The payers are gone, and so are the history and every counter that knew their ids (a
      // copy made row by row): only the receipts still name them.
      await source.db.deleteFrom('audit_events').execute()
      await source.db.deleteFrom('payment_allocations').execute()
      await source.db.deleteFrom('payments').where('id', '>', paid.payment).execute()
      await source.db.deleteFrom('members').execute()
      await source.db.deleteFrom('households').execute()
      await sql`delete from sqlite_sequence`.execute(source.db)
      await source.db
        .insertInto('payments')
        .values({
          ...(await source.db
            .selectFrom('payments')
            .selectAll()
            .where('id', '=', paid.payment)
            .executeTakeFirstOrThrow()),
          id: paid.payment + 1,
          member_id: null,
          household_id: paid.household,
          receipt_number: 'R-X',
          verify_code: 'verify-x',
        })
        .execute()
      await lockedOnPostgres(target, () => copyDatabase(source, target))
      expect(await register(target, 'There')).toBeGreaterThan(paid.member)
      const household = await withApp(target, async (app) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/households',
          headers: await signIn(app, 'office'),
          payload: { name: 'New' },
        })
        return res.json<{ id: number }>()
      })
      expect(household.id).toBeGreaterThan(paid.household)
    } finally {
      await source.destroy()
      await target.destroy()
    }
  })
})
