import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { AuditEventRow, Database } from '../db/tables'
import { ApiError } from '../plugins/errors'
import { findMemberOwner } from '../repositories/memberAccess'
import { AUDIT_ACTIONS } from '../services/history'

export interface AuditEvent {
  seq: number
  at: string
  actor_id: number | null
  actor_username: string | null
  action: string
  member_id: number | null
  subject_user_id: number | null
  details: Record<string, unknown>
}

const toEvent = (row: AuditEventRow): AuditEvent => ({
  seq: Number(row.seq),
  at: row.at,
  actor_id: row.actor_id,
  actor_username: row.actor_username,
  action: row.action,
  member_id: row.member_id,
  subject_user_id: row.subject_user_id,
  details: JSON.parse(row.details) as Record<string, unknown>,
})

interface AuditQuery {
  actor?: number
  action?: string
  member_id?: number
  from?: string
  to?: string
  cursor?: string
  limit?: number
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$'
const MAX_LIMIT = 200

/** Reading the history: per member, and the whole of it with filters (admin and auditor). */
export function historyRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps

  app.get<{ Params: { id: string } }>(
    '/api/members/:id/history',
    { preHandler: app.requireUser },
    async (request, reply) => {
      const user = request.user!
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0
      if (id < 1) throw new ApiError(404, 'Member not found')
      // Clerks see the history of the members they own now; admins and auditors any member's,
      // deleted ones included.
      const owner = await findMemberOwner(db, id)
      if (user.role === 'clerk' && owner !== user.id) throw new ApiError(404, 'Member not found')
      const rows = await db
        .selectFrom('audit_events')
        .selectAll()
        .where('member_id', '=', id)
        .orderBy('seq', 'desc')
        .limit(1000)
        .execute()
      if (owner === undefined && rows.length === 0) throw new ApiError(404, 'Member not found')
      reply.header('Cache-Control', 'no-store')
      return { items: rows.map(toEvent) }
    },
  )

  app.get<{ Querystring: AuditQuery }>(
    '/api/audit',
    {
      preHandler: app.requireRole('admin', 'auditor'),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            actor: { type: 'integer', minimum: 1, maximum: 2147483647 },
            action: { type: 'string', enum: [...AUDIT_ACTIONS] },
            member_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            from: { type: 'string', pattern: DATE },
            to: { type: 'string', pattern: DATE },
            cursor: { type: 'string', pattern: '^\\d{1,10}$' },
            limit: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query
      const limit = Math.min(q.limit ?? 50, MAX_LIMIT)
      let query = db.selectFrom('audit_events').selectAll()
      if (q.actor !== undefined) query = query.where('actor_id', '=', q.actor)
      if (q.action) query = query.where('action', '=', q.action)
      if (q.member_id !== undefined) query = query.where('member_id', '=', q.member_id)
      // Dates are whole UTC days; `at` is ISO text, so text comparison orders them.
      if (q.from) query = query.where('at', '>=', `${q.from}T00:00:00.000Z`)
      if (q.to) query = query.where('at', '<', nextDay(q.to))
      if (q.cursor) query = query.where('seq', '<', Number(q.cursor))
      const rows = await query
        .orderBy('seq', 'desc')
        .limit(limit + 1)
        .execute()
      const items = rows.slice(0, limit).map(toEvent)
      reply.header('Cache-Control', 'no-store')
      return {
        items,
        next_cursor: rows.length > limit ? String(items[items.length - 1].seq) : null,
      }
    },
  )
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`)
  if (Number.isNaN(day.getTime())) throw new ApiError(400, 'Invalid date', { to: 'invalidDate' })
  return new Date(day.getTime() + 24 * 60 * 60 * 1000).toISOString()
}
