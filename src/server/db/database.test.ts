import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { openDatabase, withStatementCache } from './database'

describe('the SQLite statement cache', () => {
  it('prepares a statement once per SQL text and keeps at most 256, dropping the oldest', () => {
    const sqlite = new SQLite(':memory:')
    const prepare = jest.spyOn(sqlite, 'prepare')
    const cached = withStatementCache(sqlite)
    const first = cached.prepare('select 1 as n')
    expect(cached.prepare('select 1 as n')).toBe(first)
    expect(first.all([])).toEqual([{ n: 1 }])
    expect(prepare).toHaveBeenCalledTimes(1)

    // `in (…)` lists of every length: 300 texts; the first has gone, a recent one is kept.
    for (let i = 1; i <= 300; i += 1) cached.prepare(`select ${i} as m`)
    prepare.mockClear()
    cached.prepare('select 300 as m')
    expect(prepare).not.toHaveBeenCalled()
    expect(cached.prepare('select 1 as n')).not.toBe(first)
    expect(prepare).toHaveBeenCalledTimes(1)

    cached.close()
    expect(sqlite.open).toBe(false)
  })
})

describe('a transaction SQLite has already rolled back', () => {
  // On SQLITE_FULL or an I/O error during a write SQLite may end the transaction itself; the
  // error the route sees must be that one, not "cannot rollback - no transaction is active".
  it('fails with the real error, not the rollback that finds nothing to roll back', async () => {
    const handle = openDatabase({ sqliteFile: ':memory:' })
    try {
      await sql`create table t (x integer)`.execute(handle.db)
      const outcome = handle.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx)
        await sql`rollback`.execute(trx)
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
      })
      await expect(outcome).rejects.toMatchObject({ code: 'SQLITE_FULL' })
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)
      expect(rows[0].n).toBe(0)
      // The connection is fine afterwards.
      await handle.db.transaction().execute((trx) => sql`insert into t values (2)`.execute(trx))
    } finally {
      await handle.destroy()
    }
  })
})
