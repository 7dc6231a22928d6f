// HTTP of the church profile: GET (signed in), PUT (admins), and the logo (public: it is
// printed on receipts and cards and shown on the public receipt check).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { signedIn } from '../auth'
import { ApiError } from '../../plugins/errors'
import {
  type ChurchDefaults,
  getChurchLogo,
  getChurchProfile,
  updateChurchProfile,
} from './service'
import { answers, fileAnswer, PUBLIC } from '../../plugins/schemas'
import { churchProfileAnswer, type ChurchProfileUpdate, churchUpdateBody } from './schemas'

function actorOf(request: FastifyRequest) {
  const { id, username } = signedIn(request)
  return { id, username }
}

export function churchProfileRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database> } & ChurchDefaults,
) {
  const { db } = deps
  app.get(
    '/api/church',
    { preHandler: app.requireUser, schema: { response: answers({ 200: churchProfileAnswer }) } },
    async () => getChurchProfile(db, deps),
  )

  app.put<{ Body: ChurchProfileUpdate }>(
    '/api/church',
    // The logo comes as a data URL: allow a little over its limit.
    {
      preHandler: app.requireAllowed('church.manage'),
      schema: { body: churchUpdateBody, response: answers({ 200: churchProfileAnswer }) },
      bodyLimit: 1_200_000,
    },
    async (request) => updateChurchProfile(db, actorOf(request), request.body, deps),
  )

  app.get<{ Querystring: { v?: string } }>(
    '/api/church/logo',
    {
      schema: {
        ...PUBLIC,
        querystring: {
          type: 'object',
          properties: { v: { type: 'string', maxLength: 32, description: 'The logo version' } },
        },
        response: answers({ 200: fileAnswer('The logo', ['image/png']) }),
      },
    },
    async (request, reply) => {
      const logo = await getChurchLogo(db)
      if (!logo) throw new ApiError(404, 'Not found')
      // The versioned address never changes content; the bare one is checked each time.
      reply.header(
        'Cache-Control',
        request.query.v === logo.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      return reply.type('image/png').send(Buffer.from(logo.bytes))
    },
  )
}
