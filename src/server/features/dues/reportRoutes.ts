// HTTP of the dues reports: JSON for the screens, .xlsx (format=xlsx) for the office's files.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { signedIn } from './requestUser'
import { arrears, collections, goodStanding, householdStatement, statement } from './reportService'
import {
  type ArrearsQuery,
  arrearsQuery,
  arrearsResponse,
  type CollectionsQuery,
  collectionsQuery,
  collectionsResponse,
  type DownloadQuery,
  type GoodStandingQuery,
  goodStandingQuery,
  goodStandingResponse,
  statementParams,
  type StatementQuery,
  statementQuery,
  statementResponse,
  householdStatementResponse,
} from './reportSchemas'
import {
  arrearsWorkbook,
  collectionsWorkbook,
  goodStandingWorkbook,
  statementWorkbook,
} from './reportWorkbooks'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

function sendXlsx(reply: FastifyReply, file: Buffer, name: string) {
  const stamp = new Date().toISOString().slice(0, 10)
  return reply
    .type(XLSX)
    .header('Content-Disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
    .send(file)
}

const wantsFile = (query: DownloadQuery) => query.format === 'xlsx'
const langOf = (query: DownloadQuery) => query.lang ?? 'en'

export function reportRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => Date },
) {
  const { db } = deps

  app.get<{ Querystring: CollectionsQuery }>(
    '/api/reports/collections',
    {
      preHandler: app.requireUser,
      schema: { querystring: collectionsQuery, response: collectionsResponse },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const report = await collections(db, signedIn(request), request.query, deps.clock())
      if (!wantsFile(request.query)) return report
      const file = await collectionsWorkbook(report, langOf(request.query))
      return sendXlsx(reply, file, `collections-${report.year}`)
    },
  )

  app.get<{ Querystring: ArrearsQuery }>(
    '/api/reports/arrears',
    {
      preHandler: app.requireUser,
      schema: { querystring: arrearsQuery, response: arrearsResponse },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const file = wantsFile(request.query)
      const report = await arrears(db, signedIn(request), request.query, deps.clock(), file)
      if (!file) return report
      return sendXlsx(reply, await arrearsWorkbook(report, langOf(request.query)), 'arrears')
    },
  )

  app.get<{ Querystring: GoodStandingQuery }>(
    '/api/reports/good-standing',
    {
      preHandler: app.requireUser,
      schema: { querystring: goodStandingQuery, response: goodStandingResponse },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const file = wantsFile(request.query)
      const report = await goodStanding(db, signedIn(request), request.query, deps.clock(), file)
      if (!file) return report
      const sheet = await goodStandingWorkbook(report, langOf(request.query))
      return sendXlsx(reply, sheet, 'good-standing')
    },
  )

  app.get<{ Params: { id: number }; Querystring: StatementQuery }>(
    '/api/members/:id/statement',
    {
      preHandler: app.requireUser,
      schema: { params: statementParams, querystring: statementQuery, response: statementResponse },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const report = await statement(
        db,
        signedIn(request),
        request.params.id,
        request.query.year,
        deps.clock(),
      )
      if (!wantsFile(request.query)) return report
      const file = await statementWorkbook(
        report,
        langOf(request.query),
        request.query.calendar ?? 'gregorian',
      )
      return sendXlsx(reply, file, `statement-${report.member_id}-${report.year}`)
    },
  )

  app.get<{ Params: { id: number }; Querystring: StatementQuery }>(
    '/api/households/:id/statement',
    {
      preHandler: app.requireUser,
      schema: {
        params: statementParams,
        querystring: statementQuery,
        response: householdStatementResponse,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const report = await householdStatement(
        db,
        signedIn(request),
        request.params.id,
        request.query.year,
        deps.clock(),
      )
      if (!wantsFile(request.query)) return report
      const file = await statementWorkbook(
        { ...report, first_name: report.name, last_name: '' },
        langOf(request.query),
        request.query.calendar ?? 'gregorian',
      )
      return sendXlsx(reply, file, `household-statement-${report.household_id}-${report.year}`)
    },
  )
}
