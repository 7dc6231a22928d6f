import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// PostgreSQL only (docs/decisions/0131): the all-fields trigram index of member_search indexes
// the text with its spaces replaced by the digit 0. pg_trgm splits words at spaces, so for a
// phrase such as "yonas desta b" the old index returned every member with both words anywhere
// (9,799 candidates for 49 matches at 1,000,000 members); joined, the trigrams across the words
// ("s0d", "a0b") are indexed and the candidates are nearly the matches. The index on members'
// own search_text goes: its one reader, a text search's other-fields tier, reads member_search.
const JOINED = sql`replace(search_text, ' ', '0')`

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create index member_search_words_trgm on member_search
    using gin ((${JOINED}) gin_trgm_ops)`.execute(db)
  await sql`drop index member_search_trgm`.execute(db)
  await sql`drop index members_search_trgm`.execute(db)
  await sql`analyze member_search`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create index members_search_trgm on members
    using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`create index member_search_trgm on member_search
    using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`drop index member_search_words_trgm`.execute(db)
}
