// PostgreSQL: the text tests of a search written so its indexes serve them: pg_trgm's over
// member_search's text with spaces joined and over the name line on members, and the GIN
// indexes of every text's letters and pairs (abal_search_grams) for keys shorter than a trigram.
import { type RawBuilder, sql } from 'kysely'
import { readRows } from '../../../db/readPool'
import type { Db } from '../../../db/tables'
import { escapeLike, likeAny, likePattern, type NameLine } from '../textSql'
import { searchTuning, TRIGRAM } from '../tuning'

/** The first line of search_text (the folded full name). */
export const pgNameLine: NameLine = (column) =>
  sql<string>`split_part(${sql.ref(column)}, chr(10), 1)`

/**
 * A key shorter than a trigram can be looked up in the indexes of every one and two letters
 * (migration 2026_11_27_1201, decision 0138), except one holding the character those lists are
 * cut at.
 */
export const hasGrams = (key: string) => [...key].length < TRIGRAM && !key.includes('\u0001')

/** "This text has the key", as its index of letters and pairs serves it. */
export const pgGrams = (text: RawBuilder<unknown>, key: string) =>
  sql<boolean>`abal_search_grams(${text}) @> array[${key}]::text[]`

/**
 * What of a key the joined index is asked for: each run of spaces, joined, with up to three
 * characters either side; a key without a space whole. The trigrams across words are a phrase's
 * rarest, and each trigram costs a posting-list read (decision 0134).
 */
export function joints(key: string): string[] {
  const chars = [...key]
  const parts: string[] = []
  for (let start = 0; start < chars.length; start += 1) {
    if (chars[start] !== ' ') continue
    let end = start
    while (chars[end + 1] === ' ') end += 1
    const part = chars.slice(Math.max(start - 3, 0), Math.min(end + 4, chars.length))
    parts.push(part.join('').replaceAll(' ', '0'))
    start = end
  }
  return parts.length ? parts : [key]
}

/**
 * Any key in member_search's text. The plain test decides and runs first (a scan rejects most
 * rows without the replace); the tests of the text with spaces joined by the digit 0 are the
 * ones its index serves (migration 2026_11_27_0101, decision 0131), so a phrase's trigrams
 * across words narrow the candidates. Each is of a part of the key, so the plain test implies
 * it. A key shorter than a trigram is looked up in the text's letters and pairs instead.
 */
export function allFieldsAny(keys: readonly string[], grams: boolean) {
  const text = sql.ref('member_search.search_text')
  const joined = sql`replace(${text}, ' ', '0')`
  const both = (key: string) => {
    const parts =
      grams && hasGrams(key)
        ? [pgGrams(text, key)]
        : joints(key).map((part) => sql`${joined} like ${likePattern(part)}`)
    return sql`(${text} like ${likePattern(key)} and ${sql.join(parts, sql` and `)})`
  }
  return sql<boolean>`(${sql.join(keys.map(both), sql` or `)})`
}

/**
 * Any key in the name line, as its indexes serve it: pg_trgm's for a key of three letters or
 * more; for a shorter one the letters and pairs when it is rare (letterLookups). A short key's
 * own test is strpos, not like: pg_trgm answers a pattern without a trigram by reading its whole
 * index, and the planner chose that read (decision 0138).
 */
export function nameAny(keys: readonly string[], grams: boolean) {
  const name = pgNameLine('members.search_text')
  const test = (key: string) => {
    if (!hasGrams(key)) return sql`${name} like ${likePattern(key)}`
    const found = sql`strpos(${name}, ${key}) > 0`
    return grams ? sql`(${found} and ${pgGrams(name, key)})` : found
  }
  return sql<boolean>`(${sql.join(keys.map(test), sql` or `)})`
}

/** A word of the name line starts with a key, as members_name_trgm serves it. */
export function wordStartAny(keys: readonly string[]) {
  const name = pgNameLine('members.search_text')
  const starts = keys.flatMap((key) => [`${escapeLike(key)}%`, `% ${escapeLike(key)}%`])
  return sql<boolean>`(${sql.join(
    starts.map((pattern) => sql`${name} like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}

/** Where a search's short keys are looked up in the indexes of letters and pairs. */
export interface LetterLookups {
  names: boolean
  all: boolean
}

/**
 * Where a search's short keys are rare enough to look up in the indexes of letters and pairs:
 * in the name lines, in all fields, or both. Rare is fewer than searchTuning.commonInWalk
 * matches among the newest members of all accounts (decision 0138). A common key's scan stops
 * early at its page, while its lookup would read a large part of the index; the planner, which
 * counts the list's cost on every row a scan reads, would choose the lookup.
 */
export async function letterLookups(db: Db, keys: readonly string[]): Promise<LetterLookups> {
  if (!keys.some(hasGrams)) return { names: false, all: false }
  const rows = await readRows(
    db,
    sql<{ names: number; all: number }>`select
      count(*) filter (where ${likeAny(pgNameLine('newest.search_text'), keys)}) as names,
      count(*) filter (where ${likeAny('newest.search_text', keys)}) as "all"
      from (select member_search.search_text from member_search
        order by member_search.member_id desc limit ${searchTuning.shortWalkIds}) newest`.compile(
      db,
    ),
  )
  const rare = (found: number | undefined) => Number(found ?? 0) < searchTuning.commonInWalk
  return { names: rare(rows[0]?.names), all: rare(rows[0]?.all) }
}
