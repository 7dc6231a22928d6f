import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// A household's dues settings for per-household funds (issue 46), as member_dues is a member's:
// reduced-rate category and the month the office says dues start (else the household's creation).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('household_dues')
    .addColumn('household_id', 'integer', (col) =>
      col.primaryKey().references('households.id').onDelete('cascade'),
    )
    .addColumn('category', 'varchar(16)', (col) => col.notNull().defaultTo(''))
    .addColumn('start_month', 'varchar(7)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('household_dues').execute()
}
