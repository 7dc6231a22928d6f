// HTTP of payments and the public receipt check.
import type { FastifyInstance } from 'fastify'
import { answers, idempotentCreate, PUBLIC } from '../../plugins/schemas'
import { idempotencyKey, replayed } from '../../plugins/idempotency'
import { signedIn } from '../auth'
import { signedInRead, type DuesDeps } from './requestUser'
import {
  checkReceipt,
  listPayments,
  readPayment,
  recordPayment,
  voidPayment,
} from './paymentService'
import {
  paymentAnswer,
  type PaymentCreate,
  paymentCreateBody,
  paymentPageAnswer,
  receiptCheckAnswer,
  type PaymentListQuery,
  paymentListQuery,
  verifyParams,
  voidBody,
} from './paymentSchemas'
import { idParams } from './fundSchemas'

export function paymentRoutes(app: FastifyInstance, deps: DuesDeps) {
  const { db } = deps

  app.post<{ Body: PaymentCreate }>(
    '/api/payments',
    {
      preHandler: app.requireUser,
      schema: idempotentCreate(paymentCreateBody, paymentAnswer),
    },
    async (request, reply) => {
      const key = idempotencyKey(request)
      const result = await recordPayment(db, signedIn(request), request.body, key, deps.clock())
      if (result.replayed) return replayed(reply, result.payment)
      return reply.code(201).send(result.payment)
    },
  )

  app.get<{ Querystring: PaymentListQuery }>(
    '/api/payments',
    {
      ...signedInRead(app),
      schema: { querystring: paymentListQuery, response: answers({ 200: paymentPageAnswer }) },
    },
    async (request) => listPayments(db, signedIn(request), request.query),
  )

  app.get<{ Params: { id: number } }>(
    '/api/payments/:id',
    {
      ...signedInRead(app),
      schema: { params: idParams, response: answers({ 200: paymentAnswer }) },
    },
    async (request) => readPayment(db, signedIn(request), request.params.id),
  )

  app.post<{ Params: { id: number }; Body: { reason: string } }>(
    '/api/payments/:id/void',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, body: voidBody, response: answers({ 200: paymentAnswer }) },
    },
    async (request) => voidPayment(db, signedIn(request), request.params.id, request.body.reason),
  )

  // Public: the QR code on a receipt. The code is 128 random bits, not the receipt number.
  app.get<{ Params: { code: string } }>(
    '/api/receipts/verify/:code',
    { schema: { ...PUBLIC, params: verifyParams, response: answers({ 200: receiptCheckAnswer }) } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return checkReceipt(db, request.params.code)
    },
  )
}
