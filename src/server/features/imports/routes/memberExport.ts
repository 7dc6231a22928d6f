import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { normalizeEnum } from '../../../../domain'
import type { Database } from '../../../db/tables'
import type { AccountSlots } from '../../../platform/accountSlots'
import { exportMembers } from '../memberExport'
import { ownerScope } from '../../accounts'
import { signedIn } from '../../auth'
import {
  downloadChoices,
  holdDownloadSlot,
  invalidValue,
  sendSpreadsheet,
} from '../spreadsheetDownload'
import { memberExportSchema } from '../schemas'

interface ExportQuery {
  format?: string
  q?: string
  status?: string
  lang?: string
  calendar?: string
  owner?: string
}

/** GET /api/members/export (docs/api.md): the member list as it is shown, as .xlsx or .csv. */
export function memberExportRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; downloads: AccountSlots },
) {
  const { db } = deps
  app.get<{ Querystring: ExportQuery }>(
    '/api/members/export',
    {
      preHandler: app.requireUser,
      schema: memberExportSchema,
    },
    async (request, reply) => {
      const user = signedIn(request)
      const { format, lang, calendar } = downloadChoices(request.query)
      const rawStatus = request.query.status?.trim()
      let status: string | undefined
      if (rawStatus && rawStatus.toLowerCase() !== 'all') {
        status = normalizeEnum('membership_status', rawStatus)
        if (!status) throw invalidValue('status', 'status is not a membership status')
      }
      holdDownloadSlot(deps.downloads, reply, user.id)
      const stream = exportMembers(db, format, {
        ownerId: ownerScope(user, request.query.owner),
        query: request.query.q,
        status,
        lang,
        calendar,
      })
      stream.on('error', (error) => request.log.error({ err: error }, 'export failed'))
      return sendSpreadsheet(reply, stream, format, 'abal-members')
    },
  )
}
