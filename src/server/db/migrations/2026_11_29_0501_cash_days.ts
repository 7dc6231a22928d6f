import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The day's cash-up (issue 46): one row per account and day it closed. A payment belongs to the
// day of its received_on and to the account that recorded it; once that day is closed no payment
// is recorded into it and voiding one needs an admin (decision 0230). The totals are kept as they
// were at closing, so the paper the clerk handed over can be compared later.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cash_days')
    .addColumn('recorded_by', 'integer', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('payment_count', 'integer', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('closed_by', 'integer', (col) => col.notNull())
    .addColumn('closed_by_username', 'varchar(100)', (col) => col.notNull())
    .addPrimaryKeyConstraint('cash_days_pk', ['recorded_by', 'day'])
    .execute()
  await db.schema.createIndex('cash_days_day').on('cash_days').columns(['day']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cash_days').execute()
}
