import { SignJWT } from 'jose'
import { deleteUser, setUserDisabled } from '../accounts/repository'
import { createUserAndSignIn, TEST_JWT_SECRET, testAppPerFile } from '../../testing/testApp'

const {
  ctx,
  users: { user },
} = testAppPerFile({ user: 'auth-user' })

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const nowSeconds = () => Math.floor(Date.now() / 1000)

function signWith(
  secret: string,
  claims: Record<string, unknown>,
  options: { alg?: string; exp?: number } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? nowSeconds() + 3600)
    .sign(new TextEncoder().encode(secret))
}

function getUsers(authorization?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/users',
    headers: authorization === undefined ? {} : { authorization },
  })
}

function expect401(res: Awaited<ReturnType<typeof getUsers>>) {
  expect(res.statusCode).toBe(401)
  expect(res.json()).toEqual({ success: false, message: expect.any(String) })
}

describe('authentication on GET /api/users', () => {
  it('lets a valid token in', async () => {
    expect((await getUsers(`Bearer ${user.token}`)).statusCode).toBe(200)
  })

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['the token without "Bearer"', 'TOKEN'],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['a malformed token', 'Bearer not.a.jwt'],
    ['garbage', 'Bearer ☃☃☃'],
  ])('refuses %s', async (_case, header) => {
    const value = header === 'TOKEN' ? user.token : header
    expect401(await getUsers(value))
  })

  it('refuses a token whose payload was changed', async () => {
    const [header, , signature] = user.token.split('.')
    const forged = base64url({
      id: user.id + 1000,
      username: 'someone-else',
      exp: nowSeconds() + 3600,
    })
    expect401(await getUsers(`Bearer ${header}.${forged}.${signature}`))
  })

  it('refuses a token whose signature was changed', async () => {
    const [header, payload, signature] = user.token.split('.')
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect401(await getUsers(`Bearer ${header}.${payload}.${flipped}`))
  })

  it('refuses an unsigned "alg: none" token', async () => {
    const header = base64url({ alg: 'none', typ: 'JWT' })
    const payload = base64url({ id: user.id, username: user.username, exp: nowSeconds() + 3600 })
    expect401(await getUsers(`Bearer ${header}.${payload}.`))
  })

  it('refuses an expired token', async () => {
    const token = await signWith(
      TEST_JWT_SECRET,
      { id: user.id, username: user.username },
      { exp: nowSeconds() - 60 },
    )
    expect401(await getUsers(`Bearer ${token}`))
  })

  it('refuses a token signed with another secret', async () => {
    const token = await signWith('another-secret-that-is-also-long-enough-0123456789', {
      id: user.id,
      username: user.username,
    })
    expect401(await getUsers(`Bearer ${token}`))
  })

  it('refuses another algorithm even with the right secret', async () => {
    const token = await signWith(
      TEST_JWT_SECRET,
      { id: user.id, username: user.username },
      { alg: 'HS512' },
    )
    expect401(await getUsers(`Bearer ${token}`))
  })

  it('refuses a well-signed token without the expected claims', async () => {
    const token = await signWith(TEST_JWT_SECRET, { id: String(user.id), username: user.username })
    expect401(await getUsers(`Bearer ${token}`))
  })

  it('shuts out a disabled account at once, and lets it back when enabled', async () => {
    const other = await createUserAndSignIn(ctx, 'soon-disabled')
    await setUserDisabled(ctx.database.db, other.id, true)
    expect401(await getUsers(`Bearer ${other.token}`))
    await setUserDisabled(ctx.database.db, other.id, false)
    expect((await getUsers(`Bearer ${other.token}`)).statusCode).toBe(200)
  })

  it('shuts out a deleted account at once', async () => {
    const other = await createUserAndSignIn(ctx, 'soon-deleted')
    await deleteUser(ctx.database.db, other.id)
    expect401(await getUsers(`Bearer ${other.token}`))
  })
})
