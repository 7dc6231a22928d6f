// The member list's and the history's downloads are long reads: two at a time per account.
import { createTestApp, createUserAndSignIn, type TestContext } from '../../../testing/testApp'
import { downloadSlots, DOWNLOADS_BUSY } from '../spreadsheetDownload'

const slots = downloadSlots()
let ctx: TestContext
let admin: Awaited<ReturnType<typeof createUserAndSignIn>>
let clerk: Awaited<ReturnType<typeof createUserAndSignIn>>

beforeAll(async () => {
  ctx = await createTestApp({ downloads: slots })
  admin = await createUserAndSignIn(ctx, 'downloads-admin', undefined, { role: 'admin' })
  clerk = await createUserAndSignIn(ctx, 'downloads-clerk')
})
afterAll(() => ctx.close())

const download = (who: { auth: { authorization: string } }, url: string) =>
  ctx.app.inject({ url, headers: who.auth })

describe('the streamed downloads, per account', () => {
  it.each(['/api/members/export?format=csv', '/api/audit/export?format=csv'])(
    '%s: a third at once is refused with 429 and Retry-After; other accounts go on',
    async (url) => {
      // Two of the admin's downloads still being written.
      const first = slots.acquire(admin.id)
      const second = slots.acquire(admin.id)
      try {
        const refused = await download(admin, url)
        expect(refused.statusCode).toBe(429)
        expect(refused.headers['retry-after']).toBe('5')
        expect(refused.json()).toEqual({ success: false, message: DOWNLOADS_BUSY })
        expect((await download(clerk, '/api/members/export?format=csv')).statusCode).toBe(200)
      } finally {
        first()
        second()
      }
      const sent = await download(admin, url)
      expect(sent.statusCode).toBe(200)
      expect(sent.headers['content-type']).toMatch(/text\/csv/)
      // Each download gave its place back, refused or sent.
      expect(slots.inUse(admin.id)).toBe(0)
      expect(slots.inUse(clerk.id)).toBe(0)
    },
  )
})
