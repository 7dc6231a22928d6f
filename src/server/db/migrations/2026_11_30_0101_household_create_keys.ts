import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The Idempotency-Key of POST /api/households, per owning account: a household created again
// after its answer was lost (a weak link) is answered with the first one, not made twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('households').addColumn('idempotency_key', 'varchar(100)').execute()
  await db.schema
    .createIndex('households_idempotency_key')
    .on('households')
    .columns(['owner_user_id', 'idempotency_key'])
    .unique()
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('households_idempotency_key').execute()
  await db.schema.alterTable('households').dropColumn('idempotency_key').execute()
}
