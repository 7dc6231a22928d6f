import type { Kysely } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
// The church's own profile (issue 46): one row, id 1, written by the first save from the app.
// Until then the server answers with defaults (the name from CHURCH_NAME). The logo is kept
// here like a member's photo, so every device and every printed paper use the same one.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob'
  await db.schema
    .createTable('church_profile')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name_am', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('name_om', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('address', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .addColumn('po_box', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('ETB'))
    .addColumn('signatory_name', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('signatory_title', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('standing_kind', 'varchar(16)', (col) => col.notNull().defaultTo('max_unpaid'))
    .addColumn('standing_months', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('logo', bytes)
    .addColumn('logo_type', 'varchar(32)')
    /** Random per logo: the logo's address changes with it, so it can be cached for good. */
    .addColumn('logo_version', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('church_profile').execute()
}
