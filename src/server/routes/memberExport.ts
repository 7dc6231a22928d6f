import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { normalizeEnum } from '../../domain'
import type { Database } from '../db/tables'
import { isLanguage, type Calendar } from '../imports/fieldDictionary'
import { exportMembers } from '../imports/memberExport'
import { ownerScope } from '../plugins/auth'
import { ApiError } from '../plugins/errors'

interface ExportQuery {
  format?: string
  q?: string
  status?: string
  lang?: string
  calendar?: string
  owner?: string
}

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const

const invalid = (field: string, message: string) =>
  new ApiError(400, message, { [field]: 'invalidValue' })

/** GET /api/members/export (docs/api.md): the member list as it is shown, as .xlsx or .csv. */
export function memberExportRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  app.get<{ Querystring: ExportQuery }>(
    '/api/members/export',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            format: { type: 'string', maxLength: 10 },
            q: { type: 'string', maxLength: 200 },
            status: { type: 'string', maxLength: 40 },
            lang: { type: 'string', maxLength: 10 },
            calendar: { type: 'string', maxLength: 20 },
            owner: { type: 'string', maxLength: 20 },
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new ApiError(401, 'Authentication required')
      const { format = 'xlsx', q, lang = 'en', calendar = 'gregorian' } = request.query
      if (format !== 'xlsx' && format !== 'csv')
        throw invalid('format', 'format must be xlsx or csv')
      if (!isLanguage(lang)) throw invalid('lang', 'lang must be en, am or om')
      if (calendar !== 'gregorian' && calendar !== 'ethiopian') {
        throw invalid('calendar', 'calendar must be gregorian or ethiopian')
      }
      const rawStatus = request.query.status?.trim()
      let status: string | undefined
      if (rawStatus && rawStatus.toLowerCase() !== 'all') {
        status = normalizeEnum('membership_status', rawStatus)
        if (!status) throw invalid('status', 'status is not a membership status')
      }
      const stamp = new Date().toISOString().slice(0, 10)
      const stream = exportMembers(db, format, {
        ownerId: ownerScope(request.user, request.query.owner),
        query: q,
        status,
        lang,
        calendar: calendar as Calendar,
      })
      stream.on('error', (error) => request.log.error({ err: error }, 'export failed'))
      return reply
        .type(TYPES[format])
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="abal-members-${stamp}.${format}"`)
        .send(stream)
    },
  )
}
