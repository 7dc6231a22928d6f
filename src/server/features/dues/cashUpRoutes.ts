// HTTP of the day's cash-up.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { signedIn } from './requestUser'
import { cashUp, closeDay } from './cashUpService'
import {
  type CashUpClose,
  cashUpCloseBody,
  cashUpCloseResponse,
  type CashUpQuery,
  cashUpQuery,
  cashUpResponse,
} from './cashUpSchemas'

export function cashUpRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => Date },
) {
  const { db } = deps

  app.get<{ Querystring: CashUpQuery }>(
    '/api/cash-up',
    {
      preHandler: app.requireUser,
      schema: { querystring: cashUpQuery, response: cashUpResponse },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return cashUp(db, signedIn(request), request.query, deps.clock())
    },
  )

  app.post<{ Body: CashUpClose }>(
    '/api/cash-up/close',
    {
      preHandler: app.requireUser,
      schema: { body: cashUpCloseBody, response: cashUpCloseResponse },
    },
    async (request) => closeDay(db, signedIn(request), request.body, deps.clock()),
  )
}
