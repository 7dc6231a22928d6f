// PostgreSQL's relevance order (decision 0130): a sample of up to TOTAL_CAP + 1 matches, first
// from the name index, tells whether a tier is rare (every match is in the sample: no tier
// query) or common (its page is read by walking id order, stopping at the page); a full name
// sample is also the capped total, so the all-fields copy is read only when a page or the total
// needs it.
import type { RankCursor } from '../cursors'
import type { RankedMatches } from '../engine'
import { byRelevance, type SearchTier } from '../rank'
import { searchTuning, TOTAL_CAP } from '../tuning'
import type { PgMatches, Sample } from './matches'

export async function rankedPage(
  matches: PgMatches,
  phrase: boolean,
  cursor: RankCursor | undefined,
  limit: number,
  count: boolean,
): Promise<RankedMatches> {
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
    // "bekele"). Without a count to give, its name tiers are judged by the newest ids' rates
    // instead (decision 0142).
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
