import { createHash } from 'node:crypto'
import { START_APP_SCRIPT } from '../../platform/startAppScript'
import { expectJsonNotFound } from '../../testing/responses'
import { buildTestApp, createTestDatabase, testAppPerFile } from '../../testing/testApp'

const { ctx } = testAppPerFile({}, { version: { version: '1.2.3', build: 'build-42' } })

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  )
}

describe('health, test-db and version', () => {
  it('GET /health answers ok with the version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', version: '1.2.3' })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('GET /api/test-db reports the dialect and latency, and no data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test-db' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['database', 'dialect', 'latency_ms', 'success'])
    expect(body).toMatchObject({
      success: true,
      database: 'connected',
      dialect: ctx.database.dialect,
    })
    expect(body.latency_ms).toBeGreaterThanOrEqual(0)
  })

  it('GET /api/test-db answers 503 without details when the database is gone', async () => {
    const database = await createTestDatabase()
    const app = await buildTestApp(database)
    await database.destroy()
    const res = await app.inject({ method: 'GET', url: '/api/test-db' })
    await app.close()
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ success: false, message: 'Database unavailable' })
  })

  it('GET /version.json returns the build and is never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/version.json' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ version: '1.2.3', build: 'build-42' })
    expect(res.headers['cache-control']).toMatch(/no-cache/)
    expect(res.headers['cache-control']).toMatch(/no-store/)
  })

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    expectJsonNotFound(await ctx.app.inject({ method, url }))
  })
})

describe('security headers', () => {
  it.each([
    ['GET', '/health'],
    ['GET', '/api/users'],
    ['POST', '/api/login'],
    ['GET', '/api/nothing-here'],
  ] as const)('are on %s %s', async (method, url) => {
    const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
    const csp = directives(String(res.headers['content-security-policy']))
    // Scripts from the app's origin only, and one inline script: the sign-in page's starter,
    // allowed by the SHA-256 of its text (decision 0376).
    const starter = createHash('sha256').update(START_APP_SCRIPT, 'utf8').digest('base64')
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${starter}'`])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    for (const [name, values] of csp) {
      if (name !== 'style-src') expect(values).not.toContain("'unsafe-inline'")
      expect(values).not.toContain("'unsafe-eval'")
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('server errors', () => {
  it('answer 500 in the API shape with no stack or internal message', async () => {
    const database = await createTestDatabase()
    const app = await buildTestApp(database)
    app.get('/api/boom', async () => {
      throw new Error('connection to 10.1.2.3 failed in /srv/abal/secret.ts')
    })
    app.get('/api/boom-sync', () => {
      throw new TypeError('Cannot read properties of undefined')
    })
    await app.ready()
    try {
      for (const url of ['/api/boom', '/api/boom-sync']) {
        const res = await app.inject({ method: 'GET', url })
        expect(res.statusCode).toBe(500)
        expect(res.json()).toEqual({ success: false, message: 'Internal server error' })
        expect(res.body).not.toMatch(/10\.1\.2\.3|secret\.ts|undefined|at |stack/)
        // The security headers go on the error's answer too.
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
        expect(res.headers['x-content-type-options']).toBe('nosniff')
      }
    } finally {
      await app.close()
      await database.destroy()
    }
  })
})
