import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { isDateInRange, isValidIsoDate, type StatsCalendar } from '../../../domain'
import type { Database } from '../../db/tables'
import { ownerScope } from '../accounts'
import { statsAnswer, statsQuery } from './schemas'
import { signedIn } from '../auth'
import { ApiError } from '../../plugins/errors'
import { duesDashboard } from '../dues'
import { householdCounts } from '../households'
import { memberStats } from './service'

interface StatsQuery {
  owner?: string
  scope?: 'mine'
  calendar?: StatsCalendar
  today?: string
  tz?: number
}

/**
 * GET /api/stats: the home dashboard's figures over the caller's members; admins and auditors
 * may ask for one account's (`owner=<id>`) or everyone's (`owner=all`), as on the list.
 */
export function statsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; churchName?: string },
) {
  app.get<{ Querystring: StatsQuery }>(
    '/api/stats',
    {
      preHandler: app.requireUser,
      schema: { querystring: statsQuery, response: statsAnswer },
    },
    async (request, reply) => {
      const user = signedIn(request)
      const tzMinutes = request.query.tz ?? 0
      const today =
        request.query.today ?? new Date(Date.now() + tzMinutes * 60_000).toISOString().slice(0, 10)
      if (!isValidIsoDate(today) || !isDateInRange(today))
        throw new ApiError(400, 'Validation failed', { today: 'invalidDate' })
      reply.header('Cache-Control', 'no-store')
      const owner = ownerScope(user, request.query.owner)
      const stats = await memberStats(deps.db, {
        owner,
        today,
        tzMinutes,
        calendar: request.query.calendar ?? 'gregorian',
      })
      const families = await householdCounts(deps.db, owner)
      const dues = await duesDashboard(deps.db, owner, today)
      return {
        ...stats,
        households: {
          total: families.households,
          members_without: families.members_without_household,
        },
        dues,
        church_name: deps.churchName ?? null,
      }
    },
  )
}
