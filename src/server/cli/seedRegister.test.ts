import { sql } from 'kysely'
import type { DatabaseHandle } from '../db/database'
import { isPostgres } from '../db/portable'
import type { Db } from '../db/tables'
import { insertUser } from '../features/accounts'
import { hashPassword } from '../features/accounts/passwords'
import { buildTestApp, createTestDatabase, signInOn } from '../testing/testApp'
import { seedHouseholds } from './seedHouseholds'
import { seedMembers } from './seedMembers'
import { seedRegister } from './seedRegister'

const PASSWORD = 'register seed password'
const MEMBER_KEYS = ['abeb', 'ሰላም', 'meron g', 'ab', 'x', 'ቀለ', '2015', 'qz']
const HOUSEHOLD_KEYS = ['', 'abeb', 'ሰላም', 'meron girma', 'ab', 'x', 'F-2-', 'qzx']

/** Both accounts; with 300 rows per insert, each account's members take several inserts. */
async function accountsOf(db: Db) {
  const hash = await hashPassword(PASSWORD)
  const small = await insertUser(db, 'small', hash)
  const big = await insertUser(db, 'big', hash)
  return [
    { ownerId: small.id, ownerName: small.username, count: 120, seed: 2 },
    { ownerId: big.id, ownerName: big.username, count: 800, seed: 1 },
  ]
}

/** Every row of a table in key order, without the times it was written at. */
async function rowsOf(db: Db, table: string, order: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
    order by ${sql.raw(order)}`.execute(db)
  return rows.map(({ created_at: _c, updated_at: _u, ...rest }) => rest)
}

/** What the register answers: searches, household lists and pages, as the owner sees them. */
async function answers(database: DatabaseHandle) {
  const app = await buildTestApp(database)
  try {
    const auth = await signInOn(app, 'big', PASSWORD)
    const get = async (url: string) => {
      const res = await app.inject({ url, headers: auth })
      expect(res.statusCode).toBe(200)
      // Without the times each row was written at, the one thing the two seeds differ in.
      return JSON.parse(res.body, (key, value: unknown) =>
        key === 'created_at' || key === 'updated_at' ? undefined : value,
      ) as { items?: { id: number }[] }
    }
    const found: Record<string, unknown> = {}
    for (const q of MEMBER_KEYS) {
      found[`members ${q}`] = await get(`/api/members/search?q=${encodeURIComponent(q)}`)
    }
    for (const q of HOUSEHOLD_KEYS) {
      found[`households ${q}`] = await get(`/api/households?q=${encodeURIComponent(q)}`)
    }
    const first = found['households '] as { items: { id: number }[] }
    for (const { id } of first.items.slice(0, 3)) {
      found[`household ${id}`] = await get(`/api/households/${id}`)
    }
    return found
  } finally {
    await app.close()
  }
}

/** The register's tables, and on PostgreSQL the copies its triggers keep and its indexes. */
async function register(db: Db) {
  const tables: Record<string, unknown> = {
    members: await rowsOf(db, 'members', 'id'),
    households: await rowsOf(db, 'households', 'id'),
    member_counts: await rowsOf(db, 'member_counts', 'owner_user_id, membership_status'),
    ministries: await rowsOf(db, 'member_ministry_counts', 'owner_user_id, ministry'),
    stale: await rowsOf(db, 'dues_standing_stale', 'payer, payer_id'),
  }
  if (isPostgres(db)) {
    tables.member_search = await rowsOf(db, 'member_search', 'member_id')
    // An index that must wait for older transactions (indcheckxmin) serves no query until then.
    const { rows } = await sql<{ definition: string; waits: boolean }>`
      select regexp_replace(pg_get_indexdef(i.indexrelid), '\\m\\w+\\.', '', 'g') as definition,
        i.indcheckxmin as waits
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace = current_schema()::regnamespace order by c.relname`.execute(db)
    tables.indexes = rows
  }
  return tables
}

describe('the bench’s register seed', () => {
  it('gives the register one member and one household at a time gives', async () => {
    const plain = await createTestDatabase()
    const fast = await createTestDatabase()
    try {
      const plainAccounts = await accountsOf(plain.db)
      for (const account of plainAccounts) await seedMembers(plain.db, { ...account, bulk: false })
      for (const { ownerId, ownerName } of plainAccounts) {
        await seedHouseholds(plain.db, { ownerId, ownerName })
      }
      const accounts = (await accountsOf(fast.db)).map((account) => ({ ...account, bulk: true }))
      const made = await seedRegister(fast.db, { accounts, rowsPerInsert: 300 })

      const expected = await register(plain.db)
      const got = await register(fast.db)
      expect((got.households as unknown[]).length).toBe(made)
      expect((got.members as unknown[]).length).toBe(920)
      expect(made).toBeGreaterThan(120)
      for (const table of Object.keys(expected)) {
        expect([table, got[table]]).toEqual([table, expected[table]])
      }

      const found = await answers(fast)
      expect(found).toEqual(await answers(plain))
      // The keys find something, or the comparison would hold for an empty register too.
      for (const key of ['members abeb', 'members ab', 'households abeb', 'households ab']) {
        expect((found[key] as { items: unknown[] }).items.length).toBeGreaterThan(0)
      }
    } finally {
      await plain.destroy()
      await fast.destroy()
    }
  }, 120_000)
})
