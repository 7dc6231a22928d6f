// The relevance rule of a text search (docs/decisions/0070): the reference the SQL in
// of both search engines (sqlite/, postgres/) follows, kept in plain code so tests can check the
// SQL against it.

/** 0: a word of the name starts with the query; 1: the name contains it; 2: another field does. */
export type SearchTier = 0 | 1 | 2

export const SEARCH_TIERS: readonly SearchTier[] = [0, 1, 2]

/** The member's folded full name: the first line of search_text (domain/searchText.ts). */
export function nameLine(searchText: string): string {
  const end = searchText.indexOf('\n')
  return end < 0 ? searchText : searchText.slice(0, end)
}

/** A stored search text's tier for a query's keys (searchKeys), or null if it does not match. */
export function searchTier(searchText: string, keys: readonly string[]): SearchTier | null {
  if (!keys.some((key) => searchText.includes(key))) return null
  const name = nameLine(searchText)
  if (keys.some((key) => ` ${name}`.includes(` ${key}`))) return 0
  if (keys.some((key) => name.includes(key))) return 1
  return 2
}

/** Relevance order: tier, then newest member first (id descending). */
export function byRelevance(
  a: { tier: SearchTier; id: number },
  b: { tier: SearchTier; id: number },
): number {
  return a.tier - b.tier || b.id - a.id
}
