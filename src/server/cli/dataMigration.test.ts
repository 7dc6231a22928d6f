// npm run migrate-data: a seeded SQLite database is copied to the test database (PostgreSQL with
// TEST_DATABASE_URL, else another SQLite) and back to a fresh SQLite file, and every copied row,
// photo byte and history event must come through; the copies must then work as Abal databases.
import { insertFund, recountDuesSummaries, saveRateStep } from '../features/dues'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { runMigrateData } from './migrateData'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/tables'
import { insertCreateKey, insertUser } from '../features/accounts/repository'
import { listHouseholds } from '../features/households/repository'
import { memberCalls } from '../testing/memberCalls'
import { jpegWithGps, multipart, photoPart, registrationFields } from '../testing/memberForms'
import { appOn, lockedOnPostgres, PASSWORD, signIn } from '../testing/migrationCopies'
import { createTestDatabase, tempDirPerFile } from '../testing/testApp'
import { COPIED_TABLES, copyDatabase } from './dataMigration'
import { hashPassword } from '../features/accounts/passwords'
import { verifyChain } from '../features/history/service'

jest.setTimeout(120_000)

const tempDir = tempDirPerFile('abal-migrate-')

/** A SQLite Abal database with some of everything, made through the API where it can be. */
async function seededSqlite(file: string): Promise<DatabaseHandle> {
  const database = openDatabase({ sqliteFile: file })
  await migrateToLatest(database.db)
  const admin = await insertUser(database.db, 'office', await hashPassword(PASSWORD), {
    role: 'admin',
  })
  const made = await insertUser(database.db, 'clerk', await hashPassword(PASSWORD))
  // As if the office had added the clerk in the app with an Idempotency-Key.
  await insertCreateKey(database.db, { adminId: admin.id, key: 'account-0001', accountId: made.id })
  const app = await appOn(database)
  try {
    const office = await signIn(app, 'office')
    const clerk = await signIn(app, 'clerk')
    const calls = memberCalls(() => app)
    const jpeg = await jpegWithGps(400, 300)
    const withPhoto = await app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(
        registrationFields({ first_name: 'ሠላም', last_name: 'ገብሩ' }),
        [photoPart(jpeg)],
        office,
      ),
    })
    expect(withPhoto.statusCode).toBe(201)
    for (let i = 0; i < 7; i += 1) {
      await calls.create(i % 2 ? office : clerk, {
        first_name: `Member${i}`,
        phone_primary: `+25191100000${i}`,
      })
    }
    // A household with a member: members reference households, so the copy orders them.
    const household = await app.inject({
      method: 'POST',
      url: '/api/households',
      headers: clerk,
      payload: { name: 'የአቶ አበበ ቤተሰብ', number: 'F-1' },
    })
    expect(household.statusCode).toBe(201)
    const head = await calls.create(clerk, { first_name: 'Head' })
    const joined = await app.inject({
      method: 'PUT',
      url: `/api/households/${household.json<{ id: number }>().id}/members/${head.id}`,
      headers: clerk,
      payload: { role: 'head' },
    })
    expect(joined.statusCode).toBe(200)
    const gone = await calls.create(office, { first_name: 'Deleted' })
    const removed = await app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(registrationFields({ first_name: 'Binned' }), [photoPart(jpeg)], office),
    })
    expect((await calls.remove(office, gone.id)).statusCode).toBe(204)
    expect((await calls.remove(office, removed.json<{ id: number }>().id)).statusCode).toBe(204)
    const keyed = await app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(registrationFields({ first_name: 'Queued' }), [], {
        ...clerk,
        'idempotency-key': 'offline-queue-key-0001',
      }),
    })
    expect(keyed.statusCode).toBe(201)
    const csv = Buffer.from('first_name,last_name\nAlmaz,Bekele\n', 'utf8')
    const upload = await app.inject({
      method: 'POST',
      url: '/api/imports',
      ...multipart(
        {},
        [{ field: 'file', filename: 'a.csv', contentType: 'text/csv', data: csv }],
        office,
      ),
    })
    expect(upload.statusCode).toBe(200)
    await seedDues(app, database, office)
  } finally {
    await app.close()
  }
  return database
}

/** A row in each table of dues and gifts (issue 46), through the API where it has a route. */
async function seedDues(
  app: FastifyInstance,
  database: DatabaseHandle,
  office: { authorization: string },
): Promise<void> {
  const church = await app.inject({
    method: 'PUT',
    url: '/api/church',
    headers: office,
    payload: {
      name_en: 'Debre Selam',
      logo: `data:image/jpeg;base64,${(await jpegWithGps(40, 30)).toString('base64')}`,
    },
  })
  expect(church.statusCode).toBe(200)
  const db = database.db
  const now = new Date().toISOString()
  const member = await db.selectFrom('members').select('id').orderBy('id').executeTakeFirstOrThrow()
  const fundId = await insertFund(db, {
    kind: 'dues',
    payer: 'member',
    name_am: 'ወርሃዊ',
    name_en: 'Monthly',
    name_om: "Ji'aa",
    active: 1,
  })
  await saveRateStep(db, { fund_id: fundId, category: '', from_month: '2018-01', amount: 5000 })
  await db
    .insertInto('member_dues')
    .values({ member_id: member.id, category: 'student', start_month: '2018-01', updated_at: now })
    .execute()
  const household = await db.selectFrom('households').select('id').executeTakeFirstOrThrow()
  await db
    .insertInto('household_dues')
    .values({ household_id: household.id, start_month: '2018-02', updated_at: now })
    .execute()
  await db.insertInto('receipt_counters').values({ year: 2018, last_number: 1 }).execute()
  const payment = await db
    .insertInto('payments')
    .values({
      fund_id: fundId,
      member_id: member.id,
      household_id: null,
      amount: 5000,
      currency: 'ETB',
      method: 'cash',
      reference: null,
      received_on: '2025-09-20',
      receipt_year: 2018,
      receipt_number: '2018-000001',
      verify_code: 'c0de',
      recorded_by: 1,
      recorded_by_username: 'office',
      idempotency_key: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('payment_allocations')
    .values({
      payment_id: payment.id,
      fund_id: fundId,
      member_id: member.id,
      household_id: null,
      month: '2018-01',
      amount: 5000,
    })
    .execute()
  // The summaries the payment service would keep (decision 0265), copied with the rest.
  await recountDuesSummaries(db, new Date('2026-01-20T09:00:00Z'))
  await db
    .insertInto('dues_waivers')
    .values({
      fund_id: fundId,
      member_id: member.id,
      household_id: null,
      month: '2018-02',
      reason: 'Council',
      created_by: 1,
      created_at: now,
    })
    .execute()
  await db
    .insertInto('cash_days')
    .values({
      recorded_by: 1,
      day: '2025-09-20',
      payment_count: 1,
      total: 5000,
      closed_at: now,
      closed_by: 1,
      closed_by_username: 'office',
    })
    .execute()
}

async function dump(db: DatabaseHandle['db']): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  for (const table of COPIED_TABLES) {
    const rows = (await db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute()) as Record<string, unknown>[]
    out[table] = rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [
            k,
            v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v,
          ]),
        ),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  return out
}

describe('copyDatabase (npm run migrate-data)', () => {
  let source: DatabaseHandle
  let middle: DatabaseHandle
  let back: DatabaseHandle
  let seeded: Record<string, unknown[]>

  beforeAll(async () => {
    source = await seededSqlite(path.join(tempDir(), 'source.sqlite'))
    seeded = await dump(source.db)
    middle = await createTestDatabase()
    back = openDatabase({ sqliteFile: path.join(tempDir(), 'back.sqlite') })
  })
  afterAll(async () => {
    await source.destroy()
    await middle.destroy()
    await back.destroy()
  })

  it('copies every table row for row, photos byte for byte, there and back', async () => {
    // The seed has something in every copied table, so each is really compared.
    for (const table of COPIED_TABLES) expect(seeded[table].length).toBeGreaterThan(0)
    const lines: string[] = []
    // The copy migrates `middle`, a PostgreSQL schema when TEST_DATABASE_URL is set.
    const onMiddle = <T>(copy: () => Promise<T>) => lockedOnPostgres(middle, copy)
    const there = await onMiddle(() =>
      copyDatabase(source, middle, { rowsPerInsert: 3, log: (l) => lines.push(l) }),
    )
    expect(there.counts.members).toBe(seeded.members.length)
    expect(there.historyEvents).toBe(seeded.audit_events.length)
    expect(lines).toContain(`photos: ${seeded.photos.length} rows`)
    expect(await dump(middle.db)).toEqual(seeded)

    const home = await onMiddle(() => copyDatabase(middle, back, { rowsPerInsert: 2 }))
    expect(home.historyHead).toBe(there.historyHead)
    expect(await dump(back.db)).toEqual(seeded)
    const chain = await verifyChain(back.db)
    expect(chain).toEqual({
      intact: true,
      count: seeded.audit_events.length,
      head: there.historyHead,
    })
  })

  it('leaves a copy Abal can run on: sign-in, search, counts, and new ids past the copied', async () => {
    const app = await appOn(middle)
    try {
      const office = await signIn(app, 'office')
      const calls = memberCalls(() => app)
      const found = await calls.search(office, { q: 'ሰላም' })
      expect(found.items.map((m) => m.first_name)).toEqual(['ሠላም'])
      expect(found.items[0].photo_path).toMatch(/^uploads\//)
      const photo = await app.inject({ url: `/${found.items[0].photo_path}`, headers: office })
      expect(photo.statusCode).toBe(200)
      const all = await calls.search(office)
      expect(all.total).toBe(
        seeded.members.filter((m) => (m as { owner_user_id: number }).owner_user_id === 1).length,
      )
      const maxId = Math.max(...seeded.members.map((m) => (m as { id: number }).id))
      const fresh = await calls.create(office, { first_name: 'After' })
      expect(fresh.id).toBe(maxId + 1)
      const bin = await app.inject({ url: '/api/admin/deleted-members', headers: office })
      expect(bin.statusCode).toBe(200)
      expect(JSON.stringify(bin.json())).toContain('Binned')
      // The history goes on from the copied chain.
      expect((await verifyChain(middle.db)).intact).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('searches the copied households through their text index on either engine', async () => {
    // households_fts is derived: the households triggers fill it on a SQLite target.
    for (const copy of [middle, back]) {
      const search = async (query: string) =>
        (await listHouseholds(copy.db, { ownerId: null, query, limit: 10 })).map((h) => h.name)
      expect(await search('አበበ ቤተ')).toEqual(['የአቶ አበበ ቤተሰብ'])
      expect(await search('head')).toEqual(['የአቶ አበበ ቤተሰብ'])
      expect(await search('f-1')).toEqual(['የአቶ አበበ ቤተሰብ'])
      expect(await search('qzx')).toEqual([])
    }
  })

  it('refuses a target that holds rows, changing nothing, and replaces it with force', async () => {
    const before = await dump(back.db)
    const out = { text: '', write: (s: string) => ((out.text += s), true) }
    const err = { text: '', write: (s: string) => ((err.text += s), true) }
    const io = { stdout: out as never, stderr: err as never }
    const target = path.join(tempDir(), 'back.sqlite')
    const code = await runMigrateData(
      ['--from', path.join(tempDir(), 'source.sqlite'), '--to', target],
      io,
    )
    expect(code).toBe(1)
    expect(err.text).toMatch(/The target is not empty \(users: 2, households: 1, members: \d+/)
    expect(err.text).toContain('--force')
    expect(await dump(back.db)).toEqual(before)

    await insertUser(back.db, 'extra', 'x')
    const forced = await runMigrateData(
      ['--from', path.join(tempDir(), 'source.sqlite'), '--to', target, '--force'],
      io,
    )
    expect(err.text).not.toContain('Copy failed')
    expect(forced).toBe(0)
    expect(out.text).toMatch(/history intact: \d+ events/)
    expect(await dump(back.db)).toEqual(seeded)
  })

  it('answers a wrong call with usage and a missing source without creating anything', async () => {
    const err = { text: '', write: (s: string) => ((err.text += s), true) }
    const io = { stdout: { write: () => true } as never, stderr: err as never }
    expect(await runMigrateData(['--from', 'x.sqlite'], io)).toBe(2)
    expect(err.text).toContain('Usage: npm run migrate-data')
    const missing = path.join(tempDir(), 'nope.sqlite')
    const target = path.join(tempDir(), 'never.sqlite')
    expect(await runMigrateData(['--from', missing, '--to', target], io)).toBe(1)
    expect(err.text).toContain('does not exist')
    expect(fs.existsSync(target)).toBe(false)
    const same = path.join(tempDir(), 'source.sqlite')
    expect(await runMigrateData(['--from', same, '--to', same], io)).toBe(1)
    expect(err.text).toContain('the same database')
  })
})
