// HTTP of funds and rates: GET for anyone signed in, writes for admins.
import type { FastifyInstance } from 'fastify'
import { idempotencyKey, replayed } from '../../plugins/idempotency'
import { answers, arrayOf, idempotentCreate } from '../../plugins/schemas'
import { actorOf, type DuesDeps } from './requestUser'
import {
  changeFund,
  createFund,
  fundNotFound,
  getFund,
  listFunds,
  setRate,
  workOutFund,
} from './fundService'
import {
  type Fund,
  type FundCreate,
  fundCreateBody,
  type FundUpdate,
  fundUpdateBody,
  idParams,
  type RateCreate,
  fundAnswer,
  rateBody,
} from './fundSchemas'

export function fundRoutes(app: FastifyInstance, deps: DuesDeps) {
  const { db } = deps
  const admin = app.requireAllowed('dues.manage')
  // A new dues fund or a rate change marks the fund's rows; they are worked out after the answer,
  // and a closing server stops that between batches (a reader works out what is left).
  let closing = false
  const working = new Set<Promise<void>>()
  const workOut = (fund: Fund) => {
    if (fund.kind !== 'dues') return
    const work: Promise<void> = workOutFund(db, fund.id, deps.clock(), () => closing)
      .catch((error: unknown) => app.log.error({ err: error, fund_id: fund.id }, 'dues rows'))
      .finally(() => working.delete(work))
    working.add(work)
  }
  app.addHook('onClose', async () => {
    closing = true
    await Promise.all(working)
  })

  app.get(
    '/api/funds',
    { preHandler: app.requireUser, schema: { response: answers({ 200: arrayOf(fundAnswer) }) } },
    async () => listFunds(db),
  )

  app.post<{ Body: FundCreate }>(
    '/api/funds',
    {
      preHandler: admin,
      schema: idempotentCreate(fundCreateBody, fundAnswer),
    },
    async (request, reply) => {
      const key = idempotencyKey(request)
      const created = await createFund(db, actorOf(request), request.body, key)
      // A repeat's rows were marked and worked out by the first request (a reader does the rest).
      if (created.replayed) return replayed(reply, created.fund)
      workOut(created.fund)
      return reply.code(201).send(created.fund)
    },
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
    async (request, reply) => {
      const fund = await setRate(db, actorOf(request), request.params.id, request.body)
      workOut(fund)
      return reply.code(201).send(fund)
    },
  )
}
