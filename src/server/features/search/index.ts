// The search feature's public surface: what app.ts, cli/ and other features may use.
export { countMatches, MAX_SEARCH_LIMIT, searchMembers } from './repository'
export { rebuildStaleSearchText } from './textBackfill'
// The text-index helpers the household search shares (docs/decisions/0285).
export { hasGrams, pgGrams } from './postgres/conditions'
export { ftsPhrase, vocabPhrases } from './sqlite/phrases'
export { escapeLike } from './textSql'
export { searchTuning, TRIGRAM } from './tuning'
