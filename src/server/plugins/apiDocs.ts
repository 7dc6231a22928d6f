import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { PUBLIC } from './schemas'

export const OPENAPI_PATH = '/api/openapi.json'
export const DOCS_PREFIX = '/api/docs'

/**
 * The OpenAPI 3.1 document made from every route's schemas, served at /api/openapi.json, and
 * Swagger UI at /api/docs from the package's own files (no CDN; the app's CSP allows it).
 * Registered before any route: @fastify/swagger learns the routes from its onRoute hook.
 */
export async function registerApiDocs(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Abal API',
        version,
        description:
          'The membership API of Abal. Flows, the error shape, limits and examples: docs/api.md.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      // Every route needs a session but those that say `security: []` (schemas.ts PUBLIC).
      security: [{ bearer: [] }],
    },
  })

  // No sign-in and no data: the document describes the routes, never what they hold.
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        ...PUBLIC,
        summary: 'This OpenAPI document',
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache')
      return app.swagger()
    },
  )

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to validator.swagger.io: the page talks to this server only.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
  })
}
