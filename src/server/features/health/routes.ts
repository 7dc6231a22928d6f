import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Dialect } from '../../db/database'
import type { Database } from '../../db/tables'
import { sendError } from '../../plugins/errors'
import { pingDatabase } from './repository'
import { healthSchema, testDbSchema, versionSchema } from './schemas'

export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; dialect: Dialect; version: () => AppVersion },
) {
  app.get('/health', { schema: healthSchema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return { status: 'ok', version: deps.version().version, uptime_s: Math.round(process.uptime()) }
  })

  // Reports whether the database answers and how fast; never any data.
  app.get('/api/test-db', { schema: testDbSchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    const started = performance.now()
    try {
      await pingDatabase(deps.db)
    } catch (err) {
      request.log.error({ err }, 'database check failed')
      return sendError(reply, 503, 'Database unavailable')
    }
    const latency = Math.round((performance.now() - started) * 100) / 100
    return { success: true, database: 'connected', dialect: deps.dialect, latency_ms: latency }
  })

  app.get('/version.json', { schema: versionSchema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache, no-store, must-revalidate')
    return deps.version()
  })
}

export interface AppVersion {
  version: string
  build: string
}
