import { sql } from 'kysely'
import { precompile } from '../../db/precompiled'
import { isRole, type Role } from '../../../domain'
import { isPostgres } from '../../db/portable'
import type { Db, UserRow } from '../../db/tables'
import { countRows } from '../../db/rowCounts'
import { idMadeByKey } from '../../db/keyedRows'

export interface PublicUser {
  id: number
  username: string
}

// Both sides go through the engine's own lower(), the function of the unique index: SQLite's
// folds ASCII only, so lowering the input in JS would lock out a name such as "Émile".
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${username.trim()})`)
    .executeTakeFirst()
}

/** What a request needs to know of an account: who it is and whether it may still sign in. */
export type AccountState = Pick<UserRow, 'id' | 'username' | 'disabled' | 'role'>

// Every authenticated request reads this, so it is compiled once (db/precompiled.ts).
const accountStateById = precompile<{ id: number }, AccountState>((db, param) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'disabled', 'role'])
    .where('id', '=', param('id')),
)

export async function findAccountState(db: Db, id: number): Promise<AccountState | undefined> {
  const [row] = await accountStateById.execute(db, { id })
  return row
}

export function countUsers(db: Db): Promise<number> {
  return countRows(db, 'users')
}

export interface ListUsersOptions {
  excludeId?: number
  search?: string
  includeDisabled?: boolean
  /** Only accounts that can own members (a transfer's targets): no auditors. */
  ownersOnly?: boolean
}

/** Active accounts by username; search is a trimmed, case-insensitive substring. */
export function listUsers(db: Db, options: ListUsersOptions = {}): Promise<PublicUser[]> {
  let query = db.selectFrom('users').select(['id', 'username'])
  if (!options.includeDisabled) query = query.where('disabled', '=', 0)
  if (options.excludeId !== undefined) query = query.where('id', '!=', options.excludeId)
  if (options.ownersOnly) query = query.where('role', 'in', ['admin', 'clerk'])
  const search = options.search?.trim()
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    // lower() on both sides for the same reason as findUserByUsername.
    query = query.where(sql<boolean>`lower(username) like lower(${pattern}) escape '\\'`)
  }
  return query
    .orderBy(sql`lower(username)`)
    .limit(500)
    .execute()
}

export interface Account extends PublicUser {
  disabled: boolean
  created_at: string
  role: Role
  must_change_password: boolean
  last_login_at: string | null
}

const roleOf = (value: string): Role => (isRole(value) ? value : 'clerk')

/** Every account, disabled ones included, for the users CLI and the Accounts screen. */
export async function listAccounts(db: Db): Promise<Account[]> {
  return selectAccounts(db)
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  return (await selectAccounts(db, id))[0]
}

async function selectAccounts(db: Db, id?: number): Promise<Account[]> {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'disabled',
      'created_at',
      'role',
      'must_change_password',
      'last_login_at',
    ])
    .orderBy('id')
  if (id !== undefined) query = query.where('id', '=', id)
  const rows = await query.execute()
  return rows.map((row) => ({
    ...row,
    disabled: Boolean(row.disabled),
    role: roleOf(row.role),
    must_change_password: Boolean(row.must_change_password),
  }))
}

export interface NewAccountOptions {
  role?: Role
  /** A temporary password: the account must replace it at its first sign-in. */
  mustChangePassword?: boolean
}

export async function insertUser(
  db: Db,
  username: string,
  passwordHash: string,
  options: NewAccountOptions = {},
): Promise<PublicUser> {
  const row = await db
    .insertInto('users')
    .values({
      username: username.trim(),
      password_hash: passwordHash,
      disabled: 0,
      created_at: new Date().toISOString(),
      // Left to the column defaults (clerk, 0) when not given.
      ...(options.role ? { role: options.role } : {}),
      ...(options.mustChangePassword ? { must_change_password: 1 } : {}),
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow()
  return row
}

export async function updatePassword(
  db: Db,
  id: number,
  passwordHash: string,
  temporary = false,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: temporary ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}

/** The account an admin's earlier POST with this Idempotency-Key created, if it still exists. */
export const findAccountIdByKey = (db: Db, adminId: number, key: string) =>
  idMadeByKey(db, 'account_create_keys', adminId, key)

/** Keeps the key with the account just made; a second request with it fails on the primary key. */
export async function insertCreateKey(
  db: Db,
  row: { adminId: number; key: string; accountId: number },
): Promise<void> {
  await db
    .insertInto('account_create_keys')
    .values({
      user_id: row.adminId,
      key: row.key,
      account_id: row.accountId,
      created_at: new Date().toISOString(),
    })
    .execute()
}

/**
 * A new one-time password for an account that has never been used: still on its first one and
 * never signed in with. One statement, so a sign-in at the same moment wins; false then.
 */
export async function replaceUnusedPassword(
  db: Db,
  id: number,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('must_change_password', '=', 1)
    .where('last_login_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function setUserRole(db: Db, id: number, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute()
}

export async function recordSignIn(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: at.toISOString() })
    .where('id', '=', id)
    .execute()
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}

export async function setUserDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}

/** Would the office still have an enabled admin without this account as one? */
export async function keepsAnAdmin(db: Db, leaving: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('id', '!=', leaving)
    .executeTakeFirstOrThrow()
  return Number(row.n) > 0
}

/**
 * The last-admin rule reads, then writes: two admins demoting each other at once must not both
 * pass the check. PostgreSQL: the same transaction-scoped lock the history takes first.
 */
export async function lockAccounts(trx: Db) {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(${0x61626c32})`.execute(trx)
  }
}
