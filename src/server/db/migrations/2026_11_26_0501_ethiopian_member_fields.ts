import { type Kysely, sql } from 'kysely'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// Ethiopian name, address and church fields (issue 26), all optional text: the name in Latin
// script, sub-city, woreda, kebele, house number, Christian (baptismal) name, confession father
// and parish. Names now follow Ethiopian practice: first_name is the given name, middle_name the
// father's name (required), last_name the grandfather's (optional, '' when absent). A stored
// two-part name (no middle name) is given name + father's name, so its last part moves to
// middle_name: the full name reads the same and no value is lost. search_text is rebuilt by
// the start-up backfill (SEARCH_TEXT_VERSION 3), not here.
export const NEW_COLUMNS = [
  'latin_name',
  'sub_city',
  'woreda',
  'kebele',
  'house_number',
  'christian_name',
  'confession_father',
  'parish',
] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of NEW_COLUMNS) {
    await db.schema.alterTable('members').addColumn(column, 'text').execute()
  }
  await sql`
    update members
    set middle_name = last_name, last_name = ''
    where (middle_name is null or trim(middle_name) = '') and trim(last_name) <> ''
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  // The two-part names moved by up() stay where they are: both readings keep every value.
  for (const column of [...NEW_COLUMNS].reverse()) {
    await db.schema.alterTable('members').dropColumn(column).execute()
  }
}
