import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
// The Idempotency-Key of each POST /api/members, per account: a registration sent again from a
// device's offline queue (its first answer lost) is answered with the member it created.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_create_keys')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(100)', (col) => col.notNull())
    // No foreign key: the key outlives its member (deleted or moved), so a late repeat of the
    // request is still recognised instead of creating the member again.
    .addColumn('member_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_create_keys_pk', ['user_id', 'key'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_create_keys').execute()
}
