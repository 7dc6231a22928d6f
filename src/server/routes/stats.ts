import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { isDateInRange, isValidIsoDate, type StatsCalendar } from '../../domain'
import type { Database } from '../db/tables'
import { ApiError } from '../plugins/errors'
import { memberStats } from '../services/memberStats'

interface StatsQuery {
  scope?: 'mine'
  calendar?: StatsCalendar
  today?: string
  tz?: number
}

/**
 * GET /api/stats: the home dashboard's figures over the caller's own members. `scope` takes
 * only `mine` until roles let admins and auditors read every account (scope `all`).
 */
export function statsRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  app.get<{ Querystring: StatsQuery }>(
    '/api/stats',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            scope: { type: 'string', enum: ['mine'] },
            calendar: { type: 'string', enum: ['gregorian', 'ethiopian'] },
            today: { type: 'string', maxLength: 10 },
            // Minutes east of UTC: UTC−14:00 … UTC+14:00.
            tz: { type: 'integer', minimum: -840, maximum: 840 },
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new ApiError(401, 'Authentication required')
      const tzMinutes = request.query.tz ?? 0
      const today =
        request.query.today ?? new Date(Date.now() + tzMinutes * 60_000).toISOString().slice(0, 10)
      if (!isValidIsoDate(today) || !isDateInRange(today))
        throw new ApiError(400, 'Validation failed', { today: 'invalidDate' })
      reply.header('Cache-Control', 'no-store')
      return memberStats(deps.db, {
        owner: request.user.id,
        today,
        tzMinutes,
        calendar: request.query.calendar ?? 'gregorian',
      })
    },
  )
}
