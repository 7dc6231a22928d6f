import type { StatusFilter } from '../../domain'

/** The list's address with a filter: /members?status=visitor, /members?q=choir. */
export function memberListUrl(filter: { status?: StatusFilter; q?: string }): string {
  const params = new URLSearchParams()
  if (filter.status && filter.status !== 'all') params.set('status', filter.status)
  if (filter.q?.trim()) params.set('q', filter.q.trim())
  const query = params.toString()
  return query ? `/members?${query}` : '/members'
}
