import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The church's public address (src/domain/publicUrl.ts): the origin a receipt's QR code points
// at when the office runs Abal at localhost or a LAN address; '' for none (the page's origin).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('church_profile')
    .addColumn('public_url', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('church_profile').dropColumn('public_url').execute()
}
