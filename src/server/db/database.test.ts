import SQLite from 'better-sqlite3'
import { withStatementCache } from './database'

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
