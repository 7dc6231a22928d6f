import { type Kysely, sql, type Transaction } from 'kysely'
import { precompile } from '../db/precompiled'
import type { Database, UserRow } from '../db/tables'

export type Db = Kysely<Database> | Transaction<Database>

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
export type AccountState = Pick<UserRow, 'id' | 'username' | 'disabled'>

// Every authenticated request reads this, so it is compiled once (db/precompiled.ts).
const accountStateById = precompile<{ id: number }, AccountState>((db, param) =>
  db.selectFrom('users').select(['id', 'username', 'disabled']).where('id', '=', param('id')),
)

export async function findAccountState(db: Db, id: number): Promise<AccountState | undefined> {
  const [row] = await accountStateById.execute(db, { id })
  return row
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface ListUsersOptions {
  excludeId?: number
  search?: string
  includeDisabled?: boolean
}

/** Active accounts by username; search is a trimmed, case-insensitive substring. */
export function listUsers(db: Db, options: ListUsersOptions = {}): Promise<PublicUser[]> {
  let query = db.selectFrom('users').select(['id', 'username'])
  if (!options.includeDisabled) query = query.where('disabled', '=', 0)
  if (options.excludeId !== undefined) query = query.where('id', '!=', options.excludeId)
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
}

/** Every account, disabled ones included, for the users CLI. */
export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'disabled', 'created_at'])
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, disabled: Boolean(row.disabled) }))
}

export async function insertUser(
  db: Db,
  username: string,
  passwordHash: string,
): Promise<PublicUser> {
  const row = await db
    .insertInto('users')
    .values({
      username: username.trim(),
      password_hash: passwordHash,
      disabled: 0,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow()
  return row
}

export async function updatePassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
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
