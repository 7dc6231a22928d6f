import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
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
