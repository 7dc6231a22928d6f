// SQLite: which FTS5 phrases a search reads its trigram indexes with (members_fts over every
// field, members_name_fts over the name line), or none, when walking the members costs less.
import { sql } from 'kysely'
import { readRows } from '../../../db/readPool'
import type { Db } from '../../../db/tables'
import { likeAny, ownerClause, shortFirstWord } from '../textSql'
import { searchTuning, TRIGRAM } from '../tuning'

/** The last Unicode code point: a bound above every term that starts with a given text. */
const LAST_CHARACTER = '\u{10FFFF}'

/** The FTS5 phrases of a search, in any field and, for tiers 0 and 1, in the name. */
export interface IndexPhrases {
  all: string[]
  names: readonly [string[], string[]]
}

/** A quoted FTS5 string is a phrase of consecutive trigrams: exactly a substring match. */
export function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`
}

/**
 * One owner's members newest first. SQLite takes the index that keeps that order only when told
 * (decision 0135); every account's members walk the table itself.
 */
export const walkedMembers = (ownerId: number | null) =>
  ownerId === null ? sql`members` : sql`members indexed by members_owner_newest`

/**
 * Each text as an FTS5 phrase, or, shorter than a trigram, the phrases of the vocabulary's
 * trigrams that start with it (decisions 0136 and 0137). Undefined when they are more than one
 * query should ask for (searchTuning.shortPhrases).
 */
export async function vocabPhrases(
  db: Db,
  vocabulary: 'members_fts_vocab' | 'members_name_vocab' | 'households_fts_vocab',
  starts: readonly string[],
): Promise<string[] | undefined> {
  const phrases = new Set<string>()
  for (const start of starts) {
    const short = TRIGRAM - [...start].length
    if (short <= 0) {
      phrases.add(ftsPhrase(start))
      continue
    }
    // Every vocabulary term is a trigram, so none that starts so sorts after this bound.
    const last = start + LAST_CHARACTER.repeat(short)
    const rows = await readRows(
      db,
      sql<{ term: string }>`select term from ${sql.table(vocabulary)}
        where term >= ${start} and term <= ${last}`.compile(db),
    )
    for (const row of rows) phrases.add(ftsPhrase(row.term))
    if (phrases.size > searchTuning.shortPhrases) return undefined
  }
  return [...phrases]
}

/**
 * The phrases a search reads its FTS5 indexes with, or undefined to walk the members. A key
 * shorter than a trigram has them only when it is rare: fewer than searchTuning.commonInWalk
 * matches among the owner's newest members (decision 0137). A common one fills its page from a
 * walk, and the vocabulary of its trigrams would cost more.
 */
export async function indexPhrases(
  db: Db,
  ownerId: number | null,
  keys: readonly string[],
): Promise<IndexPhrases | undefined> {
  if (keys.every((key) => [...key].length >= TRIGRAM)) {
    const own = keys.map(ftsPhrase)
    // Tier 0 of "a bekele" asks for " a bekele": the name index's text starts with a space, and
    // " a " is a rarer trigram than any of "bekele" (decision 0140).
    const wordStarts = keys.map((key) => ftsPhrase(shortFirstWord(key) ? ` ${key}` : key))
    return { all: own, names: [wordStarts, own] }
  }
  const walk = searchTuning.shortWalkIds
  const rows = await readRows(
    db,
    sql<{ seen: number; found: number | null }>`select count(*) as seen,
      sum(${likeAny('search_text', keys)}) as found
      from (select members.search_text from ${walkedMembers(ownerId)}
        where ${ownerClause(ownerId)} order by members.id desc limit ${walk})`.compile(db),
  )
  const { seen, found } = rows[0] ?? { seen: 0, found: 0 }
  // Fewer members than the walk: walking them all is cheap.
  if (Number(seen) < walk || Number(found ?? 0) >= searchTuning.commonInWalk) return undefined
  const all = await vocabPhrases(db, 'members_fts_vocab', keys)
  const wordStarts = await vocabPhrases(
    db,
    'members_name_vocab',
    keys.map((key) => ` ${key}`),
  )
  const inNames = await vocabPhrases(db, 'members_name_vocab', keys)
  if (!all || !wordStarts || !inNames) return undefined
  return { all, names: [wordStarts, inNames] }
}
