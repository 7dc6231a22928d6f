import type { Kysely } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// The ID card's language pair chosen in the church profile (issue 42): 'reader' (the reader's
// language decides, as before), 'am_en' or 'om_am' (src/domain/idCardLanguages.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('church_profile')
    .addColumn('id_card_languages', 'text', (col) => col.notNull().defaultTo('reader'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('church_profile').dropColumn('id_card_languages').execute()
}
