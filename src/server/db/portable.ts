import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely'

/** Which engine a Kysely instance talks to; the only dialect switch migrations may use. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-incrementing integer primary key on either engine. */
export function withIdColumn<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
        col.primaryKey().generatedByDefaultAsIdentity(),
      )
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
        col.primaryKey().autoIncrement(),
      )
}

/**
 * A SQLite migration's steps in one `begin immediate` transaction: Kysely runs SQLite
 * migrations outside a transaction, and no other process may write between the steps.
 */
export async function inSqliteTransaction(db: Kysely<any>, work: () => Promise<void>) {
  await sql`begin immediate`.execute(db)
  try {
    await work()
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  }
}
