import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { AuditFilters } from '../../../domain'
import type { Database } from '../../db/tables'
import type { AccountSlots } from '../../platform/accountSlots'
import { ApiError } from '../../plugins/errors'
import { idCursor } from '../../plugins/inputGuard'
import { exportHistory, isTimeZone } from './export'
import { nextDay } from './repository'
import { chainHead, historyPage, memberHistory } from './service'
import { downloadChoices, holdDownloadSlot, invalidValue, sendSpreadsheet } from '../imports'
import { auditExportSchema, auditHeadSchema, auditSchema, memberHistorySchema } from './schemas'

interface AuditQuery extends AuditFilters {
  cursor?: string
  limit?: number
}

interface ExportQuery extends AuditFilters {
  format?: string
  lang?: string
  calendar?: string
  tz?: string
}

function checkedFilters(q: AuditFilters): AuditFilters {
  if (q.to && !nextDay(q.to)) throw new ApiError(400, 'Invalid date', { to: 'invalidDate' })
  if (q.from && !nextDay(q.from)) throw new ApiError(400, 'Invalid date', { from: 'invalidDate' })
  const { actor, action, member_id, from, to, member_name, hide_sign_ins } = q
  return { actor, action, member_id, from, to, member_name, hide_sign_ins }
}
const MAX_LIMIT = 200

/** Reading the history: per member, and the whole of it with filters (admin and auditor). */
export function historyRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; downloads: AccountSlots },
) {
  const { db } = deps

  app.get<{ Params: { id: string } }>(
    '/api/members/:id/history',
    { preHandler: app.requireUser, schema: memberHistorySchema },
    async (request, reply) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0
      const history = await memberHistory(db, request.user!, id)
      reply.header('Cache-Control', 'no-store')
      return history
    },
  )

  app.get<{ Querystring: AuditQuery }>(
    '/api/audit',
    {
      preHandler: app.requireAllowed('history.read'),
      schema: auditSchema,
    },
    async (request, reply) => {
      const q = request.query
      const limit = Math.min(q.limit ?? 50, MAX_LIMIT)
      const before = idCursor(q.cursor)
      const page = await historyPage(db, request.user!, checkedFilters(q), limit, before)
      reply.header('Cache-Control', 'no-store')
      return page
    },
  )

  // The chain's head (count and last hash) for the printed report: an anchor kept on paper.
  app.get(
    '/api/audit/head',
    { preHandler: app.requireAllowed('history.read'), schema: auditHeadSchema },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return chainHead(db)
    },
  )

  app.get<{ Querystring: ExportQuery }>(
    '/api/audit/export',
    {
      preHandler: app.requireAllowed('history.read'),
      schema: auditExportSchema(),
    },
    async (request, reply) => {
      const { format, lang, calendar } = downloadChoices(request.query)
      const { tz = 'UTC' } = request.query
      if (!isTimeZone(tz))
        throw invalidValue('tz', 'tz must be a time zone such as Africa/Addis_Ababa')
      holdDownloadSlot(deps.downloads, reply, request.user!.id)
      const stream = exportHistory(db, format, {
        caller: request.user!,
        filters: checkedFilters(request.query),
        lang,
        calendar,
        timeZone: tz,
      })
      stream.on('error', (error) => request.log.error({ err: error }, 'history export failed'))
      return sendSpreadsheet(reply, stream, format, 'abal-history')
    },
  )
}
