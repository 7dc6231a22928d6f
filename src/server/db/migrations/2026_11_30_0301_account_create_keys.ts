import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The Idempotency-Key of POST /api/admin/users, per admin: an account created again after its
// answer was lost is answered with a new one-time password for it, not refused as a taken name.
// Both ids cascade: a removed account's key goes with it, and so does a removed admin's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_create_keys')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(100)', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_create_keys_pk', ['user_id', 'key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_create_keys').execute()
}
