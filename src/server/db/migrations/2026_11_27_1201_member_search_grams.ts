import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// PostgreSQL only (docs/decisions/0138): GIN indexes of every one and two letters of each
// member's text (member_search) and name line (members), so that a search shorter than a
// trigram, which pg_trgm cannot look up, finds its rare matches from an index instead of
// reading every member. abal_search_grams lists a text's letters and its pairs of letters: the
// pairs that start at even places, then those at odd ones (each pass cuts the text after every
// pair; a pair holding the cutting character chr(1) is lost, and a search for one is not looked
// up through the index).
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create function abal_search_grams(t text) returns text[]
    language sql immutable strict parallel safe as $$
      select regexp_split_to_array(t, '')
        || string_to_array(regexp_replace(t, '(..)', '\\1' || chr(1), 'g'), chr(1))
        || string_to_array(regexp_replace(substr(t, 2), '(..)', '\\1' || chr(1), 'g'), chr(1))
    $$`.execute(db)
  await sql`create index member_search_grams on member_search
    using gin (abal_search_grams(search_text))`.execute(db)
  await sql`create index members_name_grams on members
    using gin (abal_search_grams(split_part(search_text, chr(10), 1)))`.execute(db)
  // The planner's figures for the new lists, which it has none of until the next analyze.
  await sql`analyze member_search`.execute(db)
  await sql`analyze members`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`drop index if exists members_name_grams`.execute(db)
  await sql`drop index if exists member_search_grams`.execute(db)
  await sql`drop function if exists abal_search_grams(text)`.execute(db)
}
