// SQLite: a text search's matches of one owner (and status), read from the FTS5 trigram indexes
// when the search has phrases (phrases.ts), else by walking the owner's members newest first.
import { type RawBuilder, sql } from 'kysely'
import { readRows } from '../../../db/readPool'
import type { Db } from '../../../db/tables'
import type { TextQuery } from '../engine'
import type { SearchTier } from '../rank'
import {
  likeAny,
  type NameLine,
  ownerClause,
  statusClause as statusOf,
  tierSql,
  toEntry,
} from '../textSql'
import { searchTuning, TOTAL_CAP } from '../tuning'
import { type IndexPhrases, vocabPhrases, walkedMembers } from './phrases'

/** The first line of search_text (the folded full name). */
export const sqliteNameLine: NameLine = (column) => {
  const text = sql.ref(column)
  return sql<string>`substr(${text}, 1, instr(${text} || char(10), char(10)) - 1)`
}

/**
 * `count` counts the matches up to TOTAL_CAP + 1 and no further; `tierIds` gives one tier's ids
 * newest first after a cursor id. FTS5 yields rowids in descending order without a sort, so a
 * common fragment's first page costs a page's worth of rows, not a count and a sort of every
 * match.
 */
export function sqliteMatches(
  db: Db,
  { ownerId, keys, status }: TextQuery,
  /** The FTS5 phrases to read; without them the members are walked. */
  phrases: IndexPhrases | undefined,
) {
  const statusClause = statusOf(status)
  const owner = ownerClause(ownerId)
  const match = sql`members_fts match ${phrases?.all.join(' OR ') ?? ''}`
  const walked = walkedMembers(ownerId)
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await readRows(db, query.compile(db))).map((row) => Number(row.id))
  const tierClause = (tier: SearchTier) =>
    sql`and ${tierSql(sqliteNameLine, 'members.search_text', keys)} = ${tier}`

  /** One tier's ids newest first below `beforeId`, from an FTS5 index's phrases. */
  const indexedTierIds = (
    tier: SearchTier,
    index: 'members_fts' | 'members_name_fts',
    list: readonly string[],
    beforeId: number | undefined,
    take: number,
  ) => {
    const table = sql.raw(index)
    return ids(sql<{ id: number }>`select members.id from ${table} cross join members
      on members.id = ${table}.rowid
      where ${table} match ${list.join(' OR ')} and ${owner} ${statusClause}
      ${beforeId === undefined ? sql`` : sql`and ${table}.rowid < ${beforeId}`}
      ${tierClause(tier)} order by ${table}.rowid desc limit ${take}`)
  }

  /**
   * Tier 0 or 1 of a key shorter than a trigram: the newest ids are walked, and what the walk
   * leaves comes from the name index through its vocabulary, so a tier rare among names
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

  return {
    /** The matches up to TOTAL_CAP + 1. */
    count: async () => {
      const from = phrases
        ? sql`members_fts cross join members indexed by members_search_cover
            on members.id = members_fts.rowid where ${match} and ${owner}`
        : sql`members where ${owner} and ${likeAny('members.search_text', keys)}`
      const query = sql<{ n: number }>`select count(*) as n from (select 1 from ${from}
        ${statusClause} limit ${TOTAL_CAP + 1})`
      const rows = await readRows(db, query.compile(db))
      return Number(rows[0]?.n ?? 0)
    },
    tierIds: async (tier: SearchTier, beforeId: number | undefined, take: number) => {
      if (!phrases && tier < 2) return shortNameTier(tier as 0 | 1, beforeId, take)
      if (phrases) {
        // Tiers 0 and 1 match in the name line: their candidates come from the narrow name
        // index (migration 2026_11_26_1401), not from every field's (decision 0115).
        const list = tier < 2 ? phrases.names[tier as 0 | 1] : phrases.all
        const index = tier < 2 ? 'members_name_fts' : 'members_fts'
        return list.length ? indexedTierIds(tier, index, list, beforeId, take) : []
      }
      return ids(sql<{ id: number }>`select members.id from ${walked} where ${owner}
        and ${likeAny('members.search_text', keys)} ${statusClause}
        ${beforeId === undefined ? sql`` : sql`and members.id < ${beforeId}`}
        ${tierClause(tier)} order by members.id desc limit ${take}`)
    },
    /**
     * Up to `take` matches with their tiers, in one read of the all-fields index, newest or
     * oldest first: FTS5 reads a long doclist backwards at a cost (decision 0133).
     */
    upTo: async (take: number, oldestFirst: boolean) => {
      const tier = tierSql(sqliteNameLine, 'members.search_text', keys)
      const order = sql.raw(oldestFirst ? 'asc' : 'desc')
      const query = phrases
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
