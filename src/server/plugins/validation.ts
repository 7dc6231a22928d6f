import { AjvCompiler } from '@fastify/ajv-compiler'
import type { FastifyInstance } from 'fastify'

// Fastify's own compiler and options (ajv with its formats), built twice: a JSON body is taken
// as typed, so `true` is not the amount 1 nor "5" an id, while paths and queries, which are
// text by nature, keep Fastify's default coercion of numbers and booleans.
const build = AjvCompiler()
const coercing = build({}, { customOptions: {} })
const asTyped = build({}, { customOptions: { coerceTypes: false } })

export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler((route) => (route.httpPart === 'body' ? asTyped : coercing)(route))
}
