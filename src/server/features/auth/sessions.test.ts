// Server-side sessions (issue 23 finding 3): logout and password changes end tokens at once.
import { Readable, Writable } from 'node:stream'
import { runUsersCommand } from '../../cli/users'
import { historyDetails } from '../../testing/historyEvents'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../testing/testApp'

let ctx: TestContext

beforeEach(async () => {
  ctx = await createTestApp()
})
afterEach(() => ctx.close())

const PASSWORD = 'correct horse battery'

async function signIn(username: string, password = PASSWORD) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  })
  return res.statusCode === 200 ? { authorization: `Bearer ${res.json().token as string}` } : null
}

const usersStatus = async (auth: { authorization: string }) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: auth })).statusCode

async function cli(argv: string[], input = '') {
  const sink = new Writable({ write: (_c, _e, done) => done() })
  return runUsersCommand(argv, {
    db: ctx.database.db,
    stdin: Readable.from([input]),
    stdout: sink,
    stderr: sink,
    isTTY: false,
  })
}

describe('POST /api/logout', () => {
  it("ends the token's session and only that one", async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const otherDevice = (await signIn('maryam'))!
    expect(await usersStatus(user.auth)).toBe(200)
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.auth })
    expect(out.statusCode).toBe(204)
    expect(await usersStatus(user.auth)).toBe(401)
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.auth })).statusCode,
    ).toBe(401)
    expect(await usersStatus(otherDevice)).toBe(200)
  })

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401)
  })
})

describe('POST /api/me/password', () => {
  const change = (auth: { authorization: string }, current: string, next: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: auth,
      payload: { current_password: current, new_password: next },
    })

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const otherDevice = (await signIn('maryam'))!
    expect((await change(user.auth, PASSWORD, 'a brand new secret')).statusCode).toBe(204)
    expect(await usersStatus(user.auth)).toBe(200)
    expect(await usersStatus(otherDevice)).toBe(401)
    expect(await signIn('maryam')).toBeNull()
    expect(await signIn('maryam', 'a brand new secret')).not.toBeNull()
  })

  it.each([
    ['1234567890', 'passwordTooCommon'],
    ['short', 'passwordTooShort'],
    ['            ', 'passwordBlank'],
    ['y'.repeat(1001), 'passwordTooLong'],
  ])('refuses %j with a message id and changes nothing', async (weak, problem) => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const res = await change(user.auth, PASSWORD, weak)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, errors: { new_password: problem } })
    expect(await signIn('maryam')).not.toBeNull()
  })

  it('refuses a wrong current password', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const res = await change(user.auth, 'not the password', 'a brand new secret')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ current_password: 'currentPasswordWrong' })
    expect(await signIn('maryam', 'a brand new secret')).toBeNull()
  })

  it('answers a retry of a change already made as the change, writing nothing again', async () => {
    // A first sign-in: the temporary password is to be changed.
    const user = await createUserAndSignIn(ctx, 'maryam', PASSWORD, { mustChangePassword: true })
    const changes = async () =>
      (await historyDetails(ctx.database.db, 'account_password_change')).length
    expect((await change(user.auth, PASSWORD, 'a brand new secret')).statusCode).toBe(204)
    const laterDevice = (await signIn('maryam', 'a brand new secret'))!
    // The first answer was lost over a weak link; the same body comes again.
    expect((await change(user.auth, PASSWORD, 'a brand new secret')).statusCode).toBe(204)
    expect(await changes()).toBe(1)
    expect(await usersStatus(user.auth)).toBe(200)
    expect(await usersStatus(laterDevice)).toBe(200)
    expect(await signIn('maryam', 'a brand new secret')).not.toBeNull()
    // A password to be changed (reset by an admin) is no finished change: still refused.
    await ctx.database.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', user.id)
      .execute()
    const res = await change(user.auth, PASSWORD, 'a brand new secret')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ current_password: 'currentPasswordWrong' })
  })

  it('refuses a body without the fields', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.auth,
      payload: { password: 'x' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
  })
})

describe('the users command line ends sessions', () => {
  it('passwd ends every session of the account', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    const bystander = await createUserAndSignIn(ctx, 'yonas')
    expect(await cli(['passwd', 'maryam'], 'another good one\nanother good one\n')).toBe(0)
    expect(await usersStatus(user.auth)).toBe(401)
    expect(await usersStatus(bystander.auth)).toBe(200)
  })

  it('disable ends every session; enabling does not bring the old tokens back', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    await createUserAndSignIn(ctx, 'yonas')
    expect(await cli(['disable', 'maryam'])).toBe(0)
    expect(await usersStatus(user.auth)).toBe(401)
    expect(await cli(['enable', 'maryam'])).toBe(0)
    expect(await usersStatus(user.auth)).toBe(401)
    expect(await signIn('maryam')).not.toBeNull()
  })
})
