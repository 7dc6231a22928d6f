import { decodeJwt, decodeProtectedHeader } from 'jose'
import { insertUser, setUserDisabled } from '../../accounts/repository'
import { LoginThrottle, MAX_ADDRESS_FAILURES, MAX_FAILURES, WINDOW_MS } from '../loginThrottle'
import { WorkQueue } from '../../../platform/workQueue'
import { hashPassword } from '../../accounts/passwords'
import { createTestApp, testAppPerFile } from '../../../testing/testApp'
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, usernameDigest } from './login'
import { collectOutput } from '../../../testing/collectOutput'

const PASSWORD = 'correct horse battery'

const { ctx } = testAppPerFile({}, { throttle: new LoginThrottle(() => now) })
// A clock the throttle reads, so a test can let the 15-minute window pass.
let now = Date.now()

async function addUser(username: string, password = PASSWORD) {
  return insertUser(ctx.database.db, username, await hashPassword(password))
}

function login(username: unknown, password: unknown, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
  })
}

describe('POST /api/login', () => {
  it('returns a token and the user on success', async () => {
    const user = await addUser('maryam')
    const res = await login('maryam', PASSWORD)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: { id: user.id, username: 'maryam', role: 'clerk', must_change_password: false },
    })
    expect(decodeProtectedHeader(body.token).alg).toBe('HS256')
    const claims = decodeJwt(body.token)
    expect(claims).toMatchObject({ id: user.id, username: 'maryam' })
    const lifetime = (claims.exp ?? 0) - Date.now() / 1000
    expect(lifetime).toBeGreaterThan(12 * 3600 - 60)
    expect(lifetime).toBeLessThanOrEqual(12 * 3600 + 1)
  })

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    await addUser('yonas')
    for (const res of [await login('yonas', 'wrong password'), await login('nobody', PASSWORD)]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, message: INVALID_CREDENTIALS })
      expect(res.json()).not.toHaveProperty('token')
    }
  })

  it('matches the username ignoring case and surrounding spaces', async () => {
    const user = await addUser('Tigist')
    for (const typed of ['tigist', 'TIGIST', '  Tigist ']) {
      const res = await login(typed, PASSWORD)
      expect(res.statusCode).toBe(200)
      expect(res.json().user).toMatchObject({ id: user.id, username: 'Tigist' })
    }
  })

  // SQLite's lower() folds ASCII only; the lookup must still find names in other scripts.
  it.each(['Émile', 'ሰላም'])('signs in the non-ASCII username %s', async (username) => {
    await addUser(username)
    const res = await login(username, PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.username).toBe(username)
  })

  it.each([
    ['no fields', {}],
    ['no password', { username: 'maryam' }],
    ['no username', { password: PASSWORD }],
    ['empty strings', { username: '', password: '' }],
    ['objects', { username: { $ne: '' }, password: ['x'] }],
  ])('answers 400 in the API error shape for %s', async (_case, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ success: false, message: expect.any(String) })
  })

  it('answers 400 in the API error shape for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "maryam", ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: expect.any(String) })
  })

  it('refuses a disabled account as if the password were wrong', async () => {
    const user = await addUser('dawit')
    await setUserDisabled(ctx.database.db, user.id, true)
    const res = await login('dawit', PASSWORD)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: INVALID_CREDENTIALS })
  })
})

describe('sign-in throttling', () => {
  async function failTimes(username: string, times: number, remoteAddress: string) {
    for (let i = 0; i < times; i++) {
      const res = await login(username, 'not the password', remoteAddress)
      expect(res.statusCode).toBe(401)
    }
  }

  it('blocks a username from one address after 10 failures, even with the right password', async () => {
    await addUser('hana')
    await failTimes('hana', MAX_FAILURES, '10.0.0.1')
    const res = await login('hana', PASSWORD, '10.0.0.1')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ success: false, message: TOO_MANY_ATTEMPTS })
    expect(TOO_MANY_ATTEMPTS).toMatch(/15 minutes/)
    // Another spelling of the same name is the same account.
    expect((await login('HANA', PASSWORD, '10.0.0.1')).statusCode).toBe(429)
  })

  it('leaves other usernames and other addresses alone', async () => {
    await addUser('kebede')
    await addUser('lulit')
    await failTimes('kebede', MAX_FAILURES, '10.0.0.2')
    expect((await login('kebede', PASSWORD, '10.0.0.2')).statusCode).toBe(429)
    expect((await login('kebede', PASSWORD, '10.0.0.3')).statusCode).toBe(200)
    expect((await login('lulit', PASSWORD, '10.0.0.2')).statusCode).toBe(200)
  })

  it('starts counting again after a success', async () => {
    await addUser('selam')
    await failTimes('selam', MAX_FAILURES - 1, '10.0.0.4')
    expect((await login('selam', PASSWORD, '10.0.0.4')).statusCode).toBe(200)
    await failTimes('selam', MAX_FAILURES - 1, '10.0.0.4')
    expect((await login('selam', PASSWORD, '10.0.0.4')).statusCode).toBe(200)
  })

  it('lets the address try again once the window has passed', async () => {
    await addUser('abel')
    await failTimes('abel', MAX_FAILURES, '10.0.0.5')
    expect((await login('abel', PASSWORD, '10.0.0.5')).statusCode).toBe(429)
    now += WINDOW_MS + 1000
    expect((await login('abel', PASSWORD, '10.0.0.5')).statusCode).toBe(200)
  })
})

describe('behind a reverse proxy', () => {
  // The proxy (10.9.0.1) appends the address it saw; whatever the client wrote before it is
  // not to be believed.
  async function proxiedApp(trustProxy: number | string[]) {
    const proxied = await createTestApp({ trustProxy, throttle: new LoginThrottle() })
    await insertUser(proxied.database.db, 'ruth', await hashPassword(PASSWORD))
    const attempt = (forwardedFor: string, password = 'not the password') =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'ruth', password },
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    return { proxied, attempt }
  }

  it.each([[1], [['10.9.0.0/16']]])(
    'throttles the right-most untrusted address with TRUST_PROXY %j, not a forged one',
    async (trustProxy) => {
      const { proxied, attempt } = await proxiedApp(trustProxy)
      try {
        for (let i = 0; i < MAX_FAILURES; i++) {
          const res = await attempt(`198.51.100.${i}, 203.0.113.7`)
          expect(res.statusCode).toBe(401)
        }
        expect((await attempt(`192.0.2.99, 203.0.113.7`, PASSWORD)).statusCode).toBe(429)
        // Another real client behind the same proxy is not locked out.
        expect((await attempt('203.0.113.8', PASSWORD)).statusCode).toBe(200)
      } finally {
        await proxied.close()
      }
    },
  )
})

describe('sign-in floods', () => {
  it('caps failures per address across usernames, with Retry-After', async () => {
    await addUser('meseret')
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      expect((await login(`guess${i}`, 'not the password', '10.0.1.1')).statusCode).toBe(401)
    }
    const blocked = await login('meseret', PASSWORD, '10.0.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ success: false, message: TOO_MANY_ATTEMPTS })
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000)
    expect((await login('meseret', PASSWORD, '10.0.1.2')).statusCode).toBe(200)
  })

  it('counts sign-ins still being checked: 600 at once from one address mostly get 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => login(`flood${i}`, 'not the password', '10.0.2.1')),
    )
    const codes = answers.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(MAX_ADDRESS_FAILURES)
    expect(codes.every((code) => [401, 429, 503].includes(code))).toBe(true)
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(
      600 - MAX_ADDRESS_FAILURES,
    )
  })

  it('bounds concurrent password checks: beyond the queue, 503 with Retry-After', async () => {
    const flooded = await createTestApp({
      trustProxy: ['10.9.0.1'],
      hashing: new WorkQueue({ concurrency: 2, maxQueued: 4, busyMessage: 'busy', retryAfter: 3 }),
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          flooded.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: `someone${i}`, password: 'not the password' },
            remoteAddress: '10.9.0.1',
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
          }),
        ),
      )
      const refused = answers.filter((res) => res.statusCode === 503)
      expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(6)
      expect(refused).toHaveLength(34)
      expect(refused[0].headers['retry-after']).toBe('3')
      expect(refused[0].json()).toEqual({ success: false, message: 'busy' })
    } finally {
      await flooded.close()
    }
  })
})

describe('what sign-in leaves behind', () => {
  it('answers with Cache-Control: no-store, success or not', async () => {
    await addUser('negash')
    for (const res of [await login('negash', PASSWORD), await login('negash', 'wrong one')]) {
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('logs a refused sign-in by a short hash of the username, never the typed text', async () => {
    const { stream, text } = collectOutput()
    const logged = await createTestApp({ logger: { level: 'info', stream } })
    try {
      const typed = 'my-Secret-Passw0rd typed as the username'
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: typed, password: 'whatever' },
      })
      expect(res.statusCode).toBe(401)
      const log = text()
      expect(log).toContain('sign-in refused')
      expect(log).toContain(usernameDigest(typed))
      expect(log).not.toContain('Secret')
      expect(usernameDigest(typed)).toMatch(/^[0-9a-f]{12}$/)
    } finally {
      await logged.close()
    }
  })
})
