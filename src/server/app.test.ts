import { LOG_REDACT } from './app'
import { insertUser } from './features/accounts/repository'
import { hashPassword } from './features/accounts/passwords'
import { buildTestApp, createTestDatabase } from './testing/testApp'
import { collectOutput } from './testing/collectOutput'

// A distinctive password, so any trace of it in the log is unmistakable.
const PASSWORD = 'Kidane-Mihret-7431!'

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const { stream, text } = collectOutput()
    const database = await createTestDatabase()
    const app = await buildTestApp(database, {
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

      const log = text()
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
