// A write aborted because another transaction held what it needed is a 503 the client may
// retry (Retry-After), not a 500: nothing was saved and trying again is the remedy.
import Fastify from 'fastify'
import { BUSY_TRY_AGAIN, isContention, registerErrorHandling } from './errors'

describe('a request aborted by a concurrent change', () => {
  it.each(['40P01', '40001', '55P03', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED'])(
    'answers %s with 503, Retry-After and "try again"',
    async (code) => {
      const app = Fastify()
      registerErrorHandling(app)
      app.get('/', async () => {
        throw Object.assign(new Error('deadlock detected'), { code })
      })
      const res = await app.inject({ url: '/' })
      await app.close()
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('1')
      expect(res.json()).toEqual({ success: false, message: BUSY_TRY_AGAIN })
    },
  )

  it.each([[{ code: '23505' }], [{ code: 'SQLITE_CONSTRAINT' }], [{ code: 40001 }], [{}], [null]])(
    'leaves %j to the other answers',
    (error) => {
      expect(isContention(error)).toBe(false)
    },
  )
})
