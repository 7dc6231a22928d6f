// Dues and gifts (issue 46): funds and rates, payments and receipts, standing, reports.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { fundRoutes } from './fundRoutes'

export function duesRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  fundRoutes(app, deps)
}

export type { Fund } from './fundSchemas'
