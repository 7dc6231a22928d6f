import type { Kysely } from 'kysely'
import { withIdColumn } from '../portable'
import { createIndexes } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// Dues and gifts (issue 46). Money is integer minor units (bigint); months are Ethiopian
// "YYYY-MM" text (decision 0191); days are yyyy-mm-dd text. A payer is a member or a household:
// household_id has no foreign key yet, households being built alongside. payment_allocations
// repeats its payment's fund, payer and void flag so a strip, arrears and a month's collections
// each read one index. receipt_counters holds each Ethiopian year's last receipt number, taken
// in the payment's own transaction so numbers have no gaps (decision 0190).
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('funds'))
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('payer', 'varchar(12)', (col) => col.notNull().defaultTo('member'))
    .addColumn('name_am', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('name_om', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute()

  await withIdColumn(db, db.schema.createTable('fund_rates'))
    .addColumn('fund_id', 'integer', (col) =>
      col.notNull().references('funds.id').onDelete('cascade'),
    )
    // '' is the standard rate; else a reduced-rate category (domain/dues.ts).
    .addColumn('category', 'varchar(16)', (col) => col.notNull().defaultTo(''))
    .addColumn('from_month', 'varchar(7)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute()
  await createIndexes(db, 'fund_rates', {
    fund_rates_step: { unique: ['fund_id', 'category', 'from_month'] },
  })

  // A member's dues settings: reduced-rate category and the month the office says dues start.
  await db.schema
    .createTable('member_dues')
    .addColumn('member_id', 'integer', (col) =>
      col.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('category', 'varchar(16)', (col) => col.notNull().defaultTo(''))
    .addColumn('start_month', 'varchar(7)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute()

  await withIdColumn(db, db.schema.createTable('payments'))
    .addColumn('fund_id', 'integer', (col) => col.notNull().references('funds.id'))
    // No foreign keys to payers: a payment outlives a deleted member (receipts are kept).
    .addColumn('member_id', 'integer')
    .addColumn('household_id', 'integer')
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('method', 'varchar(16)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('received_on', 'varchar(10)', (col) => col.notNull())
    .addColumn('receipt_year', 'integer', (col) => col.notNull())
    .addColumn('receipt_number', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('verify_code', 'varchar(40)', (col) => col.notNull().unique())
    // Who received it: the account, and its name at the time.
    .addColumn('recorded_by', 'integer', (col) => col.notNull())
    .addColumn('recorded_by_username', 'varchar(100)', (col) => col.notNull())
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('voided_at', 'varchar(32)')
    .addColumn('voided_by', 'integer')
    .addColumn('void_reason', 'varchar(500)')
    .execute()
  await createIndexes(db, 'payments', {
    // NULL keys are distinct on both engines: only keyed requests are held to one payment.
    payments_key: { unique: ['recorded_by', 'idempotency_key'] },
    payments_member: ['member_id', 'id'],
    payments_household: ['household_id', 'id'],
    payments_recorder_day: ['recorded_by', 'received_on'],
    payments_fund_day: ['fund_id', 'received_on'],
  })

  await db.schema
    .createTable('payment_allocations')
    .addColumn('payment_id', 'integer', (col) =>
      col.notNull().references('payments.id').onDelete('cascade'),
    )
    .addColumn('fund_id', 'integer', (col) => col.notNull())
    .addColumn('member_id', 'integer')
    .addColumn('household_id', 'integer')
    .addColumn('month', 'varchar(7)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('voided', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('payment_allocations_pk', ['payment_id', 'month'])
    .execute()
  await createIndexes(db, 'payment_allocations', {
    payment_allocations_member: ['member_id', 'fund_id', 'month'],
    payment_allocations_household: ['household_id', 'fund_id', 'month'],
    payment_allocations_fund_month: ['fund_id', 'month'],
  })

  await withIdColumn(db, db.schema.createTable('dues_waivers'))
    .addColumn('fund_id', 'integer', (col) => col.notNull().references('funds.id'))
    .addColumn('member_id', 'integer')
    .addColumn('household_id', 'integer')
    .addColumn('month', 'varchar(7)', (col) => col.notNull())
    .addColumn('reason', 'varchar(500)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute()
  await createIndexes(db, 'dues_waivers', {
    dues_waivers_member: { unique: ['member_id', 'fund_id', 'month'] },
    dues_waivers_household: { unique: ['household_id', 'fund_id', 'month'] },
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'dues_waivers',
    'payment_allocations',
    'payments',
    'receipt_counters',
    'member_dues',
    'fund_rates',
    'funds',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
