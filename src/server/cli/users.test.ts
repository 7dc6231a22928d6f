import { PassThrough, Readable } from 'node:stream'
import type { DatabaseHandle } from '../db/database'
import {
  findUserByUsername,
  insertUser,
  listAccounts,
  setUserDisabled,
} from '../features/accounts/repository'
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../features/accounts/passwords'
import { multipart, registrationFields } from '../testing/memberForms'
import { buildTestApp, createTestDatabase } from '../testing/testApp'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runUsersCommand } from './users'
import { collectOutput } from '../testing/collectOutput'

let database: DatabaseHandle

beforeEach(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.destroy())

interface RunOptions {
  /** What the command reads on standard input; a stream when the test controls its timing. */
  input?: string | NodeJS.ReadableStream
  isTTY?: boolean
}

async function run(argv: string[], options: RunOptions = {}) {
  const stdout = collectOutput()
  const stderr = collectOutput()
  const stdin =
    typeof options.input === 'object' ? options.input : Readable.from([options.input ?? ''])
  const code = await runUsersCommand(argv, {
    db: database.db,
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    isTTY: options.isTTY ?? false,
  })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

const twice = (password: string) => `${password}\n${password}\n`

async function passwordWorks(username: string, password: string) {
  const user = await findUserByUsername(database.db, username)
  return verifyPassword(user?.password_hash, password)
}

async function seed(username: string, password = 'seeded password') {
  return insertUser(database.db, username, await hashPassword(password))
}

describe('users add', () => {
  it('creates an account with the password piped on two lines', async () => {
    const result = await run(['add', 'maryam'], { input: twice('a good password') })
    expect(result).toMatchObject({ code: EXIT_OK, stderr: '' })
    expect(result.stdout).toMatch(/Created the account "maryam"/)
    expect(await passwordWorks('maryam', 'a good password')).toBe(true)
    expect(result.stdout).not.toContain('a good password')
  })

  it('accepts Windows line endings and a last line without a newline', async () => {
    expect((await run(['add', 'crlf'], { input: 'pass word 1\r\npass word 1' })).code).toBe(EXIT_OK)
    expect(await passwordWorks('crlf', 'pass word 1')).toBe(true)
  })

  it('refuses two different passwords', async () => {
    const result = await run(['add', 'maryam'], { input: 'a good password\nanother password\n' })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/differ/)
    expect(await listAccounts(database.db)).toEqual([])
  })

  it('refuses a password given only once', async () => {
    const result = await run(['add', 'maryam'], { input: 'a good password\n' })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/twice/)
    expect(await listAccounts(database.db)).toEqual([])
  })

  it('refuses an empty standard input', async () => {
    const result = await run(['add', 'maryam'], { input: '' })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/No password/)
  })

  it(`refuses a password shorter than ${MIN_PASSWORD_LENGTH} characters`, async () => {
    const short = 'x'.repeat(MIN_PASSWORD_LENGTH - 1)
    const result = await run(['add', 'maryam'], { input: twice(short) })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(new RegExp(`at least ${MIN_PASSWORD_LENGTH}`))
    expect(await listAccounts(database.db)).toEqual([])
    const exact = 'xy'.repeat(MIN_PASSWORD_LENGTH / 2)
    expect((await run(['add', 'maryam'], { input: twice(exact) })).code).toBe(EXIT_OK)
  })

  it('never takes the password from an argument', async () => {
    const result = await run(['add', 'maryam', 'a good password'], {
      input: twice('a good password'),
    })
    expect(result.code).toBe(EXIT_USAGE)
    expect(result.stderr).toMatch(/standard input/)
    expect(await listAccounts(database.db)).toEqual([])
    await seed('yonas')
    const passwd = await run(['passwd', 'yonas', 'new password 1'], {
      input: twice('new password 1'),
    })
    expect(passwd.code).toBe(EXIT_USAGE)
    expect(await passwordWorks('yonas', 'new password 1')).toBe(false)
  })

  it('refuses a name that differs from an existing one only in case', async () => {
    await seed('Admin')
    const result = await run(['add', 'ADMIN'], { input: twice('a good password') })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/already exists/)
    // The same holds beyond ASCII, where SQLite's lower() does not help.
    await seed('Émile')
    expect((await run(['add', 'éMILE'], { input: twice('a good password') })).code).toBe(
      EXIT_FAILED,
    )
    expect(await listAccounts(database.db)).toHaveLength(2)
  })

  it('trims the name and accepts letters of any script', async () => {
    expect((await run(['add', '  bekele  '], { input: twice('a good password') })).code).toBe(
      EXIT_OK,
    )
    expect((await run(['add', 'ሰላም.ገብሩ'], { input: twice('a good password') })).code).toBe(EXIT_OK)
    expect((await run(['add', 'o_d-1.x'], { input: twice('a good password') })).code).toBe(EXIT_OK)
    expect((await listAccounts(database.db)).map((a) => a.username)).toEqual([
      'bekele',
      'ሰላም.ገብሩ',
      'o_d-1.x',
    ])
  })

  it.each([
    ['empty', '   '],
    ['a space inside', 'two words'],
    ['a slash', 'a/b'],
    ['a quote', "o'brien"],
    ['a percent sign', 'pct%'],
    ['101 characters', 'a'.repeat(101)],
  ])('refuses a name with %s', async (_case, name) => {
    const result = await run(['add', name], { input: twice('a good password') })
    expect(result.code).toBe(EXIT_USAGE)
    expect(result.stderr).not.toBe('')
    expect(await listAccounts(database.db)).toEqual([])
  })

  it('accepts a name of exactly 100 characters', async () => {
    const name = 'ሀ'.repeat(100)
    expect((await run(['add', name], { input: twice('a good password') })).code).toBe(EXIT_OK)
  })

  it('reads only the two lines it needs from a pipe that stays open', async () => {
    const stdin = new PassThrough()
    stdin.write('a good password\na good password\na good password\n')
    expect((await run(['add', 'piped'], { input: stdin })).code).toBe(EXIT_OK)
  })
})

describe('users add in a terminal', () => {
  it('prompts twice, edits with backspace, and echoes nothing', async () => {
    const stdin = new PassThrough()
    const done = run(['add', 'typed'], { input: stdin, isTTY: true })
    stdin.write('a good passwork\u007fd\r')
    stdin.write('a good \u001b[Dpassword\r')
    const result = await done
    expect(result.code).toBe(EXIT_OK)
    expect(result.stdout).toMatch(/^Password: \nRepeat password: \n/)
    expect(result.stdout).not.toContain('good')
    expect(await passwordWorks('typed', 'a good password')).toBe(true)
  })

  it('stops on Ctrl-C without creating the account', async () => {
    const stdin = new PassThrough()
    const done = run(['add', 'typed'], { input: stdin, isTTY: true })
    stdin.write('a good pass\u0003')
    const result = await done
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/Cancelled/)
    expect(await listAccounts(database.db)).toEqual([])
  })

  it('refuses two different passwords', async () => {
    const stdin = new PassThrough()
    const done = run(['add', 'typed'], { input: stdin, isTTY: true })
    stdin.write('a good password\ra good passwore\r')
    expect((await done).code).toBe(EXIT_FAILED)
    expect(await listAccounts(database.db)).toEqual([])
  })
})

describe('users list', () => {
  it('shows every account with its status', async () => {
    await seed('admin')
    const gone = await seed('ሰላም')
    await setUserDisabled(database.db, gone.id, true)
    const result = await run(['list'])
    expect(result.code).toBe(EXIT_OK)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+USERNAME\s+ROLE\s+STATUS\s+CREATED$/)
    expect(lines[1]).toMatch(/^\d+\s+admin\s+clerk\s+active\s+\d{4}-\d{2}-\d{2}$/)
    expect(lines[2]).toMatch(/^\d+\s+ሰላም\s+clerk\s+disabled\s+\d{4}-\d{2}-\d{2}$/)
    expect(result.stdout).not.toMatch(/argon2/)
  })

  it('says when there is no account', async () => {
    const result = await run(['list'])
    expect(result.code).toBe(EXIT_OK)
    expect(result.stdout).toMatch(/No accounts/)
  })
})

describe('users passwd', () => {
  it('replaces the password: the old one stops working, the new one works', async () => {
    await seed('maryam', 'old password 1')
    const result = await run(['passwd', 'MARYAM'], { input: twice('new password 1') })
    expect(result.code).toBe(EXIT_OK)
    expect(result.stdout).toMatch(/Changed the password of "maryam"/)
    expect(await passwordWorks('maryam', 'old password 1')).toBe(false)
    expect(await passwordWorks('maryam', 'new password 1')).toBe(true)
  })

  it('keeps the old password when the new one is refused', async () => {
    await seed('maryam', 'old password 1')
    expect((await run(['passwd', 'maryam'], { input: twice('short') })).code).toBe(EXIT_FAILED)
    expect(await passwordWorks('maryam', 'old password 1')).toBe(true)
  })

  it('says so when the account does not exist', async () => {
    const result = await run(['passwd', 'nobody'], { input: twice('new password 1') })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/no account "nobody"/)
  })
})

describe('users remove', () => {
  it('removes an account, whatever the case of its name', async () => {
    await seed('admin')
    await seed('Yonas')
    const result = await run(['remove', 'yonas'])
    expect(result.code).toBe(EXIT_OK)
    expect(result.stdout).toMatch(/Removed the account "Yonas"/)
    expect((await listAccounts(database.db)).map((a) => a.username)).toEqual(['admin'])
  })

  it('refuses to remove the last account', async () => {
    await seed('admin')
    const result = await run(['remove', 'admin'])
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/Refusing/)
    expect(await listAccounts(database.db)).toHaveLength(1)
  })

  it('refuses to remove the last account that can sign in', async () => {
    await seed('admin')
    const other = await seed('disabled-one')
    await setUserDisabled(database.db, other.id, true)
    expect((await run(['remove', 'admin'])).code).toBe(EXIT_FAILED)
    // Removing the disabled one is fine: admin can still sign in.
    expect((await run(['remove', 'disabled-one'])).code).toBe(EXIT_OK)
  })

  it('says so when the account does not exist', async () => {
    await seed('admin')
    expect((await run(['remove', 'nobody'])).code).toBe(EXIT_FAILED)
  })

  it('keeps an account that still has members, and says what to do', async () => {
    await seed('admin')
    await seed('registrar', 'registrar password')
    const app = await buildTestApp(database)
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'registrar', password: 'registrar password' },
      })
      const auth = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` }
      const created = await app.inject({
        method: 'POST',
        url: '/api/members',
        ...multipart(registrationFields(), [], auth),
      })
      expect(created.statusCode).toBe(201)
    } finally {
      await app.close()
    }
    const result = await run(['remove', 'registrar'])
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/still has members/)
    expect(await listAccounts(database.db)).toHaveLength(2)
  })
})

describe('the password policy', () => {
  it.each([
    ['12345678', /at least 10/],
    ['password', /at least 10/],
    ['          ', /only spaces/],
    ['\t \t \t \t \t \t', /only spaces/],
    ['1234567890', /most common/],
    ['Password123', /most common/],
    ['aaaaaaaaaaaa', /most common/],
    ['x'.repeat(1500), /at most 1000/],
  ])('refuses %j', async (weak, message) => {
    const result = await run(['add', 'maryam'], { input: twice(weak) })
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(message)
    expect(await listAccounts(database.db)).toEqual([])
  })

  it('accepts a password of exactly the length login accepts, which then signs in', async () => {
    const longest = 'long pass '.repeat(100)
    expect((await run(['add', 'maryam'], { input: twice(longest) })).code).toBe(EXIT_OK)
    expect(await passwordWorks('maryam', longest)).toBe(true)
  })

  it('applies to passwd as well', async () => {
    await seed('yonas')
    expect((await run(['passwd', 'yonas'], { input: twice('qwertyuiop') })).code).toBe(EXIT_FAILED)
    expect(await passwordWorks('yonas', 'seeded password')).toBe(true)
  })
})

describe('users add --role', () => {
  it('creates a clerk by default and the role given otherwise', async () => {
    expect((await run(['add', 'clerk1'], { input: twice('a good password') })).code).toBe(EXIT_OK)
    const added = await run(['add', 'board', '--role', 'auditor'], {
      input: twice('a good password'),
    })
    expect(added.code).toBe(EXIT_OK)
    expect(
      (await run(['add', '--role', 'admin', 'boss'], { input: twice('a good password') })).code,
    ).toBe(EXIT_OK)
    const roles = Object.fromEntries(
      (await listAccounts(database.db)).map((a) => [a.username, a.role]),
    )
    expect(roles).toEqual({ clerk1: 'clerk', board: 'auditor', boss: 'admin' })
  })

  it('refuses an unknown role', async () => {
    const result = await run(['add', 'x', '--role', 'owner'], { input: twice('a good password') })
    expect(result.code).toBe(EXIT_USAGE)
    expect(await listAccounts(database.db)).toEqual([])
  })
})

describe('users disable and enable', () => {
  it('disables and enables an account', async () => {
    await seed('admin')
    await seed('yonas')
    expect((await run(['disable', 'yonas'])).code).toBe(EXIT_OK)
    expect((await findUserByUsername(database.db, 'yonas'))?.disabled).toBe(1)
    expect((await run(['disable', 'yonas'])).stdout).toMatch(/already disabled/)
    expect((await run(['enable', 'YONAS'])).code).toBe(EXIT_OK)
    expect((await findUserByUsername(database.db, 'yonas'))?.disabled).toBe(0)
  })

  it('refuses to disable the last account that can sign in', async () => {
    await seed('admin')
    const result = await run(['disable', 'admin'])
    expect(result.code).toBe(EXIT_FAILED)
    expect(result.stderr).toMatch(/Refusing/)
    expect((await findUserByUsername(database.db, 'admin'))?.disabled).toBe(0)
  })
})

describe('usage', () => {
  it.each([
    [[]],
    [['frobnicate']],
    [['add']],
    [['remove']],
    [['remove', 'a', 'b']],
    [['list', 'extra']],
  ])('exits 2 with a message for %j', async (argv) => {
    const result = await run(argv)
    expect(result.code).toBe(EXIT_USAGE)
    expect(result.stderr).not.toBe('')
  })

  it('prints help on request', async () => {
    const result = await run(['--help'])
    expect(result.code).toBe(EXIT_OK)
    expect(result.stdout).toMatch(/add NAME/)
    expect(result.stdout).toMatch(/standard input/)
  })
})
