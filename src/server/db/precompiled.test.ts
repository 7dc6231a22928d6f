import { insertUser } from '../features/accounts/repository'
import { createTestDatabase } from '../testing/testApp'
import type { DatabaseHandle } from './database'
import { precompile } from './precompiled'

describe('precompiled queries', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
    for (const name of ['ana', 'bo', 'cy']) await insertUser(database.db, name, 'hash')
  })
  afterAll(() => database.destroy())

  const usersAfter = precompile<{ after: string; take: number }, { username: string }>(
    (db, param) =>
      db
        .selectFrom('users')
        .select('username')
        .where('disabled', '=', 0)
        .where('username', '>', param('after'))
        .orderBy('username')
        .limit(param('take')),
  )

  it('compiles once and runs with each call’s values, keeping the query’s own constants', async () => {
    const compile = jest.spyOn(database.db.getExecutor(), 'compileQuery')
    expect(await usersAfter.execute(database.db, { after: 'a', take: 5 })).toEqual([
      { username: 'ana' },
      { username: 'bo' },
      { username: 'cy' },
    ])
    expect(await usersAfter.execute(database.db, { after: 'ana', take: 1 })).toEqual([
      { username: 'bo' },
    ])
    expect(compile).toHaveBeenCalledTimes(1)
    compile.mockRestore()
  })

  it('runs inside a transaction of the same database', async () => {
    const rows = await database.db
      .transaction()
      .execute((trx) => usersAfter.execute(trx, { after: 'bo', take: 5 }))
    expect(rows).toEqual([{ username: 'cy' }])
  })

  it('refuses a value that does not end up as a parameter', async () => {
    const unused = precompile<{ id: number }, { id: number }>((db, param) => {
      param('id')
      return db.selectFrom('users').select('id')
    })
    await expect(unused.execute(database.db, { id: 1 })).rejects.toThrow(
      'precompile: "id" is not a parameter',
    )
  })
})
