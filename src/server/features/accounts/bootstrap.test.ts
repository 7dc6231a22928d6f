import type { DatabaseHandle } from '../../db/database'
import { countUsers, findUserByUsername } from './repository'
import { buildTestApp, createTestDatabase } from '../../testing/testApp'
import { ensureFirstAdmin } from './bootstrap'

let database: DatabaseHandle

beforeEach(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.destroy())

async function signIn(username: string, password: string) {
  const app = await buildTestApp(database)
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
    })
    return res.statusCode
  } finally {
    await app.close()
  }
}

describe('ensureFirstAdmin', () => {
  it('creates "admin" with ABAL_ADMIN_PASSWORD, which then signs in', async () => {
    const result = await ensureFirstAdmin(database.db, 'configured password 1')
    expect(result).toEqual({ created: true, generatedPassword: undefined })
    const admin = await findUserByUsername(database.db, 'admin')
    expect(admin?.username).toBe('admin')
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/)
    expect(admin?.password_hash).not.toContain('configured password 1')
    expect(await signIn('admin', 'configured password 1')).toBe(200)
    expect(await signIn('admin', 'something else')).toBe(401)
  })

  it('generates a strong password, returns it once, and it signs in', async () => {
    const result = await ensureFirstAdmin(database.db, undefined)
    expect(result.created).toBe(true)
    const password = result.generatedPassword ?? ''
    expect(password.length).toBeGreaterThanOrEqual(16)
    expect(await signIn('admin', password)).toBe(200)

    const again = await ensureFirstAdmin(database.db, undefined)
    expect(again).toEqual({ created: false })
    expect(again.generatedPassword).toBeUndefined()
    expect(await countUsers(database.db)).toBe(1)
    // The generated password still works: the second call changed nothing.
    expect(await signIn('admin', password)).toBe(200)
  })

  it('creates nothing on a database that already has an account', async () => {
    await ensureFirstAdmin(database.db, 'configured password 1')
    expect(await ensureFirstAdmin(database.db, 'a different password')).toEqual({ created: false })
    expect(await countUsers(database.db)).toBe(1)
    expect(await signIn('admin', 'a different password')).toBe(401)
  })

  it('generates a different password each time', async () => {
    const first = await ensureFirstAdmin(database.db, undefined)
    const other = await createTestDatabase()
    try {
      const second = await ensureFirstAdmin(other.db, undefined)
      expect(second.generatedPassword).not.toBe(first.generatedPassword)
    } finally {
      await other.destroy()
    }
  })

  it.each([['1'], ['12345678'], ['password123'], ['          '], ['x'.repeat(1001)]])(
    'refuses to start with a weak ABAL_ADMIN_PASSWORD (%j) and creates nothing',
    async (weak) => {
      await expect(ensureFirstAdmin(database.db, weak)).rejects.toThrow(/ABAL_ADMIN_PASSWORD/)
      expect(await countUsers(database.db)).toBe(0)
    },
  )

  it('makes the first account an admin', async () => {
    await ensureFirstAdmin(database.db, 'configured password 1')
    expect((await findUserByUsername(database.db, 'admin'))?.role).toBe('admin')
  })
})
