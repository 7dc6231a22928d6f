// A dues report's .xlsx is built in memory: an account builds two at a time, a third waits (429).
import { duesWorld, type DuesWorld } from '../../testing/duesWorld'
import { REPORT_FILES_BUSY, reportFileSlots } from './reportRoutes'

const files = reportFileSlots()
let w: DuesWorld
beforeAll(async () => {
  w = await duesWorld({ reportFiles: files })
})
afterAll(() => w.ctx.close())

const arrears = (who: DuesWorld['admin'], query = '&format=xlsx') =>
  w.call(who, { url: `/api/reports/arrears?owner=all${query}` })

describe('the dues reports’ files, per account', () => {
  it('refuses a third at once with 429 and Retry-After; pages and other accounts go on', async () => {
    // Two of the admin's files still being built.
    const first = files.acquire(w.admin.id)
    const second = files.acquire(w.admin.id)
    try {
      const refused = await arrears(w.admin)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.json()).toEqual({ success: false, message: REPORT_FILES_BUSY })
      // The report on screen is a page, not a file: never held back.
      expect((await arrears(w.admin, '')).statusCode).toBe(200)
      expect((await arrears(w.auditor)).statusCode).toBe(200)
    } finally {
      first()
      second()
    }
    const ok = await arrears(w.admin)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/spreadsheetml/)
    // Each file gave its place back, refused or sent.
    expect(files.inUse(w.admin.id)).toBe(0)
    expect(files.inUse(w.auditor.id)).toBe(0)
  })
})
