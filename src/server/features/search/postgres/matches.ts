// PostgreSQL: a text search's matches of one owner (and status), read from the narrow
// member_search copy (every field) and from members' name line, through their trigram indexes
// or by walking member_search's primary key in id order, whichever reads fewer rows.
import { type RawBuilder, sql } from 'kysely'
import { readRows } from '../../../db/readPool'
import type { Db } from '../../../db/tables'
import type { RankCursor } from '../cursors'
import type { TextQuery } from '../engine'
import { SEARCH_TIERS, type SearchTier } from '../rank'
import {
  inTierSql,
  ownerClause,
  shortFirstWord,
  statusClause as statusOf,
  tierSql,
  tierTests,
  toEntry,
} from '../textSql'
import { searchTuning, TOTAL_CAP } from '../tuning'
import {
  allFieldsAny,
  hasGrams,
  type LetterLookups,
  nameAny,
  pgNameLine,
  wordStartAny,
} from './conditions'

/** Up to TOTAL_CAP + 1 matches with their tiers, and the highest member id. */
export interface Sample {
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

export type PgMatches = ReturnType<typeof pgMatches>

export function pgMatches(
  db: Db,
  { ownerId, keys, status }: TextQuery,
  /** Where short keys are looked up in the indexes of letters and pairs. */
  grams: LetterLookups,
) {
  const statusClause = statusOf(status)
  const owner = ownerClause(ownerId)
  // member_search's copy of the same owner and status conditions.
  const copyOwner = ownerId === null ? sql`` : sql`and member_search.owner_user_id = ${ownerId}`
  const copyStatus = status ? sql`and member_search.membership_status = ${status}` : sql``
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await readRows(db, query.compile(db))).map((row) => Number(row.id))
  const tierOf = (column: string) => tierSql(pgNameLine, column, keys)
  // The highest id, where a walk of the first page starts (an index lookup).
  const newest = sql`(select max(member_search.member_id) from member_search)`

  /** A sample read through a trigram index, in no particular order. */
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
   * Up to `take` matches in all fields with their tiers, newest first among ids in
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
        ${tierOf('member_search.search_text')} as tier from member_search
        where member_search.member_id >= ${from} and member_search.member_id < ${before}
        ${copyOwner} ${copyStatus} and (${found})
        order by member_search.member_id desc limit ${take}`.compile(db),
    )
    return rows.map(toEntry)
  }

  /** The all-fields matches among the newest ids, walked once per search. */
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
   * The all-fields sample. The newest ids are walked first; a search common enough among them
   * walks on in id order to the cap, which costs about a microsecond per id where the index
   * reads every candidate's entry (decision 0139). Otherwise, or when the walk falls short, the
   * index.
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
      ${newest} as top, ${tierOf('member_search.search_text')} as tier
      from member_search where ${allFieldsAny(keys, grams.all)} ${copyOwner} ${copyStatus}
      limit ${take}`)
    return { ...sample, rates }
  }

  return {
    /** The all-fields matches among the newest ids, with each tier's rate. */
    newestSample: async (): Promise<Sample> => {
      const { top, from, entries, rates } = await newestMatches()
      const above = entries.length > TOTAL_CAP ? entries[TOTAL_CAP]!.id : from
      return { entries, top, above, rates, byRates: true }
    },
    /** How many matches the newest ids promise in all fields, or how many there are when they are every id. */
    expectedMatches: async () => {
      const { top, from, entries, perId } = await newestMatches()
      return from <= 1 ? entries.length : perId * top
    },
    /**
     * The matches up to TOTAL_CAP + 1. Given how many names match (every one, fewer than the
     * cap): those outside the name line up to what the cap leaves, which stops the scan sooner
     * (decision 0139).
     */
    count: async (nameMatches?: number) => {
      const others =
        nameMatches === undefined
          ? sql``
          : sql`and not ${tierTests(pgNameLine, 'member_search.search_text', keys).inName}`
      const counted = nameMatches ?? 0
      const take = TOTAL_CAP + 1 - counted
      const query = sql<{ n: number }>`select count(*) as n from
        (select 1 from member_search where ${allFieldsAny(keys, grams.all)} ${copyOwner}
        ${copyStatus} ${others} limit ${take}) capped`
      const rows = await readRows(db, query.compile(db))
      return counted + Number(rows[0]?.n ?? 0)
    },
    tierIds: async (tier: SearchTier, beforeId: number | undefined, take: number) => {
      const before = beforeId === undefined ? sql`` : sql`and member_search.member_id < ${beforeId}`
      if (tier === 2) {
        // Other fields: from member_search and its index of every field (decision 0131).
        return ids(sql<{ id: number }>`select member_search.member_id as id from member_search
          where ${allFieldsAny(keys, grams.all)} ${copyOwner} ${copyStatus} ${before}
          and not ${tierTests(pgNameLine, 'member_search.search_text', keys).inName}
          order by member_search.member_id desc limit ${take}`)
      }
      // Tiers 0 and 1 by the name line's test alone, which implies the all-fields one and lets
      // the planner use members_name_trgm, or members_name_grams for a short key (decision 0130).
      let nameClause = nameAny(keys, grams.names)
      // Tier 0 of a rare short key, or of a key whose first word is shorter than a trigram
      // ("a bekele"), by its word starts: pg_trgm pads a word after a space, so "% ab%" is
      // looked up by its trigrams, unlike "%ab%" (decisions 0138, 0140).
      if (tier === 0) {
        const starts = keys.filter((key) => (grams.names && hasGrams(key)) || shortFirstWord(key))
        const rest = keys.filter((key) => !starts.includes(key))
        const tests = [
          ...(starts.length ? [wordStartAny(starts)] : []),
          ...(rest.length ? [nameAny(rest, grams.names)] : []),
        ]
        nameClause = sql<boolean>`(${sql.join(tests, sql` or `)})`
      }
      return ids(sql<{ id: number }>`select members.id from members where ${owner}
        ${statusClause} ${beforeId === undefined ? sql`` : sql`and members.id < ${beforeId}`}
        and ${nameClause} and ${tierOf('members.search_text')} = ${tier}
        order by members.id desc limit ${take}`)
    },
    /**
     * Up to TOTAL_CAP + 1 matches with their tiers: from the name index (`names`, tiers 0 and 1
     * only) or from the narrow member_search copy. Fewer than that is every match; a full sample
     * says the search is common and which tiers are, and when it was walked in id order it holds
     * the newest matches (Sample.above).
     */
    sample: async (names: boolean): Promise<Sample> => {
      if (!names) return allFieldsSample()
      const sample = await indexSample(sql<SampleRow>`select members.id, ${newest} as top,
        ${tierOf('members.search_text')} as tier from members
        where ${owner} ${statusClause} and ${nameAny(keys, grams.names)}
        limit ${TOTAL_CAP + 1}`)
      // A phrase has walked the newest ids already (ranked.ts): their rates come for free.
      return newestWalk ? { ...sample, rates: (await newestWalk).rates } : sample
    },
    /**
     * One tier's ids newest first among ids in [from, before), walking member_search's primary
     * key downwards and stopping at `take`. No index serves the tier's test (inTierSql), so the
     * planner walks id order instead of reading every trigram candidate.
     */
    walk: async (tier: SearchTier, from: number, before: number, take: number) =>
      ids(sql<{ id: number }>`select member_search.member_id as id from member_search
        where member_search.member_id >= ${from} and member_search.member_id < ${before}
        ${copyOwner} ${copyStatus}
        and ${inTierSql(pgNameLine, 'member_search.search_text', keys, tier)}
        order by member_search.member_id desc limit ${take}`),
  }
}
