import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'
import {
  createIndexes,
  createStatementTriggers,
  dropTriggers,
  inMigrationTransaction,
  type TriggerNames,
} from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// Summaries the dues reports read instead of every ledger (decision 0265). dues_standings holds
// one row per dues fund and payer (a member, or a household for a per-household fund): month
// indexes from which months owed, amount owed and good standing follow for any current month.
// The payment, void, waiver and rate change that alter a ledger rewrite its rows in their own
// transaction. dues_standing_stale lists payers whose rows must be worked out again: triggers
// add those created, deleted or given another start (date joined, dues settings), whoever
// writes them; this migration adds every payer, so the existing ledgers are summed on the next
// start of the server. dues_day_totals holds valid payments per fund and day received.
export async function up(db: Kysely<any>): Promise<void> {
  await inMigrationTransaction(db, async () => {
    await db.schema
      .createTable('dues_standings')
      .addColumn('fund_id', 'integer', (col) =>
        col.notNull().references('funds.id').onDelete('cascade'),
      )
      .addColumn('payer_id', 'integer', (col) => col.notNull())
      .addColumn('owed_key', 'integer', (col) => col.notNull())
      .addColumn('oldest', 'integer', (col) => col.notNull())
      .addColumn('base', 'bigint', (col) => col.notNull())
      .addColumn('settled_from', 'integer', (col) => col.notNull())
      .addColumn('settled_to', 'integer', (col) => col.notNull())
      .addColumn('as_of', 'integer')
      // The rate category the payer's months are asked at ('' the standard rates).
      .addColumn('rate_set', 'varchar(16)', (col) => col.notNull())
      .addPrimaryKeyConstraint('dues_standings_pkey', ['fund_id', 'payer_id'])
      .execute()
    // Arrears in order of months owed; the totals read base and rate_set from the index alone.
    await createIndexes(db, 'dues_standings', {
      dues_standings_owed: ['fund_id', 'owed_key', 'payer_id', 'rate_set', 'base'],
    })
    await db.schema
      .createIndex('dues_standings_as_of')
      .on('dues_standings')
      .columns(['fund_id', 'as_of'])
      .where('as_of', 'is not', null)
      .execute()

    await db.schema
      .createTable('dues_standing_stale')
      .addColumn('payer', 'varchar(12)', (col) => col.notNull())
      .addColumn('payer_id', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('dues_standing_stale_pkey', ['payer', 'payer_id'])
      .execute()

    await db.schema
      .createTable('dues_day_totals')
      .addColumn('fund_id', 'integer', (col) =>
        col.notNull().references('funds.id').onDelete('cascade'),
      )
      .addColumn('received_on', 'varchar(10)', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('amount', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('dues_day_totals_pkey', ['fund_id', 'received_on'])
      .execute()

    if (isPostgres(db)) await createPostgresTriggers(db)
    else await createSqliteTriggers(db)

    await sql`insert into dues_day_totals (fund_id, received_on, count, amount)
      select fund_id, received_on, count(*), sum(amount) from payments
      where voided_at is null group by fund_id, received_on`.execute(db)
    await sql`insert into dues_standing_stale (payer, payer_id)
      select 'member', id from members`.execute(db)
    await sql`insert into dues_standing_stale (payer, payer_id)
      select 'household', id from households`.execute(db)
  })
}

/** Which writes make a payer's rows stale: table, payer kind, its id column. */
const WATCHED = [
  { table: 'members', payer: 'member', id: 'id' },
  { table: 'households', payer: 'household', id: 'id' },
  { table: 'member_dues', payer: 'member', id: 'member_id' },
  { table: 'household_dues', payer: 'household', id: 'household_id' },
] as const

/** A watched table's triggers; each PostgreSQL function has its trigger's name. */
const staleTriggers = (table: string): TriggerNames => ({
  table,
  trigger: (event) => `${table}_stale_${event}`,
  fn: (event) => `${table}_stale_${event}`,
})

const STALE_INSERT = 'insert into dues_standing_stale (payer, payer_id)'

async function createSqliteTriggers(db: Kysely<any>) {
  for (const { table, payer, id } of WATCHED) {
    const add = (row: 'new' | 'old') =>
      sql.raw(`${STALE_INSERT} values ('${payer}', ${row}.${id}) on conflict do nothing;`)
    await sql`create trigger ${sql.raw(`${table}_stale_insert`)} after insert on ${sql.raw(table)}
      begin ${add('new')} end`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_stale_delete`)} after delete on ${sql.raw(table)}
      begin ${add('old')} end`.execute(db)
    // members: only the date joined moves the start; the dues settings tables: any change.
    const of = table === 'members' ? 'of date_joined ' : ''
    await sql`create trigger ${sql.raw(`${table}_stale_update`)}
      after update ${sql.raw(of)}on ${sql.raw(table)} begin ${add('new')} end`.execute(db)
  }
}

/** PostgreSQL: statement triggers over transition tables, so a seed's batch is one insert. */
async function createPostgresTriggers(db: Kysely<any>) {
  for (const { table, payer, id } of WATCHED) {
    const select = (rows: string) => `select '${payer}', ${id} from ${rows}`
    const changed =
      table === 'members'
        ? `select '${payer}', n.id from new_rows n join old_rows o on o.id = n.id
           where n.date_joined is distinct from o.date_joined`
        : select('new_rows')
    const stale = (rows: string) => `${STALE_INSERT} ${rows} on conflict do nothing`
    const statements = {
      insert: stale(select('new_rows')),
      delete: stale(select('old_rows')),
      update: stale(changed),
    }
    await createStatementTriggers(db, staleTriggers(table), statements, 10)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of WATCHED) await dropTriggers(db, staleTriggers(table))
  await db.schema.dropTable('dues_day_totals').execute()
  await db.schema.dropTable('dues_standing_stale').execute()
  await db.schema.dropTable('dues_standings').execute()
}
