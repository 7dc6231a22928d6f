import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { expectJsonNotFound } from '../testing/responses'
import { createTestApp, type TestContext } from '../testing/testApp'

const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<p>Abal</p>'.repeat(200)}</body></html>`
const ASSET = 'console.log("abal");'.repeat(50)
const ASSET_URL = '/app.0123abcd.js'

let staticDir: string
let ctx: TestContext

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-spa-'))
  const write = (name: string, content: string | Buffer) =>
    fs.writeFileSync(path.join(staticDir, name), content)
  write('index.html', INDEX_HTML)
  write('index.html.br', zlib.brotliCompressSync(INDEX_HTML))
  write('index.html.gz', zlib.gzipSync(INDEX_HTML))
  write('sw.js', 'self.addEventListener("fetch", () => {})')
  write('manifest.webmanifest', '{}')
  write('app.0123abcd.js', ASSET)
  write('app.0123abcd.js.br', zlib.brotliCompressSync(ASSET))
  write('app.0123abcd.js.gz', zlib.gzipSync(ASSET))
  ctx = await createTestApp({ staticDir })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('the built client', () => {
  it.each(['/', '/member/12', '/members', '/registration?x=1', '/login'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX_HTML)
    },
  )

  it.each(['/', '/login', '/members', '/member/12', '/registration?x=1', '/index.html'])(
    'answers %s with the precompressed index.html the client accepts',
    async (url) => {
      const br = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(br.statusCode).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(/^text\/html; charset=utf-8/)
      expect(br.headers['cache-control']).toBe('no-cache')
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      expect(br.headers['content-security-policy']).toMatch(/default-src 'self'/)
      expect(br.headers['x-frame-options']).toBe('DENY')
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML)

      const gz = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.headers.vary).toMatch(/accept-encoding/i)
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(INDEX_HTML)
    },
  )

  describe('with the sign-in page drawn at build time (login.html)', () => {
    const LOGIN_HTML = INDEX_HTML.replace(
      '<div id="root"></div>',
      '<div id="root"><form></form></div>',
    )
    const files = ['login.html', 'login.html.br']
    beforeAll(() => {
      fs.writeFileSync(path.join(staticDir, 'login.html'), LOGIN_HTML)
      fs.writeFileSync(path.join(staticDir, 'login.html.br'), zlib.brotliCompressSync(LOGIN_HTML))
    })
    afterAll(() => files.forEach((name) => fs.rmSync(path.join(staticDir, name))))

    it('answers /login with it, precompressed and never cached', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': 'br' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('br')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(LOGIN_HTML)
    })

    it.each(['/', '/members', '/login/x'])('still answers %s with index.html', async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.body).toBe(INDEX_HTML)
    })
  })

  it.each(['/index.html', '/sw.js'])('serves %s with no-cache', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves a hashed asset brotli-compressed and immutable', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET)
  })

  it('serves gzip to a client without brotli, and plain bytes to one without either', async () => {
    const gz = await ctx.app.inject({
      method: 'GET',
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['cache-control']).toBe(IMMUTABLE)
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET)

    const plain = await ctx.app.inject({ method: 'GET', url: ASSET_URL })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe(IMMUTABLE)
    expect(plain.body).toBe(ASSET)
  })

  it('caches an unhashed file briefly, not forever', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
  })

  it.each([
    ['GET', '/api/unknown'],
    ['GET', '/api/members/12/nothing'],
    ['GET', '/uploads/missing.jpg'],
    ['POST', '/member/12'],
  ] as const)('%s %s is a JSON 404, not the page', async (method, url) => {
    expectJsonNotFound(await ctx.app.inject({ method, url }))
  })

  it('does not serve files from outside the build', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' })
    expect(res.body).not.toMatch(/root:/)
  })
})

describe('without a built client', () => {
  it('says so in JSON instead of serving a page', async () => {
    const bare = await createTestApp({ staticDir: path.join(staticDir, 'not-there') })
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/members' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        success: false,
        message: expect.stringMatching(/npm run build/),
      })
    } finally {
      await bare.close()
    }
  })
})
