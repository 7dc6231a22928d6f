// SQL fragments both engines' text searches build from: substring tests and the relevance tiers
// of rank.ts. Only the name line differs between engines, so each engine passes its own.
import { type RawBuilder, sql } from 'kysely'
import type { SearchTier } from './rank'
import { TRIGRAM } from './tuning'

/** The first line of search_text (the folded full name) in one engine's SQL. */
export type NameLine = (column: string) => RawBuilder<string>

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export const likePattern = (folded: string) => sql<string>`${`%${escapeLike(folded)}%`} escape '\\'`

/** "column like k1 or column like k2 …": any of the query's keys (searchKeys) is in the text. */
export function likeAny(column: string | RawBuilder<string>, keys: readonly string[]) {
  const text = typeof column === 'string' ? sql.ref(column) : column
  return sql<boolean>`(${sql.join(
    keys.map((key) => sql`${text} like ${likePattern(key)}`),
    sql` or `,
  )})`
}

/** A phrase whose first word has no trigram of its own: "a bekele", "e k". */
export const shortFirstWord = (key: string) =>
  key.includes(' ') && [...key.slice(0, key.indexOf(' '))].length < TRIGRAM

/** A text search's keys hold a space: a phrase. */
export const isPhrase = (keys: readonly string[]) => keys.some((key) => key.includes(' '))

/** The tests of rank.ts's tiers as SQL: a name word starts with a key; the name has one. */
export function tierTests(nameLine: NameLine, column: string, keys: readonly string[]) {
  const name = nameLine(column)
  const wordStart = sql.join(
    keys.map(
      (key) => sql`(' ' || ${name}) like ${sql<string>`${`% ${escapeLike(key)}%`} escape '\\'`}`,
    ),
    sql` or `,
  )
  const inName = sql.join(
    keys.map((key) => sql`${name} like ${likePattern(key)}`),
    sql` or `,
  )
  return { wordStart: sql<boolean>`(${wordStart})`, inName: sql<boolean>`(${inName})` }
}

/** rank.ts's tier as SQL: 0 a name word starts with a key, 1 the name has it, else 2. */
export function tierSql(nameLine: NameLine, column: string, keys: readonly string[]) {
  const { wordStart, inName } = tierTests(nameLine, column, keys)
  return sql<number>`(case when ${wordStart} then 0 when ${inName} then 1 else 2 end)`
}

/**
 * "In this tier", written so no trigram index serves it: the name line has no index of its own
 * on member_search, and the all-fields test of tier 2 sits inside a CASE.
 */
export function inTierSql(
  nameLine: NameLine,
  column: string,
  keys: readonly string[],
  tier: SearchTier,
) {
  const { wordStart, inName } = tierTests(nameLine, column, keys)
  if (tier === 0) return wordStart
  if (tier === 1) return sql<boolean>`(${inName} and not ${wordStart})`
  // A name word that starts with a key is in the name: inName covers tier 0 too.
  return sql<boolean>`(case when ${inName} then false else ${likeAny(column, keys)} end)`
}

export const ownerClause = (ownerId: number | null) =>
  ownerId === null ? sql`1 = 1` : sql`members.owner_user_id = ${ownerId}`

export const statusClause = (status: string | undefined) =>
  status ? sql`and members.membership_status = ${status}` : sql``

/** A match as a ranked entry: (tier, id). */
export const toEntry = (row: { id: number; tier: number }) => ({
  tier: Number(row.tier) as SearchTier,
  id: Number(row.id),
})
