// Member search (spec 5.11; ARCHITECTURE.md §3 GET /api/members/search): a case-insensitive
// substring match over a folded copy of the searchable fields (members.search_text), served by an
// FTS5 trigram index on SQLite and pg_trgm GIN indexes on PostgreSQL (the capped total counted
// from the narrow member_search copy, migration 0005). Text searches come in relevance order and
// count no further than TOTAL_CAP (docs/decisions/0070).
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
import { foldForSearch, searchKeys } from '../../../domain'
import { isPostgres } from '../../db/portable'
import { precompile } from '../../db/precompiled'
import { readRows } from '../../db/readPool'
import type { Database, Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { byRelevance, SEARCH_TIERS, type SearchTier } from './rank'
import {
  countAllMembers,
  countOwnedMembers,
  LIST_ITEM_COLUMNS,
  type MemberListItem,
  rowToListItem,
  SEARCH_NAME_COLUMNS,
  type SearchNameColumns,
} from '../members'

export const DEFAULT_SEARCH_LIMIT = 50
export const MAX_SEARCH_LIMIT = 200
/** A text search counts its matches up to here and reports more as capped ("1,000+"). */
export const TOTAL_CAP = 1000
// Shorter queries have no trigram to look up; they fall back to a scan of the owner's rows.
const TRIGRAM = 3
/** The last Unicode code point: a bound above every term that starts with a given text. */
const LAST_CHARACTER = '\u{10FFFF}'

/** Position in the list order of spec 4.9: after (transfer_date, id) of the last item seen. */
export interface ListCursor {
  transferDate: string | null
  id: number
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.transferDate, cursor.id])).toString('base64url')
}

export function decodeCursor(text: string): ListCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2) {
      const [transferDate, id] = value as unknown[]
      const dateOk =
        transferDate === null ||
        (typeof transferDate === 'string' &&
          transferDate.length <= 32 &&
          !transferDate.includes('\u0000'))
      // Ids are 32-bit integer columns on PostgreSQL.
      if (
        dateOk &&
        Number.isSafeInteger(id) &&
        (id as number) > 0 &&
        (id as number) <= 2 ** 31 - 1
      ) {
        return { transferDate: transferDate as string | null, id: id as number }
      }
    }
  } catch {
    // falls through to the 400 below
  }
  throw new ApiError(400, 'Invalid cursor')
}

export interface SearchParams {
  /** The owning account, or null for every account's members (admins and auditors). */
  ownerId: number | null
  query?: string
  /** A membership_status key; undefined or 'all' for every status. */
  status?: string
  limit?: number
  cursor?: string
  /**
   * Whether a text search counts its matches (the default). False: `total` is null unless the
   * page's own reads found it, and countMatches answers it when asked (decision 0142).
   */
  count?: boolean
}

export interface SearchPage {
  items: (MemberListItem & Partial<SearchNameColumns>)[]
  /**
   * Exact, or TOTAL_CAP when total_capped: a text search stops counting there. Null: not
   * counted (SearchParams.count false).
   */
  total: number | null
  /** More than TOTAL_CAP members match (only ever true with a text query). */
  total_capped: boolean
  next_cursor: string | null
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A quoted FTS5 string is a phrase of consecutive trigrams: exactly a substring match. */
function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`
}

const likePattern = (folded: string) => sql<string>`${`%${escapeLike(folded)}%`} escape '\\'`

/** "column like k1 or column like k2 …": any of the query's keys (searchKeys) is in the text. */
function likeAny(column: string | RawBuilder<string>, keys: readonly string[]) {
  const text = typeof column === 'string' ? sql.ref(column) : column
  return sql<boolean>`(${sql.join(
    keys.map((key) => sql`${text} like ${likePattern(key)}`),
    sql` or `,
  )})`
}

/**
 * PostgreSQL: any key in member_search's text. The plain test decides and runs first (a scan
 * rejects most rows without the replace); the tests of the text with spaces joined by the digit 0
 * are the ones its index serves (migration 2026_11_27_0101, decision 0131), so a phrase's trigrams
 * across words narrow the candidates. Each is of a part of the key, so the plain test implies it.
 * A key shorter than a trigram is looked up in the text's letters and pairs instead (pgGrams).
 */
function pgAllFields(keys: readonly string[], grams: boolean) {
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
 * PostgreSQL: a key shorter than a trigram can be looked up in the indexes of every one and two
 * letters (migration 2026_11_27_1201, decision 0138), except one holding the character those
 * lists are cut at.
 */
const hasGrams = (key: string) => [...key].length < TRIGRAM && !key.includes('\u0001')

/** PostgreSQL: "this text has the key", as its index of letters and pairs serves it. */
const pgGrams = (text: RawBuilder<unknown>, key: string) =>
  sql<boolean>`abal_search_grams(${text}) @> array[${key}]::text[]`

/**
 * PostgreSQL: any key in the name line, as its indexes serve it: pg_trgm's for a key of three
 * letters or more; for a shorter one the letters and pairs when it is rare (pgLetterLookups).
 * A short key's own test is strpos, not like: pg_trgm answers a pattern without a trigram by
 * reading its whole index, and the planner chose that read (`ሩት` at 1,000,000 members: 0.8–2.3
 * s with like, 0.5 s with strpos, 10 ms with the lookup).
 */
function pgNameAny(db: Db, keys: readonly string[], grams: boolean) {
  const name = nameLineSql(db, 'members.search_text')
  const test = (key: string) => {
    if (!hasGrams(key)) return sql`${name} like ${likePattern(key)}`
    const found = sql`strpos(${name}, ${key}) > 0`
    return grams ? sql`(${found} and ${pgGrams(name, key)})` : found
  }
  return sql<boolean>`(${sql.join(keys.map(test), sql` or `)})`
}

/** A phrase whose first word has no trigram of its own: "a bekele", "e k". */
const shortFirstWord = (key: string) =>
  key.includes(' ') && [...key.slice(0, key.indexOf(' '))].length < TRIGRAM

/** PostgreSQL: a word of the name line starts with a key, as members_name_trgm serves it. */
function pgWordStartAny(db: Db, keys: readonly string[]) {
  const name = nameLineSql(db, 'members.search_text')
  const starts = keys.flatMap((key) => [`${escapeLike(key)}%`, `% ${escapeLike(key)}%`])
  return sql<boolean>`(${sql.join(
    starts.map((pattern) => sql`${name} like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}

/** PostgreSQL: where a search's short keys are looked up in the indexes of letters and pairs. */
interface LetterLookups {
  names: boolean
  all: boolean
}

/**
 * PostgreSQL: where a search's short keys are rare enough to look up in the indexes of letters
 * and pairs: in the name lines, in all fields, or both. Rare is fewer than
 * searchTuning.commonInWalk matches among the newest members of all accounts (decision 0138).
 * A common key's scan stops early at its page, while its lookup would read a large part of the
 * index; the planner, which counts the list's cost on every row a scan reads, would choose the
 * lookup.
 */
async function pgLetterLookups(db: Db, keys: readonly string[]): Promise<LetterLookups> {
  if (!keys.some(hasGrams)) return { names: false, all: false }
  const rows = await readRows(
    db,
    sql<{ names: number; all: number }>`select
      count(*) filter (where ${likeAny(nameLineSql(db, 'newest.search_text'), keys)}) as names,
      count(*) filter (where ${likeAny('newest.search_text', keys)}) as "all"
      from (select member_search.search_text from member_search
        order by member_search.member_id desc limit ${searchTuning.shortWalkIds}) newest`.compile(
      db,
    ),
  )
  const rare = (found: number | undefined) => Number(found ?? 0) < searchTuning.commonInWalk
  return { names: rare(rows[0]?.names), all: rare(rows[0]?.all) }
}

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

/** Up to TOTAL_CAP + 1 matches with their tiers, and the highest member id. */
interface Sample {
  entries: RankCursor[]
  top: number
  /** Every match with an id at or above this is in entries: 1 when they are every match. */
  above: number
  /** Each tier's matches per id among the newest ids, where a walk found that out. */
  rates?: readonly number[]
  /** Entries holds the newest ids' matches only: a tier is judged common by its rate alone. */
  byRates?: boolean
}

interface SampleRow {
  id: number
  tier: number
  top: number
}

const toEntry = (row: { id: number; tier: number }): RankCursor => ({
  tier: Number(row.tier) as SearchTier,
  id: Number(row.id),
})

/** Where a text search's page starts: after this (tier, id) in relevance order. */
export interface RankCursor {
  tier: SearchTier
  id: number
}

export function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(JSON.stringify(['rank', cursor.tier, cursor.id])).toString('base64url')
}

export function decodeRankCursor(text: string): RankCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 3 && value[0] === 'rank') {
      const [, tier, id] = value as unknown[]
      if (
        SEARCH_TIERS.includes(tier as SearchTier) &&
        Number.isSafeInteger(id) &&
        (id as number) > 0 &&
        (id as number) <= 2 ** 31 - 1
      ) {
        return { tier: tier as SearchTier, id: id as number }
      }
    }
  } catch {
    // falls through to the 400 below
  }
  throw new ApiError(400, 'Invalid cursor')
}

/** The first line of search_text (the folded full name), in each engine's SQL. */
function nameLineSql(db: Db, column: string) {
  const text = sql.ref(column)
  return isPostgres(db)
    ? sql<string>`split_part(${text}, chr(10), 1)`
    : sql<string>`substr(${text}, 1, instr(${text} || char(10), char(10)) - 1)`
}

/** The tests of searchRank.ts's tiers as SQL: a name word starts with a key; the name has one. */
function tierTests(db: Db, column: string, keys: readonly string[]) {
  const name = nameLineSql(db, column)
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

/** searchRank.ts's tier as SQL: 0 a name word starts with a key, 1 the name has it, else 2. */
function tierSql(db: Db, column: string, keys: readonly string[]) {
  const { wordStart, inName } = tierTests(db, column, keys)
  return sql<number>`(case when ${wordStart} then 0 when ${inName} then 1 else 2 end)`
}

/**
 * "In this tier", written so no trigram index serves it: the name line has no index of its own
 * on member_search, and the all-fields test of tier 2 sits inside a CASE.
 */
function inTierSql(db: Db, column: string, keys: readonly string[], tier: SearchTier) {
  const { wordStart, inName } = tierTests(db, column, keys)
  if (tier === 0) return wordStart
  if (tier === 1) return sql<boolean>`(${inName} and not ${wordStart})`
  // A name word that starts with a key is in the name: inName covers tier 0 too.
  return sql<boolean>`(case when ${inName} then false else ${likeAny(column, keys)} end)`
}

const ownerClause = (ownerId: number | null) =>
  ownerId === null ? sql`1 = 1` : sql`members.owner_user_id = ${ownerId}`

/**
 * SQLite: one owner's members newest first. SQLite takes the index that keeps that order only
 * when told (decision 0135); every account's members walk the table itself.
 */
const walkedMembers = (ownerId: number | null) =>
  ownerId === null ? sql`members` : sql`members indexed by members_owner_newest`

/** SQLite: the FTS5 phrases of a search, in any field and, for tiers 0 and 1, in the name. */
interface IndexPhrases {
  all: string[]
  names: readonly [string[], string[]]
}

/**
 * SQLite: each text as an FTS5 phrase, or, shorter than a trigram, the phrases of the
 * vocabulary's trigrams that start with it (decisions 0136 and 0137). Undefined when they are
 * more than one query should ask for (searchTuning.shortPhrases).
 */
async function vocabPhrases(
  db: Db,
  vocabulary: 'members_fts_vocab' | 'members_name_vocab',
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
 * SQLite: the phrases a search reads its FTS5 indexes with, or undefined to walk the members.
 * A key shorter than a trigram has them only when it is rare: fewer than
 * searchTuning.commonInWalk matches among the owner's newest members (decision 0137). A common
 * one fills its page from a walk, and the vocabulary of its trigrams would cost more.
 */
async function sqlitePhrases(
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

/**
 * A text search's matches of one owner (and status), on either engine. `count` counts them up
 * to TOTAL_CAP + 1 and no further; `tierIds` gives one tier's ids newest first after a cursor
 * id, read in id order from the trigram index (SQLite's FTS5 yields rowids in descending order
 * without a sort, so a common fragment's first page costs a page's worth of rows, not a count
 * and a sort of every match).
 */
function textMatches(
  db: Db,
  ownerId: number | null,
  keys: readonly string[],
  status: string | undefined,
  {
    phrases,
    grams = { names: false, all: false },
  }: {
    /** SQLite: the FTS5 phrases to read (sqlitePhrases); without them the members are walked. */
    phrases?: IndexPhrases
    /** PostgreSQL: where short keys are looked up in the indexes of letters and pairs. */
    grams?: LetterLookups
  },
) {
  const statusClause = status ? sql`and members.membership_status = ${status}` : sql``
  const owner = ownerClause(ownerId)
  const fts = phrases !== undefined
  const match = sql`members_fts match ${phrases?.all.join(' OR ') ?? ''}`
  const walked = isPostgres(db) ? sql`members` : walkedMembers(ownerId)
  // PostgreSQL's member_search copy: the same owner and status conditions.
  const pgOwner = ownerId === null ? sql`` : sql`and member_search.owner_user_id = ${ownerId}`
  const pgStatus = status ? sql`and member_search.membership_status = ${status}` : sql``
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await readRows(db, query.compile(db))).map((row) => Number(row.id))
  const tierClause = (tier: SearchTier) =>
    sql`and ${tierSql(db, 'members.search_text', keys)} = ${tier}`

  /** SQLite: one tier's ids newest first below `beforeId`, from an FTS5 index's phrases. */
  const indexedTierIds = (
    tier: SearchTier,
    index: 'members_fts' | 'members_name_fts',
    phrases: readonly string[],
    beforeId: number | undefined,
    take: number,
  ) => {
    const table = sql.raw(index)
    return ids(sql<{ id: number }>`select members.id from ${table} cross join members
      on members.id = ${table}.rowid
      where ${table} match ${phrases.join(' OR ')} and ${owner} ${statusClause}
      ${beforeId === undefined ? sql`` : sql`and ${table}.rowid < ${beforeId}`}
      ${tierClause(tier)} order by ${table}.rowid desc limit ${take}`)
  }

  /**
   * SQLite, tier 0 or 1 of a key shorter than a trigram: the newest ids are walked, and what
   * the walk leaves comes from the name index through its vocabulary, so a tier rare among names
   * (letters that start no name word) no longer walks every member (decision 0136).
   */
  const shortNameTier = async (tier: 0 | 1, beforeId: number | undefined, take: number) => {
    const walk = (from: number, before: number, count: number) =>
      ids(sql<{ id: number }>`select members.id from ${walked} where ${owner}
        and members.id >= ${from} and members.id < ${before} ${statusClause}
        and ${likeAny('members.search_text', keys)} ${tierClause(tier)}
        order by members.id desc limit ${count}`)
    let before = beforeId
    if (before === undefined) {
      const top = sql<{ top: number | null }>`select max(id) as top from members`
      const rows = await readRows(db, top.compile(db))
      before = Number(rows[0]?.top ?? 0) + 1
    }
    const from = Math.max(before - searchTuning.shortWalkIds, 1)
    const newest = await walk(from, before, take)
    if (newest.length >= take || from <= 1) return newest
    const starts = tier === 0 ? keys.map((key) => ` ${key}`) : keys
    const names = await vocabPhrases(db, 'members_name_vocab', starts)
    const rest = take - newest.length
    if (names === undefined) return [...newest, ...(await walk(1, from, rest))]
    if (names.length === 0) return newest
    return [...newest, ...(await indexedTierIds(tier, 'members_name_fts', names, from, rest))]
  }
  // PostgreSQL: the highest id, where a walk of the first page starts (an index lookup).
  const newest = sql`(select max(member_search.member_id) from member_search)`

  /** PostgreSQL: a sample read through a trigram index, in no particular order. */
  const indexSample = async (query: RawBuilder<SampleRow>): Promise<Sample> => {
    const rows = await readRows(db, query.compile(db))
    const top = Number(rows[0]?.top ?? 0)
    return {
      entries: rows.map(toEntry),
      top,
      above: rows.length > TOTAL_CAP ? top + 1 : 1,
    }
  }

  /**
   * PostgreSQL: up to `take` matches in all fields with their tiers, newest first among ids in
   * [from, before), walking member_search's primary key. strpos is the substring test (no index
   * serves it) and costs a third of a Ge'ez `like` per row.
   */
  const walkSample = async (from: number, before: number, take: number) => {
    const found = sql.join(
      keys.map((key) => sql`strpos(member_search.search_text, ${key}) > 0`),
      sql` or `,
    )
    const rows = await readRows(
      db,
      sql<{ id: number; tier: number }>`select member_search.member_id as id,
        ${tierSql(db, 'member_search.search_text', keys)} as tier from member_search
        where member_search.member_id >= ${from} and member_search.member_id < ${before}
        ${pgOwner} ${pgStatus} and (${found})
        order by member_search.member_id desc limit ${take}`.compile(db),
    )
    return rows.map(toEntry)
  }

  /** PostgreSQL: the all-fields matches among the newest ids, walked once per search. */
  let newestWalk:
    | Promise<{ top: number; from: number; entries: RankCursor[]; perId: number; rates: number[] }>
    | undefined
  const newestMatches = () =>
    (newestWalk ??= (async () => {
      const rows = await readRows(
        db,
        sql<{ top: number | null }>`select ${newest} as top`.compile(db),
      )
      const top = Number(rows[0]?.top ?? 0)
      const from = Math.max(top + 1 - searchTuning.sampleWalkIds, 1)
      const entries = await walkSample(from, top + 1, TOTAL_CAP + 1)
      const per = (found: number) => (top >= from ? found / (top + 1 - from) : 0)
      const rates = SEARCH_TIERS.map((tier) =>
        per(entries.filter((entry) => entry.tier === tier).length),
      )
      return { top, from, entries, perId: per(entries.length), rates }
    })())

  /**
   * PostgreSQL: the all-fields sample. The newest ids are walked first; a search common enough
   * among them walks on in id order to the cap, which costs about a microsecond per id, where
   * the index reads every candidate's entry (a third of that each) and a few milliseconds of
   * rows: a town in 13 % of 1,000,000 members, 40–95 ms by the index, 7 ms walked (decision
   * 0139). Otherwise, or when the walk falls short, the index as before.
   */
  const allFieldsSample = async (): Promise<Sample> => {
    const take = TOTAL_CAP + 1
    const { top, from, perId, rates, ...newestOnes } = await newestMatches()
    const entries = [...newestOnes.entries]
    const lowest = (start: number) => (entries.length >= take ? entries[take - 1]!.id : start)
    if (entries.length >= take || from <= 1) return { entries, top, above: lowest(1), rates }
    const need = (take - entries.length) / perId
    const matches = perId * top
    // The walk to the cap at the newest ids' rate, if it costs less than the index would.
    if (perId > 0 && need <= searchTuning.walkIds && need <= matches / 3 + 3_000) {
      const start = Math.max(from - Math.ceil(need * 1.5), 1)
      entries.push(...(await walkSample(start, from, take - entries.length)))
      if (entries.length >= take || start <= 1) {
        return { entries, top, above: lowest(1), rates }
      }
    }
    const sample = await indexSample(sql<SampleRow>`select member_search.member_id as id,
      ${newest} as top, ${tierSql(db, 'member_search.search_text', keys)} as tier
      from member_search where ${pgAllFields(keys, grams.all)} ${pgOwner} ${pgStatus}
      limit ${take}`)
    return { ...sample, rates }
  }

  return {
    /** PostgreSQL: the all-fields matches among the newest ids, with each tier's rate. */
    newestSample: async (): Promise<Sample> => {
      const { top, from, entries, rates } = await newestMatches()
      const above = entries.length > TOTAL_CAP ? entries[TOTAL_CAP]!.id : from
      return { entries, top, above, rates, byRates: true }
    },
    /**
     * PostgreSQL: how many matches the newest ids promise in all fields, or how many there are
     * when they are every id.
     */
    expectedMatches: async () => {
      const { top, from, entries, perId } = await newestMatches()
      return from <= 1 ? entries.length : perId * top
    },
    /**
     * The matches up to TOTAL_CAP + 1. PostgreSQL, given how many names match (every one, fewer
     * than the cap): those outside the name line up to what the cap leaves, which stops the scan
     * sooner (decision 0139).
     */
    count: async (nameMatches?: number) => {
      let query
      let counted = 0
      if (isPostgres(db)) {
        const others =
          nameMatches === undefined
            ? sql``
            : sql`and not ${tierTests(db, 'member_search.search_text', keys).inName}`
        counted = nameMatches ?? 0
        const take = TOTAL_CAP + 1 - counted
        query = sql<{ n: number }>`select count(*) as n from
          (select 1 from member_search where ${pgAllFields(keys, grams.all)} ${pgOwner} ${pgStatus}
          ${others} limit ${take}) capped`
      } else {
        const from = fts
          ? sql`members_fts cross join members indexed by members_search_cover
              on members.id = members_fts.rowid where ${match} and ${owner}`
          : sql`members where ${owner} and ${likeAny('members.search_text', keys)}`
        query = sql<{ n: number }>`select count(*) as n from (select 1 from ${from}
          ${statusClause} limit ${TOTAL_CAP + 1})`
      }
      const rows = await readRows(db, query.compile(db))
      return counted + Number(rows[0]?.n ?? 0)
    },
    tierIds: async (tier: SearchTier, beforeId: number | undefined, take: number) => {
      if (isPostgres(db) && tier === 2) {
        // Other fields: from member_search and its index of every field (decision 0131).
        const rows = await readRows(
          db,
          sql<{ id: number }>`select member_search.member_id as id from member_search
            where ${pgAllFields(keys, grams.all)} ${pgOwner} ${pgStatus}
            ${beforeId === undefined ? sql`` : sql`and member_search.member_id < ${beforeId}`}
            and not ${tierTests(db, 'member_search.search_text', keys).inName}
            order by member_search.member_id desc limit ${take}`.compile(db),
        )
        return rows.map((row) => Number(row.id))
      }
      if (!fts && !isPostgres(db) && tier < 2) return shortNameTier(tier as 0 | 1, beforeId, take)
      // Tiers 0 and 1 match in the name line: their candidates come from the narrow name
      // index (migration 2026_11_26_1401), not from every field's (decision 0115).
      const inName = tier < 2
      const index = inName ? 'members_name_fts' : 'members_fts'
      // PostgreSQL: the same test on the name line lets the planner use members_name_trgm (or
      // members_name_grams for a short key).
      let nameClause =
        inName && isPostgres(db) ? sql`and ${pgNameAny(db, keys, grams.names)}` : sql``
      // Tier 0 of a rare short key, or of a key whose first word is shorter than a trigram
      // ("a bekele"), by its word starts: pg_trgm pads a word after a space, so "% ab%" is
      // looked up by its trigrams, unlike "%ab%" (decisions 0138, 0140).
      if (tier === 0 && isPostgres(db)) {
        const starts = keys.filter((key) => (grams.names && hasGrams(key)) || shortFirstWord(key))
        const rest = keys.filter((key) => !starts.includes(key))
        const tests = [
          ...(starts.length ? [pgWordStartAny(db, starts)] : []),
          ...(rest.length ? [pgNameAny(db, rest, grams.names)] : []),
        ]
        nameClause = sql`and (${sql.join(tests, sql` or `)})`
      }
      // PostgreSQL's name tiers: the name line's test alone, which implies the all-fields one
      // (decision 0130).
      const textClause = isPostgres(db) ? sql`` : sql`and ${likeAny('members.search_text', keys)}`
      if (phrases) {
        const list = tier < 2 ? phrases.names[tier as 0 | 1] : phrases.all
        return list.length ? indexedTierIds(tier, index, list, beforeId, take) : []
      }
      return ids(sql<{ id: number }>`select members.id from ${walked} where ${owner}
        ${textClause} ${statusClause}
        ${beforeId === undefined ? sql`` : sql`and members.id < ${beforeId}`}
        ${nameClause} ${tierClause(tier)} order by members.id desc limit ${take}`)
    },
    /**
     * PostgreSQL: up to TOTAL_CAP + 1 matches with their tiers: from the name index (`names`,
     * tiers 0 and 1 only) or from the narrow member_search copy. Fewer than that is every match;
     * a full sample says the search is common and which tiers are, and when it was walked in id
     * order it holds the newest matches (Sample.above).
     */
    sample: async (names: boolean): Promise<Sample> => {
      if (!names) return allFieldsSample()
      const sample = await indexSample(sql<SampleRow>`select members.id, ${newest} as top,
        ${tierSql(db, 'members.search_text', keys)} as tier from members
        where ${owner} ${statusClause} and ${pgNameAny(db, keys, grams.names)}
        limit ${TOTAL_CAP + 1}`)
      // A phrase has walked the newest ids already (pgRanked): their rates come for free.
      return newestWalk ? { ...sample, rates: (await newestWalk).rates } : sample
    },
    /**
     * PostgreSQL: one tier's ids newest first among ids in [from, before), walking the narrow
     * member_search copy's primary key downwards and stopping at `take`. No index serves the
     * tier's test (inTierSql), so the planner walks id order instead of reading every trigram
     * candidate.
     */
    walk: async (tier: SearchTier, from: number, before: number, take: number) => {
      const query = sql<{ id: number }>`select member_search.member_id as id from member_search
        where member_search.member_id >= ${from} and member_search.member_id < ${before}
        ${pgOwner} ${pgStatus} and ${inTierSql(db, 'member_search.search_text', keys, tier)}
        order by member_search.member_id desc limit ${take}`
      const rows = await readRows(db, query.compile(db))
      return rows.map((row) => Number(row.id))
    },
    /**
     * Up to `take` matches with their tiers, in one read of the all-fields index, newest or
     * oldest first: FTS5 reads a long doclist backwards at a cost (decision 0133).
     */
    upTo: async (take: number, oldestFirst: boolean) => {
      const tier = tierSql(db, 'members.search_text', keys)
      const order = sql.raw(oldestFirst ? 'asc' : 'desc')
      const query = fts
        ? sql<{ id: number; tier: number }>`select members.id, ${tier} as tier
            from members_fts cross join members on members.id = members_fts.rowid
            where ${match} and ${owner} ${statusClause}
            order by members_fts.rowid ${order} limit ${take}`
        : sql<{ id: number; tier: number }>`select members.id, ${tier} as tier from ${walked}
            where ${owner} and ${likeAny('members.search_text', keys)} ${statusClause}
            order by members.id ${order} limit ${take}`
      const rows = await readRows(db, query.compile(db))
      return rows.map(toEntry)
    },
  }
}

/**
 * One page of a text search in relevance order (searchRank.ts), after the cursor, with the
 * capped count of its matches when `count`.
 */
async function textSearch(
  db: Db,
  ownerId: number | null,
  keys: readonly string[],
  status: string | undefined,
  cursor: RankCursor | undefined,
  limit: number,
  count: boolean,
): Promise<SearchPage> {
  const matches = await matchesOf(db, ownerId, keys, status)
  if (!matches) return textPage(db, [], 0, cursor, limit)
  // A phrase (a key with a space) is most often a rare name; both engines read it rare-first.
  const phrase = isPhrase(keys)
  if (isPostgres(db)) {
    const { ranked, counted } = await pgRanked(matches, phrase, cursor, limit, count)
    return textPage(db, ranked, counted, cursor, limit)
  }
  // A first page that holds every match (a rare name) is one read: its matches with their
  // tiers, ranked here; the count and the tier reads each search the index again. The read
  // stops one row past the page. A phrase is most often a rare name, read whole whichever way:
  // oldest first, the cheaper way. A word is often common: newest first, where its tier reads
  // start.
  const few = cursor ? undefined : await matches.upTo(limit + 1, phrase)
  let ranked: RankCursor[] = []
  let counted: number | undefined
  if (few && few.length <= limit) {
    counted = few.length
    ranked = few.sort(byRelevance)
  } else {
    if (count) counted = await matches.count()
    // Tier after tier until the page and one more row (is there a next page?) are found.
    for (const tier of SEARCH_TIERS) {
      if (counted === 0) break
      if (cursor && tier < cursor.tier) continue
      const before = cursor && tier === cursor.tier ? cursor.id : undefined
      const ids = await matches.tierIds(tier, before, limit + 1 - ranked.length)
      ranked.push(...ids.map((id) => ({ tier, id })))
      if (ranked.length > limit) break
    }
  }
  return textPage(db, ranked, counted, cursor, limit)
}

/** A text search's keys hold a space: a phrase. */
const isPhrase = (keys: readonly string[]) => keys.some((key) => key.includes(' '))

/**
 * A text search's matches on this engine, or null on SQLite when no trigram starts with its
 * letters: no member has them.
 */
async function matchesOf(
  db: Db,
  ownerId: number | null,
  keys: readonly string[],
  status: string | undefined,
) {
  if (isPostgres(db)) {
    return textMatches(db, ownerId, keys, status, { grams: await pgLetterLookups(db, keys) })
  }
  const phrases = await sqlitePhrases(db, ownerId, keys)
  return phrases?.all.length === 0 ? null : textMatches(db, ownerId, keys, status, { phrases })
}

/** How many members a text search matches, up to TOTAL_CAP + 1 (GET /api/members/search/count). */
async function textCount(
  db: Db,
  ownerId: number | null,
  keys: readonly string[],
  status: string | undefined,
): Promise<number> {
  const matches = await matchesOf(db, ownerId, keys, status)
  if (!matches) return 0
  if (!isPostgres(db)) return matches.count()
  // As pgRanked reads them: a rare phrase's all-fields sample holds every match; otherwise a
  // full name sample is the capped count, and one under the cap leaves the other fields.
  if (isPhrase(keys) && (await matches.expectedMatches()) <= TOTAL_CAP) {
    return (await matches.sample(false)).entries.length
  }
  const names = await matches.sample(true)
  if (names.entries.length > TOTAL_CAP) return names.entries.length
  return matches.count(names.entries.length)
}

/**
 * How many ids below a page's start a PostgreSQL tier walk or all-fields sample reads at most. A
 * key shorter than a trigram, on both engines: how many of the newest members are read first,
 * and how many matches among them make it common (decisions 0137 and 0138); on SQLite also for
 * how many trigram phrases it may ask, else walking on (decision 0136). How many of the newest
 * ids a PostgreSQL all-fields sample walks first (decision 0139). Tests change them.
 */
export const searchTuning = {
  walkIds: 20_000,
  shortWalkIds: 1_000,
  shortPhrases: 200,
  commonInWalk: 51,
  sampleWalkIds: 1_000,
}

/**
 * PostgreSQL's relevance order (decision 0130): a sample of up to TOTAL_CAP + 1 matches, first
 * from the name index, tells whether a tier is rare (every match is in the sample: no tier query)
 * or common (its page is read by walking id order, stopping at the page); a full name sample is
 * also the capped total, so the all-fields copy is read only when a page or the total needs it.
 */
async function pgRanked(
  matches: ReturnType<typeof textMatches>,
  phrase: boolean,
  cursor: RankCursor | undefined,
  limit: number,
  count: boolean,
): Promise<{ ranked: RankCursor[]; counted: number | undefined }> {
  const want = limit + 1
  const ranked: RankCursor[] = []
  let counted: number | undefined
  const readTier = async (
    tier: SearchTier,
    { entries: sample, top, above, rates, byRates }: Sample,
    read: (before: number | undefined, take: number) => Promise<number[]>,
  ) => {
    if (cursor && tier < cursor.tier) return
    const before = cursor && tier === cursor.tier ? cursor.id : undefined
    const take = want - ranked.length
    let ids: number[]
    // The sample's matches of this tier that are known to be the newest ones after `before`.
    const known = sample
      .filter((entry) => entry.tier === tier && entry.id >= above)
      .filter((entry) => before === undefined || entry.id < before)
      .map((entry) => entry.id)
      .sort((a, b) => b - a)
    const inTier = sample.filter((entry) => entry.tier === tier).length
    // A full sample's tier that holds a page is common, unless the newest ids showed too few
    // matches for a walk to find two pages, a margin for their few (a date in 0.1 % of
    // members: decision 0139).
    const walkFinds = !rates || (rates[tier] ?? 0) * searchTuning.walkIds >= 2 * take
    if (above <= 1 || known.length >= take) {
      ids = known.slice(0, take)
    } else if ((byRates || inTier >= take) && walkFinds) {
      // Common in this tier: walk the newest ids, then the index below what the walk covered.
      const end = before ?? top + 1
      const from = Math.max(end - searchTuning.walkIds, 1)
      ids = await matches.walk(tier, from, end, take)
      if (ids.length < take && from > 1) ids.push(...(await read(from, take - ids.length)))
    } else {
      ids = await read(before, take)
    }
    ranked.push(...ids.map((id) => ({ tier, id })))
  }

  // A phrase is most often a rare name: the all-fields sample first. Not full, it holds every
  // match with its tier, so the page and the total come from it alone (decision 0131). Unless
  // the newest ids promise more than the cap ("abebe k"): the names first (decision 0140).
  const rare = phrase && (await matches.expectedMatches()) <= TOTAL_CAP
  let all = rare ? await matches.sample(false) : undefined
  if (all && all.entries.length <= TOTAL_CAP) {
    const afterCursor = ({ tier, id }: RankCursor) =>
      !cursor || tier > cursor.tier || (tier === cursor.tier && id < cursor.id)
    const page = all.entries.filter(afterCursor).sort(byRelevance).slice(0, want)
    return { ranked: page, counted: all.entries.length }
  }
  // Full: more matches than the cap, and no count to run.
  if (all) counted = all.entries.length
  let names: Sample | undefined
  if (!cursor || cursor.tier < 2) {
    // A phrase's name sample rechecks every name holding its longest words ("a bekele": every
    // "bekele", 30 ms at 1,000,000 members). Without a count to give, its name tiers are judged
    // by the newest ids' rates instead (decision 0142).
    names = phrase && !count ? await matches.newestSample() : await matches.sample(true)
    // More name matches than the cap: more matches than the cap.
    if (names.entries.length > TOTAL_CAP) counted = names.entries.length
    for (const tier of [0, 1] as const) {
      if (ranked.length >= want) break
      await readTier(tier, names, (before, take) => matches.tierIds(tier, before, take))
    }
  }
  if (ranked.length < want) {
    all ??= await matches.sample(false)
    counted ??= all.entries.length
    await readTier(2, all, (before, take) => matches.tierIds(2, before, take))
  }
  // Every name match is in a sample under the cap: only the other fields are left to count.
  if (count) counted ??= await matches.count(names && names.entries.length)
  return { ranked, counted }
}

/**
 * The page's list items from relevance-ordered ids, with the capped total and next cursor. A
 * first page that ends the search knows its total without a count.
 */
async function textPage(
  db: Db,
  ranked: RankCursor[],
  matched: number | undefined,
  cursor: RankCursor | undefined,
  limit: number,
): Promise<SearchPage> {
  const counted = matched ?? (!cursor && ranked.length <= limit ? ranked.length : undefined)
  const total = counted === undefined ? null : Math.min(counted, TOTAL_CAP)
  const totalCapped = counted !== undefined && counted > TOTAL_CAP
  if (counted === 0) return { items: [], total, total_capped: false, next_cursor: null }
  const shown = ranked.slice(0, limit)
  const rows = shown.length
    ? await readRows(
        db,
        db
          .selectFrom('members')
          .leftJoin('photos', 'photos.member_id', 'members.id')
          .select(LIST_COLUMNS)
          .select(SEARCH_NAME_COLUMNS.map((column) => `members.${column}` as const))
          .select('photos.id as photo_id')
          .where(
            'members.id',
            'in',
            shown.map((entry) => entry.id),
          )
          .compile(),
      )
    : []
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  const items = shown.flatMap((entry) => {
    const row = byId.get(entry.id)
    return row ? [{ ...rowToListItem(row), ...searchNames(row) }] : []
  })
  const last = shown[shown.length - 1]
  return {
    items,
    total,
    total_capped: totalCapped,
    next_cursor: ranked.length > limit && last ? encodeRankCursor(last) : null,
  }
}

/** The other names of a search result that are filled in (absent ones are left out). */
function searchNames(row: SearchNameColumns): Partial<SearchNameColumns> {
  const names: Partial<SearchNameColumns> = {}
  for (const column of SEARCH_NAME_COLUMNS) {
    const value = row[column]
    if (value) names[column] = value
  }
  return names
}

/**
 * A search's text keys (the folded query, and its name skeleton or phone number:
 * nameSkeleton.ts) and its status, undefined for every status.
 */
const filtersOf = ({ query, status }: Pick<SearchParams, 'query' | 'status'>) => ({
  keys: searchKeys(query ?? '', foldForSearch),
  status: status && status !== 'all' ? status : undefined,
})

/**
 * One page of the caller's members matching status and, with q, the text: without q in list
 * order (spec 4.9) with the exact total; with q in relevance order (searchRank.ts) with the
 * total exact up to TOTAL_CAP and otherwise capped (total_capped), or null when not counted.
 */
export async function searchMembers(db: Db, params: SearchParams): Promise<SearchPage> {
  const limit = Math.min(Math.max(params.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT)
  const { keys, status } = filtersOf(params)
  const hasQuery = keys.length > 0

  if (hasQuery) {
    const cursor = params.cursor ? decodeRankCursor(params.cursor) : undefined
    return textSearch(db, params.ownerId, keys, status, cursor, limit, params.count ?? true)
  }
  const cursor = params.cursor ? decodeCursor(params.cursor) : undefined

  const bounds: PageBounds = {
    position: positionOf(cursor),
    transferDate: cursor?.transferDate ?? '',
    id: cursor?.id ?? 0,
    take: limit + 1,
  }
  if (params.ownerId === null) {
    // Every account's members: rare (admins and auditors), so built per call.
    const total = await countAllMembers(db, status)
    let members = db.selectFrom('members')
    if (status) members = members.where('members.membership_status', '=', status)
    return pageOf(await inListOrder(members, bounds).execute(), total, limit)
  }
  // Without a text query the total is the owner's kept count, and the page a precompiled query.
  const total = await countOwnedMembers(db, params.ownerId, status)
  const query = LIST_PAGES[status ? 'status' : 'all'][bounds.position]
  const rows = await query.execute(db, {
    ownerId: params.ownerId,
    status: status ?? '',
    transferDate: bounds.transferDate,
    id: bounds.id,
    take: bounds.take,
  })
  return pageOf(rows, total, limit)
}

/**
 * How many of the caller's members searchMembers finds for the same query and status: exact
 * without a text query, and with one exact up to TOTAL_CAP, then capped (total_capped).
 */
export async function countMatches(
  db: Db,
  params: Pick<SearchParams, 'ownerId' | 'query' | 'status'>,
): Promise<{ total: number; total_capped: boolean }> {
  const { keys, status } = filtersOf(params)
  if (keys.length === 0) {
    const total =
      params.ownerId === null
        ? await countAllMembers(db, status)
        : await countOwnedMembers(db, params.ownerId, status)
    return { total, total_capped: false }
  }
  const counted = await textCount(db, params.ownerId, keys, status)
  return { total: Math.min(counted, TOTAL_CAP), total_capped: counted > TOTAL_CAP }
}

/** Where a page starts: at the top, or after an undated or a dated member (spec 4.9's order). */
type Position = 'top' | 'afterUndated' | 'afterDated'

const positionOf = (cursor: ListCursor | undefined): Position =>
  !cursor ? 'top' : cursor.transferDate === null ? 'afterUndated' : 'afterDated'

interface PageBounds {
  position: Position
  transferDate: string
  id: number
  take: number
}

/** One page of `members` rows in list order, as list columns and photo id, after the bounds. */
function inListOrder(
  members: SelectQueryBuilder<Database, 'members', object>,
  { position, transferDate, id, take }: PageBounds,
) {
  let page = members
  if (position === 'afterUndated') {
    page = page.where('members.transfer_date', 'is', null).where('members.id', '<', id)
  } else if (position === 'afterDated') {
    page = page.where((eb) =>
      eb.or([
        eb('members.transfer_date', '<', transferDate),
        eb.and([eb('members.transfer_date', '=', transferDate), eb('members.id', '<', id)]),
        eb('members.transfer_date', 'is', null),
      ]),
    )
  }
  return page
    .leftJoin('photos', 'photos.member_id', 'members.id')
    .select(LIST_COLUMNS)
    .select('photos.id as photo_id')
    .orderBy('members.transfer_date', (ob) => ob.desc().nullsLast())
    .orderBy('members.id', 'desc')
    .limit(take)
}

const LIST_COLUMNS = LIST_ITEM_COLUMNS.map((column) => `members.${column}` as const)

interface ListPageArgs extends Record<string, unknown> {
  ownerId: number
  /** Unused without a status filter. */
  status: string
  /** Unused at the top of the list. */
  transferDate: string
  id: number
  take: number
}

/** The list pages without a text query, every page of the list screen: compiled once each. */
function listPage(withStatus: boolean, position: Position) {
  return precompile<ListPageArgs, Parameters<typeof rowToListItem>[0]>((db, param) => {
    let members = db.selectFrom('members').where('members.owner_user_id', '=', param('ownerId'))
    if (withStatus) members = members.where('members.membership_status', '=', param('status'))
    return inListOrder(members, {
      position,
      transferDate: position === 'afterDated' ? param('transferDate') : '',
      id: position === 'top' ? 0 : param('id'),
      take: param('take'),
    })
  })
}

const LIST_PAGES = {
  all: {
    top: listPage(false, 'top'),
    afterUndated: listPage(false, 'afterUndated'),
    afterDated: listPage(false, 'afterDated'),
  },
  status: {
    top: listPage(true, 'top'),
    afterUndated: listPage(true, 'afterUndated'),
    afterDated: listPage(true, 'afterDated'),
  },
}

/** The first `limit` rows as list items, with a cursor when a further row exists. */
function pageOf(rows: Parameters<typeof rowToListItem>[0][], total: number, limit: number) {
  const items = rows.slice(0, limit).map(rowToListItem)
  const last = items[items.length - 1]
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ transferDate: last.transfer_date, id: last.id })
      : null
  return { items, total, total_capped: false, next_cursor: nextCursor }
}
