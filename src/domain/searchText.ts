// The stored search text (members.search_text, spec 5.11): enumeration and list values are found
// by their Amharic and Oromo labels too ("መዘምራን" finds choir).
import amMessages from '../../locales/am.json'
import omMessages from '../../locales/om.json'
import type { MemberInput } from './member'
import { searchTextOf } from './searchTextOf'

/**
 * Bump when buildSearchText's output changes: the server rebuilds every stored search text
 * whose version is older at start-up (src/server/features/search/textBackfill.ts).
 */
export const SEARCH_TEXT_VERSION = 3

export function buildSearchText(member: MemberInput): string {
  return searchTextOf(member, [amMessages, omMessages])
}
