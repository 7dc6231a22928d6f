import { Writable } from 'node:stream'
import { buildApp, LOG_REDACT } from './app'
import { insertUser } from './repositories/users'
import { hashPassword } from './services/passwords'
import { createTestDatabase, TEST_JWT_SECRET } from './testing/testApp'

// A distinctive password, so any trace of it in the log is unmistakable.
const PASSWORD = 'Kidane-Mihret-7431!'

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const database = await createTestDatabase()
    const app = await buildApp({
      db: database.db,
      dialect: database.dialect,
      jwtSecret: TEST_JWT_SECRET,
      logger: { level: 'info', redact: LOG_REDACT, stream },
    })
    try {
      await insertUser(database.db, 'logged', await hashPassword(PASSWORD))

      const failed = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'logged', password: `${PASSWORD}-wrong` },
      })
      expect(failed.statusCode).toBe(401)
      const ok = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'logged', password: PASSWORD },
      })
      expect(ok.statusCode).toBe(200)
      const token = (ok.json() as { token: string }).token
      const listed = await app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
      })
      expect(listed.statusCode).toBe(200)

      const log = lines.join('')
      // The log did record these requests; it just left the secrets out.
      expect(log).toMatch(/incoming request/)
      expect(log).toMatch(/sign-in refused/)
      expect(log).toMatch(/\/api\/users/)
      expect(log).not.toContain(PASSWORD)
      expect(log).not.toContain(token)
      for (const part of token.split('.')) expect(log).not.toContain(part)
    } finally {
      await app.close()
      await database.destroy()
    }
  })
})
