// The limits and tuning shared by both engines' search modules.

export const DEFAULT_SEARCH_LIMIT = 50
export const MAX_SEARCH_LIMIT = 200
/** A text search counts its matches up to here and reports more as capped ("1,000+"). */
export const TOTAL_CAP = 1000
/** Shorter keys have no trigram to look up: each engine finds them another way. */
export const TRIGRAM = 3

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
