// The search feature's public surface: what app.ts, cli/ and other features may use.
export { countMatches, MAX_SEARCH_LIMIT, searchMembers } from './repository'
export { rebuildStaleSearchText } from './textBackfill'
