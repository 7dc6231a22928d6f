// HTTP of the dues reports: JSON for the screens, .xlsx (format=xlsx) for the office's files.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { Db } from '../../db/tables'
import { AccountSlots } from '../../platform/accountSlots'
import type { Language } from '../../platform/spreadsheetText'
import { type RequestUser, signedIn } from '../auth'
import { type DuesDeps, signedInRead } from './requestUser'
import { arrears, collections, goodStanding, householdStatement, statement } from './reportService'
import {
  arrearsQuery,
  arrearsResponse,
  type CollectionsQuery,
  collectionsQuery,
  collectionsResponse,
  type DownloadQuery,
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

export const REPORT_FILES_BUSY =
  'Your report files are already being prepared. Please wait for them and try again.'

/** A report's workbook is built in memory (about 150 MB for 20,000 payers): two per account. */
export const reportFileSlots = () => new AccountSlots(2, REPORT_FILES_BUSY)

function sendXlsx(reply: FastifyReply, file: Buffer, name: string) {
  const stamp = new Date().toISOString().slice(0, 10)
  return reply
    .type(XLSX)
    .header('Content-Disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
    .send(file)
}

const langOf = (query: DownloadQuery) => query.lang ?? 'en'
const calendarOf = (query: DownloadQuery) => query.calendar ?? 'gregorian'

/** A report's request: its query (with format, lang, calendar) and a statement's `:id`. */
interface ReportRequest<Query extends DownloadQuery = StatementQuery> extends FastifyRequest {
  params: { id: number }
  query: Query
}

/** The workbook of a report, and the start of its file name (the day is added). */
interface Workbook {
  file: Buffer
  name: string
}

export function reportRoutes(app: FastifyInstance, deps: DuesDeps & { files: AccountSlots }) {
  const { db } = deps

  /**
   * A report's GET: signed in, never cached; the report as JSON, or with format=xlsx as a
   * workbook. `read` is told which, as a file lists every line (no page).
   */
  function reportRoute<Query extends DownloadQuery, Report>(
    url: string,
    schema: FastifySchema,
    read: (request: ReportRequest<Query>, file: boolean) => Promise<Report>,
    workbook: (report: Report, query: Query) => Promise<Workbook>,
  ) {
    app.get(url, { ...signedInRead(app), schema }, async (request, reply) => {
      // The schema checked the query; Fastify types it per route, not per helper.
      const asked = request as ReportRequest<Query>
      const file = asked.query.format === 'xlsx'
      if (!file) return read(asked, false)
      const release = deps.files.acquire(signedIn(request).id)
      try {
        const { file: sheet, name } = await workbook(await read(asked, true), asked.query)
        return sendXlsx(reply, sheet, name)
      } finally {
        release()
      }
    })
  }

  reportRoute(
    '/api/reports/collections',
    { querystring: collectionsQuery, response: collectionsResponse },
    (request: ReportRequest<CollectionsQuery>) =>
      collections(db, signedIn(request), request.query, deps.clock()),
    async (report, query) => ({
      file: await collectionsWorkbook(report, langOf(query)),
      name: `collections-${report.year}`,
    }),
  )

  /** A list of payers (arrears, good standing): a page as JSON, every line in the file. */
  function payerReport<Query extends DownloadQuery, Report>(
    name: 'arrears' | 'good-standing',
    schema: FastifySchema,
    read: (db: Db, user: RequestUser, query: Query, now: Date, file: boolean) => Promise<Report>,
    workbook: (report: Report, lang: Language) => Promise<Buffer>,
  ) {
    reportRoute(
      `/api/reports/${name}`,
      schema,
      (request: ReportRequest<Query>, file) =>
        read(db, signedIn(request), request.query, deps.clock(), file),
      async (report, query) => ({ file: await workbook(report, langOf(query)), name }),
    )
  }

  payerReport(
    'arrears',
    { querystring: arrearsQuery, response: arrearsResponse },
    arrears,
    arrearsWorkbook,
  )
  payerReport(
    'good-standing',
    { querystring: goodStandingQuery, response: goodStandingResponse },
    goodStanding,
    goodStandingWorkbook,
  )

  reportRoute(
    '/api/members/:id/statement',
    { params: statementParams, querystring: statementQuery, response: statementResponse },
    (request: ReportRequest) =>
      statement(db, signedIn(request), request.params.id, request.query.year, deps.clock()),
    async (report, query) => ({
      file: await statementWorkbook(report, langOf(query), calendarOf(query)),
      name: `statement-${report.member_id}-${report.year}`,
    }),
  )

  reportRoute(
    '/api/households/:id/statement',
    { params: statementParams, querystring: statementQuery, response: householdStatementResponse },
    (request: ReportRequest) =>
      householdStatement(
        db,
        signedIn(request),
        request.params.id,
        request.query.year,
        deps.clock(),
      ),
    async (report, query) => ({
      file: await statementWorkbook(
        { ...report, first_name: report.name, last_name: '' },
        langOf(query),
        calendarOf(query),
      ),
      name: `household-statement-${report.household_id}-${report.year}`,
    }),
  )
}
