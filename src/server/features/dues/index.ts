// Dues and gifts (issue 46): funds and rates, payments and receipts, standing, reports.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { cashUpRoutes } from './cashUpRoutes'
import { fundRoutes } from './fundRoutes'
import { paymentRoutes } from './paymentRoutes'
import { reportFileSlots, reportRoutes } from './reportRoutes'
import type { AccountSlots } from '../../platform/accountSlots'
import { standingRoutes } from './standingRoutes'

export function duesRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock?: () => Date; reportFiles?: AccountSlots },
) {
  const withClock = { db: deps.db, clock: deps.clock ?? (() => new Date()) }
  fundRoutes(app, withClock)
  paymentRoutes(app, withClock)
  standingRoutes(app, withClock)
  cashUpRoutes(app, withClock)
  reportRoutes(app, { ...withClock, files: deps.reportFiles ?? reportFileSlots() })
}

export { duesDashboard } from './reportService'
export { startMonthOf } from './ledger'
export { recountDuesSummaries, refreshStandings } from './standingsRepository'
export { memberDuesBases } from './ledgerRepository'
export { insertFund, saveRateStep } from './fundRepository'
