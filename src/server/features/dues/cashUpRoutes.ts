// HTTP of the day's cash-up.
import type { FastifyInstance } from 'fastify'
import { signedIn } from '../auth'
import { signedInRead, type DuesDeps } from './requestUser'
import { cashUp, closeDay } from './cashUpService'
import {
  type CashUpClose,
  cashUpCloseBody,
  cashUpCloseResponse,
  type CashUpQuery,
  cashUpQuery,
  cashUpResponse,
} from './cashUpSchemas'

export function cashUpRoutes(app: FastifyInstance, deps: DuesDeps) {
  const { db } = deps

  app.get<{ Querystring: CashUpQuery }>(
    '/api/cash-up',
    {
      ...signedInRead(app),
      schema: { querystring: cashUpQuery, response: cashUpResponse },
    },
    async (request) => cashUp(db, signedIn(request), request.query, deps.clock()),
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
