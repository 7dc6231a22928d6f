import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import {
  type Account,
  deleteUser,
  hashPassword,
  insertUser,
  listAccounts,
  PASSWORD_PROBLEM_TEXT,
  passwordProblem,
  setUserDisabled,
  updatePassword,
} from '../features/accounts'
import {
  isRole,
  MAX_USERNAME_LENGTH,
  normaliseUsername,
  type Role,
  ROLES,
  type UsernameProblem,
  usernameProblem,
} from '../../domain'
import { type Actor, recordEvent } from '../features/history'
import { endAccountSessions } from '../features/auth'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runAsMain } from './commandLine'
import { InputCancelledError, InputLines } from './passwordInput'

export { EXIT_FAILED, EXIT_OK, EXIT_USAGE }

export interface UsersCommandIO {
  db: Kysely<Database>
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /** True when stdin is a terminal: prompt without echo instead of reading piped lines. */
  isTTY: boolean
}

export const USAGE = `Usage: npm run users -- <command>

  add NAME [--role clerk|admin|auditor]
                 create an account (a clerk unless --role says otherwise); the password is
                 read from standard input
  list           show every account
  passwd NAME    set a new password, read from standard input
  remove NAME    delete an account (never the last one that can sign in)
  disable NAME   keep an account but stop it signing in
  enable NAME    let a disabled account sign in again

Passwords have at least 10 characters and may not be one of the most common ones.
Passwords are never taken from the command line (it would end up in the shell history and in
the process list). In a terminal you are asked twice; from a pipe, give it on two lines:
  printf '%s\\n%s\\n' "$PASSWORD" "$PASSWORD" | npm run users -- add maryam
`

/** A message for the person at the terminal, with the exit code it deserves. */
class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILED,
  ) {
    super(message)
  }
}

const USERNAME_TEXT: Record<UsernameProblem, string> = {
  usernameEmpty: 'The username is empty.',
  usernameTooLong: `The username is longer than ${MAX_USERNAME_LENGTH} characters.`,
  invalidUsername: 'is not a valid username: use letters, digits, ".", "_" and "-" only.',
}

/** The username as stored (src/domain/usernames.ts); throws a usage error when not acceptable. */
export function checkedUsername(raw: string): string {
  const problem = usernameProblem(raw)
  if (problem === 'invalidUsername') {
    throw new CommandError(`"${normaliseUsername(raw)}" ${USERNAME_TEXT[problem]}`, EXIT_USAGE)
  }
  if (problem) throw new CommandError(USERNAME_TEXT[problem], EXIT_USAGE)
  return normaliseUsername(raw)
}

// Compared in JS, not SQL: SQLite's lower() folds ASCII only, and names may be "Émile" or Ge'ez.
const fold = (name: string) => name.normalize('NFC').toLowerCase()

function findAccount(accounts: Account[], name: string): Account | undefined {
  const wanted = fold(name)
  return accounts.find((account) => fold(account.username) === wanted)
}

async function requireAccount(db: Kysely<Database>, rawName: string): Promise<Account> {
  const name = rawName.trim().normalize('NFC')
  const account = findAccount(await listAccounts(db), name)
  if (!account) throw new CommandError(`There is no account "${name}".`)
  return account
}

/** The history names the command line as the actor of what this tool changes. */
const CLI_ACTOR: Actor = { id: null, username: null }
const CLI = { via: 'command line' }

async function readNewPassword(io: UsersCommandIO, username: string): Promise<string> {
  const input = new InputLines(io.stdin, io.isTTY)
  try {
    const ask = async (prompt: string) => {
      if (io.isTTY) io.stdout.write(prompt)
      const line = await input.next()
      if (io.isTTY) io.stdout.write('\n')
      return line
    }
    const first = await ask('Password: ')
    if (first === null) {
      throw new CommandError(
        'No password on standard input: run this in a terminal, or pipe the password twice, on two lines.',
      )
    }
    const problem = passwordProblem(first, username)
    if (problem) throw new CommandError(PASSWORD_PROBLEM_TEXT[problem])
    const second = await ask('Repeat password: ')
    if (second === null) {
      throw new CommandError('The password must be given twice, on two lines, to rule out a typo.')
    }
    if (second !== first) throw new CommandError('The two passwords differ; nothing was changed.')
    return first
  } finally {
    input.close()
  }
}

// SQLite (better-sqlite3) and PostgreSQL name constraint failures differently.
const errorCode = (err: unknown) => (err as { code?: unknown } | null)?.code
const isUniqueViolation = (err: unknown) =>
  errorCode(err) === 'SQLITE_CONSTRAINT_UNIQUE' || errorCode(err) === '23505'
// SQLite reports ON DELETE RESTRICT as a trigger constraint, NO ACTION as a foreign key one.
const FOREIGN_KEY_CODES = new Set([
  'SQLITE_CONSTRAINT_TRIGGER',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
  '23503',
])
const isForeignKeyViolation = (err: unknown) => FOREIGN_KEY_CODES.has(String(errorCode(err)))

/** Without `leaving`, could anyone still sign in? The office must never lock itself out. */
function othersCanSignIn(accounts: Account[], leaving: Account): boolean {
  return accounts.some((account) => account.id !== leaving.id && !account.disabled)
}

async function addAccount(io: UsersCommandIO, rawName: string, role: Role) {
  const name = checkedUsername(rawName)
  const existing = findAccount(await listAccounts(io.db), name)
  if (existing) {
    throw new CommandError(`An account "${existing.username}" already exists (names ignore case).`)
  }
  const password = await readNewPassword(io, name)
  const passwordHash = await hashPassword(password)
  try {
    await io.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, name, passwordHash, { role })
      await recordEvent(trx, {
        actor: CLI_ACTOR,
        action: 'account_create',
        subjectUserId: user.id,
        details: { ...CLI, username: name, role },
      })
    })
  } catch (err) {
    // Someone else added it between the check and now.
    if (isUniqueViolation(err)) throw new CommandError(`An account "${name}" already exists.`)
    throw err
  }
  io.stdout.write(`Created the account "${name}" (${role}).\n`)
}

async function listCommand(io: UsersCommandIO) {
  const accounts = await listAccounts(io.db)
  if (accounts.length === 0) {
    io.stdout.write('No accounts yet. Add one with: npm run users -- add NAME\n')
    return
  }
  const rows = accounts.map((a) => [
    String(a.id),
    a.username,
    a.role,
    a.disabled ? 'disabled' : 'active',
    a.created_at.slice(0, 10),
  ])
  const header = ['ID', 'USERNAME', 'ROLE', 'STATUS', 'CREATED']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length))
      .join('  ')
      .trimEnd() + '\n'
  io.stdout.write(line(header) + rows.map(line).join(''))
}

async function changePassword(io: UsersCommandIO, rawName: string) {
  const account = await requireAccount(io.db, rawName)
  const password = await readNewPassword(io, account.username)
  const passwordHash = await hashPassword(password)
  await io.db.transaction().execute(async (trx) => {
    await updatePassword(trx, account.id, passwordHash)
    // Tokens issued under the old password are refused from now on (issue 23 §3).
    await endAccountSessions(trx, account.id)
    await recordEvent(trx, {
      actor: CLI_ACTOR,
      action: 'account_password_reset',
      subjectUserId: account.id,
      details: { ...CLI },
    })
  })
  io.stdout.write(`Changed the password of "${account.username}"; its open sessions have ended.\n`)
}

async function removeAccount(io: UsersCommandIO, rawName: string) {
  await io.db.transaction().execute(async (trx) => {
    const accounts = await listAccounts(trx)
    const account = findAccount(accounts, rawName.trim())
    if (!account) throw new CommandError(`There is no account "${rawName.trim()}".`)
    if (!othersCanSignIn(accounts, account)) {
      throw new CommandError(
        `Refusing to remove "${account.username}": no other account could sign in. Add one first.`,
      )
    }
    try {
      await deleteUser(trx, account.id)
      await recordEvent(trx, {
        actor: CLI_ACTOR,
        action: 'account_remove',
        subjectUserId: account.id,
        details: { ...CLI, username: account.username },
      })
    } catch (err) {
      // Members belong to the account that registered them and are never deleted with it.
      if (isForeignKeyViolation(err)) {
        throw new CommandError(
          `"${account.username}" still has members. Transfer them to another account first, ` +
            `or disable the account instead: npm run users -- disable ${account.username}`,
        )
      }
      throw err
    }
    io.stdout.write(`Removed the account "${account.username}".\n`)
  })
}

async function setDisabled(io: UsersCommandIO, rawName: string, disabled: boolean) {
  await io.db.transaction().execute(async (trx) => {
    const accounts = await listAccounts(trx)
    const account = findAccount(accounts, rawName.trim())
    if (!account) throw new CommandError(`There is no account "${rawName.trim()}".`)
    if (account.disabled === disabled) {
      io.stdout.write(`"${account.username}" is already ${disabled ? 'disabled' : 'enabled'}.\n`)
      return
    }
    if (disabled && !othersCanSignIn(accounts, account)) {
      throw new CommandError(
        `Refusing to disable "${account.username}": no other account could sign in. Add one first.`,
      )
    }
    await setUserDisabled(trx, account.id, disabled)
    if (disabled) await endAccountSessions(trx, account.id)
    await recordEvent(trx, {
      actor: CLI_ACTOR,
      action: 'account_update',
      subjectUserId: account.id,
      details: { ...CLI, username: account.username, changes: { disabled: [!disabled, disabled] } },
    })
    io.stdout.write(
      disabled
        ? `Disabled "${account.username}": it can no longer sign in, and its open sessions end.\n`
        : `Enabled "${account.username}".\n`,
    )
  })
}

const NAMED_COMMANDS = new Set(['add', 'passwd', 'remove', 'disable', 'enable'])

/** Runs one users command and returns the exit code: 0 done, 1 refused or failed, 2 misused. */
export async function runUsersCommand(argv: string[], io: UsersCommandIO): Promise<number> {
  const [command, ...args] = argv
  try {
    if (command === undefined) {
      io.stderr.write(USAGE)
      return EXIT_USAGE
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      io.stdout.write(USAGE)
      return EXIT_OK
    }
    if (command === 'list') {
      if (args.length) throw new CommandError('"list" takes no arguments.', EXIT_USAGE)
      await listCommand(io)
      return EXIT_OK
    }
    if (!NAMED_COMMANDS.has(command)) {
      throw new CommandError(`Unknown command "${command}".\n\n${USAGE}`, EXIT_USAGE)
    }
    let role: Role = 'clerk'
    if (command === 'add') {
      const at = args.indexOf('--role')
      if (at !== -1) {
        const value = args[at + 1]
        if (!isRole(value)) {
          throw new CommandError(`--role takes one of: ${ROLES.join(', ')}.`, EXIT_USAGE)
        }
        role = value
        args.splice(at, 2)
      }
    }
    if (args.length === 0) {
      throw new CommandError(
        `"${command}" needs a username: npm run users -- ${command} NAME`,
        EXIT_USAGE,
      )
    }
    if (args.length > 1) {
      const hint =
        command === 'add' || command === 'passwd'
          ? ' Passwords are read from standard input, never from the command line.'
          : ''
      throw new CommandError(`"${command}" takes exactly one username.${hint}`, EXIT_USAGE)
    }
    const name = args[0]
    if (command === 'add') await addAccount(io, name, role)
    else if (command === 'passwd') await changePassword(io, name)
    else if (command === 'remove') await removeAccount(io, name)
    else await setDisabled(io, name, command === 'disable')
    return EXIT_OK
  } catch (err) {
    if (err instanceof CommandError) {
      io.stderr.write(`${err.message}\n`)
      return err.exitCode
    }
    if (err instanceof InputCancelledError) {
      io.stderr.write('Cancelled; nothing was changed.\n')
      return EXIT_FAILED
    }
    io.stderr.write(`Failed: ${err instanceof Error ? err.message : String(err)}\n`)
    return EXIT_FAILED
  }
}

if (require.main === module) runAsMain(runUsersCommand)
