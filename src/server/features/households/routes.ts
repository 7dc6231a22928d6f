// The household calls of issue 44 (docs/api.md): HTTP only; each use case is a service call.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { signedIn } from '../auth'
import { ApiError } from '../../plugins/errors'
import { MAX_ID } from '../../plugins/inputGuard'
import { noStore } from '../../plugins/security'
import { idempotencyKey, replayed } from '../../plugins/idempotency'
import { answers, idempotentCreate, NO_BODY, noContent } from '../../plugins/schemas'
import {
  householdAnswer,
  householdBody,
  householdMemberParams,
  householdPageAnswer,
  householdParams,
  listQuery,
  memberRoleBody,
  transferBody,
} from './schemas'
import * as households from './service'

interface IdParams {
  id: string
}
interface MemberParams extends IdParams {
  memberId: string
}
interface ListQuery {
  q?: string
  cursor?: string
  limit?: number
  owner?: string
}

/** Route ids are positive integers; anything else names nothing (404), beyond 32 bits a 400. */
function routeId(raw: string, message: string): number {
  if (!/^\d+$/.test(raw)) throw new ApiError(404, message)
  const id = Number(raw)
  if (id > MAX_ID) throw new ApiError(400, 'Invalid id')
  if (id < 1) throw new ApiError(404, message)
  return id
}
const householdId = (params: IdParams) => routeId(params.id, households.HOUSEHOLD_NOT_FOUND)
const memberId = (params: MemberParams) => routeId(params.memberId, households.MEMBER_NOT_FOUND)

/** A transfer's target account: a positive integer, as a number or numeric text. */
function targetUserId(body: unknown): number {
  const raw = (body as Record<string, unknown>).targetUserId
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : raw
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw new ApiError(400, 'Please select a user to transfer to', { targetUserId: 'invalidValue' })
  }
  return id
}

/** The schema of a call that changes one household and answers with it. */
const changesHousehold = (params: object, body?: object) => ({
  schema: { ...(body ? { body } : NO_BODY), params, response: answers({ 200: householdAnswer }) },
})

export async function householdRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  await app.register(async (scope) => {
    scope.addHook('preHandler', scope.requireUser)
    // Family data is personal, as member data is: never cached.
    scope.addHook('onSend', noStore)

    scope.get<{ Querystring: ListQuery }>(
      '/api/households',
      { schema: { querystring: listQuery, response: answers({ 200: householdPageAnswer }) } },
      async (request) => households.listHouseholds(db, signedIn(request), request.query),
    )

    scope.post(
      '/api/households',
      {
        schema: idempotentCreate(householdBody, householdAnswer),
      },
      async (request, reply) => {
        const key = idempotencyKey(request)
        const created = await households.createHousehold(db, signedIn(request), request.body, key)
        if (created.replayed) return replayed(reply, created.household)
        return reply.code(201).send(created.household)
      },
    )

    scope.get<{ Params: IdParams }>(
      '/api/households/:id',
      { schema: { params: householdParams, response: answers({ 200: householdAnswer }) } },
      async (request) =>
        households.getHousehold(db, signedIn(request), householdId(request.params)),
    )

    scope.put<{ Params: IdParams }>(
      '/api/households/:id',
      changesHousehold(householdParams, householdBody),
      async (request) =>
        households.updateHousehold(
          db,
          signedIn(request),
          householdId(request.params),
          request.body,
        ),
    )

    scope.delete<{ Params: IdParams }>(
      '/api/households/:id',
      { schema: { ...NO_BODY, params: householdParams, response: answers({ 204: noContent }) } },
      async (request, reply) => {
        await households.deleteHousehold(db, signedIn(request), householdId(request.params))
        return reply.code(204).send()
      },
    )

    scope.post<{ Params: IdParams }>(
      '/api/households/:id/transfer',
      changesHousehold(householdParams, transferBody),
      async (request) => {
        const user = signedIn(request)
        const id = householdId(request.params)
        return households.transferHousehold(db, user, id, targetUserId(request.body))
      },
    )

    scope.put<{ Params: MemberParams }>(
      '/api/households/:id/members/:memberId',
      changesHousehold(householdMemberParams, memberRoleBody),
      async (request) =>
        households.setMemberRole(
          db,
          signedIn(request),
          householdId(request.params),
          memberId(request.params),
          request.body,
        ),
    )

    scope.delete<{ Params: MemberParams }>(
      '/api/households/:id/members/:memberId',
      changesHousehold(householdMemberParams),
      async (request) =>
        households.removeMember(
          db,
          signedIn(request),
          householdId(request.params),
          memberId(request.params),
        ),
    )
  })
}
