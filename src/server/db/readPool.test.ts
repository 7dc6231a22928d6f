// Search reads in worker threads (readPool.ts): they see what the main connection committed
// just before, and a failing statement rejects instead of hanging.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { searchMembers } from '../features/search/repository'
import { insertUser } from '../features/accounts/repository'
import { openDatabase, type DatabaseHandle } from './database'
import { migrateToLatest } from './migrate'
import { readRows, registerReadPool, SqliteReadPool } from './readPool'
import { seedMembers } from '../cli/seedMembers'

// The pool is SQLite's; these tests open a SQLite file of their own, so they run in the
// PostgreSQL suite too.
describe('the SQLite read pool', () => {
  let dir: string
  let database: DatabaseHandle
  let pool: SqliteReadPool
  const inWorkers: string[] = []

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-read-pool-'))
    database = openDatabase({ sqliteFile: path.join(dir, 'abal.sqlite') })
    await migrateToLatest(database.db)
    pool = new SqliteReadPool(path.join(dir, 'abal.sqlite'), 2)
    registerReadPool(database.db, pool, (query) => inWorkers.push(query.sql))
  })
  afterAll(async () => {
    await pool.close()
    await database.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('runs a search in a worker that sees a write committed just before it', async () => {
    const { db } = database
    const owner = await insertUser(db, 'pool-owner', 'x')
    await seedMembers(db, { ownerId: owner.id, ownerName: 'pool-owner', count: 200, seed: 5 })
    for (let i = 0; i < 30; i += 1) {
      const name = `Freshname${String.fromCharCode(97 + (i % 26))}${i}`
      inWorkers.length = 0
      await seedMembers(db, { ownerId: owner.id, ownerName: 'pool-owner', count: 1, seed: i })
      await db
        .updateTable('members')
        .set({ first_name: name, search_text: name.toLowerCase() })
        .where('id', '=', (eb) => eb.selectFrom('members').select((e) => e.fn.max('id').as('m')))
        .execute()
      const page = await searchMembers(db, { ownerId: owner.id, query: name })
      expect(page.items.map((item) => item.first_name)).toEqual([name])
      expect(page.total).toBe(1)
      // Matched, ranked and read by the workers, not on the main connection.
      expect(inWorkers.length).toBeGreaterThanOrEqual(2)
    }
  })

  it('answers a failing statement with its error', async () => {
    await expect(
      readRows(database.db, sql`select * from no_such_table`.compile(database.db)),
    ).rejects.toThrow(/no_such_table/)
    // A write is refused by the read-only connection.
    await expect(pool.all('delete from members returning id', [])).rejects.toThrow(/readonly/)
  })

  it('opens from openDatabase with readWorkers and closes with it', async () => {
    const handle = openDatabase({ sqliteFile: path.join(dir, 'abal.sqlite'), readWorkers: 1 })
    const page = await searchMembers(handle.db, { ownerId: 1, query: 'freshname' })
    expect(page.total).toBe(30)
    await handle.destroy()
  })
})
