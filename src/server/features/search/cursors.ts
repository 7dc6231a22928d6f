// The two cursors of GET /api/members/search: list order without a text query, relevance order
// with one. Opaque to clients; anything else they send back is a 400.
import { ApiError } from '../../plugins/errors'
import { SEARCH_TIERS, type SearchTier } from './rank'

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
