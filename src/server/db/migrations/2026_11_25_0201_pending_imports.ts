import type { Kysely } from 'kysely'
import { createIndexes } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
// An uploaded import waits here between its preview and its commit (at most an hour), so any
// server process behind a load balancer can commit it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_imports')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('owner_user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('calendar', 'varchar(16)', (col) => col.notNull())
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('committed_at', 'varchar(32)')
    .addColumn('report', 'text')
    .execute()
  await createIndexes(db, 'pending_imports', { pending_imports_expires: ['expires_at'] })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_imports').execute()
}
