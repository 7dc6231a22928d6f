// HTTP of a member's and a household's dues (strip, settings) and of waivers.
import type { FastifyInstance } from 'fastify'
import { answers } from '../../plugins/schemas'
import { idParams } from './fundSchemas'
import { signedIn } from '../auth'
import { signedInRead, type DuesDeps } from './requestUser'
import { changeDuesSettings, householdDues, memberDues, waiveMonths } from './standingService'
import {
  duesSettingsResponse,
  householdDuesResponse,
  type MemberDuesQuery,
  memberDuesQuery,
  type MemberDuesSettings,
  memberDuesSettingsBody,
  type WaiverCreate,
  memberDuesAnswer,
  memberDuesSettingsAnswer,
  waiverBody,
  waiverResponse,
} from './standingSchemas'

export function standingRoutes(app: FastifyInstance, deps: DuesDeps) {
  const { db } = deps

  app.get<{ Params: { id: number }; Querystring: MemberDuesQuery }>(
    '/api/members/:id/dues',
    {
      ...signedInRead(app),
      schema: {
        params: idParams,
        querystring: memberDuesQuery,
        response: answers({ 200: memberDuesAnswer }),
      },
    },
    async (request) =>
      memberDues(db, signedIn(request), request.params.id, request.query, deps.clock()),
  )

  app.put<{ Params: { id: number }; Body: MemberDuesSettings }>(
    '/api/members/:id/dues',
    {
      preHandler: app.requireUser,
      schema: {
        params: idParams,
        body: memberDuesSettingsBody,
        response: answers({ 200: memberDuesSettingsAnswer }),
      },
    },
    async (request) =>
      changeDuesSettings(db, signedIn(request), 'member_id', request.params.id, request.body),
  )

  app.get<{ Params: { id: number }; Querystring: MemberDuesQuery }>(
    '/api/households/:id/dues',
    {
      ...signedInRead(app),
      schema: { params: idParams, querystring: memberDuesQuery, response: householdDuesResponse },
    },
    async (request) =>
      householdDues(db, signedIn(request), request.params.id, request.query, deps.clock()),
  )

  app.put<{ Params: { id: number }; Body: MemberDuesSettings }>(
    '/api/households/:id/dues',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, body: memberDuesSettingsBody, response: duesSettingsResponse },
    },
    async (request) =>
      changeDuesSettings(db, signedIn(request), 'household_id', request.params.id, request.body),
  )

  app.post<{ Body: WaiverCreate }>(
    '/api/dues/waivers',
    { preHandler: app.requireUser, schema: { body: waiverBody, response: waiverResponse } },
    async (request, reply) =>
      reply.code(201).send(await waiveMonths(db, signedIn(request), request.body)),
  )
}
