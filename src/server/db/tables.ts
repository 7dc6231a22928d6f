import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** Timestamps are ISO strings on both dialects (text columns), so rows compare and sort alike. */
export interface UsersTable {
  id: Generated<number>
  username: string
  password_hash: string
  disabled: ColumnType<number, number | undefined, number>
  created_at: string
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

export interface Database {
  users: UsersTable
}
