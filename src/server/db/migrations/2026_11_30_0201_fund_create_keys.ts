import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The Idempotency-Key of POST /api/funds: a fund created again after its answer was lost (a weak
// link) is answered with the first one, not made twice (a second dues fund bills members twice).
// Unique over all funds, not per account: funds have no owner and every signed-in user reads them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('funds').addColumn('idempotency_key', 'varchar(100)').execute()
  await db.schema
    .createIndex('funds_idempotency_key')
    .on('funds')
    .column('idempotency_key')
    .unique()
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('funds_idempotency_key').execute()
  await db.schema.alterTable('funds').dropColumn('idempotency_key').execute()
}
