// HTTP of funds and rates: GET for anyone signed in, writes for admins.
import type { FastifyInstance } from 'fastify'
import { answers, arrayOf } from '../../plugins/schemas'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { actorOf } from './requestUser'
import { changeFund, createFund, fundNotFound, getFund, listFunds, setRate } from './fundService'
import {
  type FundCreate,
  fundCreateBody,
  type FundUpdate,
  fundUpdateBody,
  idParams,
  type RateCreate,
  fundAnswer,
  rateBody,
} from './fundSchemas'

export function fundRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  const admin = app.requireAllowed('dues.manage')

  app.get(
    '/api/funds',
    { preHandler: app.requireUser, schema: { response: answers({ 200: arrayOf(fundAnswer) }) } },
    async () => listFunds(db),
  )

  app.post<{ Body: FundCreate }>(
    '/api/funds',
    { preHandler: admin, schema: { body: fundCreateBody, response: answers({ 201: fundAnswer }) } },
    async (request, reply) =>
      reply.code(201).send(await createFund(db, actorOf(request), request.body)),
  )

  app.get<{ Params: { id: number } }>(
    '/api/funds/:id',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, response: answers({ 200: fundAnswer }) },
    },
    async (request) => (await getFund(db, request.params.id)) ?? Promise.reject(fundNotFound()),
  )

  app.put<{ Params: { id: number }; Body: FundUpdate }>(
    '/api/funds/:id',
    {
      preHandler: admin,
      schema: { params: idParams, body: fundUpdateBody, response: answers({ 200: fundAnswer }) },
    },
    async (request) => changeFund(db, actorOf(request), request.params.id, request.body),
  )

  app.post<{ Params: { id: number }; Body: RateCreate }>(
    '/api/funds/:id/rates',
    {
      preHandler: admin,
      schema: { params: idParams, body: rateBody, response: answers({ 201: fundAnswer }) },
    },
    async (request, reply) =>
      reply.code(201).send(await setRate(db, actorOf(request), request.params.id, request.body)),
  )
}
