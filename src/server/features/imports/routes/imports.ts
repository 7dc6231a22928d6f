import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import { isLanguage, type Calendar, type Language } from '../fieldDictionary'
import { ON_DUPLICATE, type OnDuplicate } from '../../../../domain'
import { commitImport, createImport, importReport, previewImport } from '../service'
import { isProgressToken, progressReporter, readProgress } from '../progress'
import { fileKind } from '../readTable'
import { readTableOffThread } from '../tableReader'
import { reportCsv, reportWorkbook, templateWorkbook } from '../workbooks'
import { invalidValue } from '../spreadsheetDownload'
import { signedIn } from '../../auth'
import { ApiError } from '../../../plugins/errors'
import { asFormError, formParts, registerMultipart } from '../../../plugins/multipart'
import { importGate, scheduleExpiredImportSweep } from '../importLimits'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

interface IdParams {
  id: string
}

/** Import ids are 128 random bits in hex; anything else names no import. */
function importId(params: IdParams): string {
  if (!/^[0-9a-f]{32}$/.test(params.id)) throw new ApiError(404, 'Import not found')
  return params.id
}

function language(raw: unknown): Language {
  if (raw === undefined || raw === '') return 'en'
  if (!isLanguage(raw))
    throw new ApiError(400, 'lang must be en, am or om', { lang: 'invalidValue' })
  return raw
}

function calendarOf(raw: unknown): Calendar {
  if (raw === undefined || raw === '' || raw === 'gregorian') return 'gregorian'
  if (raw === 'ethiopian') return 'ethiopian'
  throw new ApiError(400, 'calendar must be ethiopian or gregorian', { calendar: 'invalidValue' })
}

function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer | Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(bytes)
}

interface Upload {
  bytes: Buffer
  filename: string
  mimetype: string
  calendar?: string
  progress?: string
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new ApiError(400, 'Send the file as multipart/form-data in a part named "file"', {
      file: 'fieldRequired',
    })
  }
  let upload: Omit<Upload, 'calendar'> | undefined
  let calendar: string | undefined
  let progress: string | undefined
  // A body busboy cannot parse (no boundary, cut short) is the client's, as on the members route.
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        let bytes: Buffer
        try {
          bytes = await part.toBuffer()
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new ApiError(413, 'The file is larger than 10 MB', { file: 'fileTooLarge' })
          }
          throw error
        }
        if (part.fieldname === 'file') {
          upload = { bytes, filename: part.filename ?? '', mimetype: part.mimetype ?? '' }
        }
      } else if (part.fieldname === 'calendar' && typeof part.value === 'string') {
        calendar = part.value
      } else if (part.fieldname === 'progress' && typeof part.value === 'string') {
        progress = part.value
      }
    }
  } catch (error) {
    throw asFormError(error)
  }
  if (!upload || upload.bytes.length === 0) {
    throw new ApiError(400, 'The file is empty or missing', { file: 'fieldRequired' })
  }
  return { ...upload, calendar, progress }
}

import {
  importCommitSchema,
  importPreviewSchema,
  importProgressSchema,
  importReportSchema,
  importTemplateSchema,
  importUploadSchema,
} from '../schemas'
/**
 * The import calls of issue 24 (docs/api.md): owner-scoped, an import is its uploader's alone
 * (another account's id is a 404), and nothing is written to members before a commit.
 */
export async function importRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  const withRoom = importGate()
  scheduleExpiredImportSweep(app, db)
  const mayImport = app.requireAllowed('member.import')

  // Outside the scope's session check: a poll from the session whose upload, check or commit
  // reported under the token is answered from memory, while a SQLite commit holds the database.
  // Anything else goes through the full check first (an auditor's poll is still a 403).
  app.get<{ Params: { token: string } }>(
    '/api/imports/progress/:token',
    { schema: importProgressSchema },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const { token } = request.params
      const claims = await app.signedClaims(request)
      const held =
        claims && isProgressToken(token)
          ? readProgress({ id: claims.id, sessionId: claims.sessionId }, token)
          : undefined
      if (held) return held
      await mayImport(request, reply)
      if (reply.sent) return reply
      throw new ApiError(404, 'No progress reported under this token')
    },
  )

  await app.register(async (scope) => {
    await registerMultipart(scope)
    scope.addHook('preHandler', mayImport)
    scope.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('Cache-Control', 'no-store')
      return payload
    })

    scope.post(
      '/api/imports',
      // The upload is read part by part below, with its own messages.
      { schema: importUploadSchema, attachValidation: true },
      async (request) => {
        const owner = signedIn(request)
        return withRoom(owner.id, async () => {
          const upload = await readUpload(request)
          const calendar = calendarOf(upload.calendar)
          const kind = fileKind(upload.bytes, upload.filename, upload.mimetype)
          const table = await readTableOffThread(upload.bytes, kind)
          const progress = progressReporter(owner, upload.progress)
          return createImport(db, owner.id, table, calendar, new Date(), progress)
        })
      },
    )

    scope.get<{ Querystring: { lang?: string; calendar?: string } }>(
      '/api/imports/template',
      { schema: importTemplateSchema },
      async (request, reply) => {
        signedIn(request)
        const lang = language(request.query.lang)
        const calendar = calendarOf(request.query.calendar)
        const bytes = await templateWorkbook(lang, calendar)
        return sendXlsx(reply, `abal-import-template-${lang}.xlsx`, bytes)
      },
    )

    scope.post<{ Params: IdParams }>(
      '/api/imports/:id/preview',
      { schema: importPreviewSchema, attachValidation: true },
      async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>
        if (typeof body !== 'object' || Array.isArray(body)) {
          throw new ApiError(400, 'The request body must be a JSON object')
        }
        const owner = signedIn(request)
        const progress = progressReporter(owner, body.progress)
        const id = importId(request.params)
        return withRoom(owner.id, () => previewImport(db, owner.id, id, body, new Date(), progress))
      },
    )

    scope.post<{ Params: IdParams }>(
      '/api/imports/:id/commit',
      { schema: importCommitSchema, attachValidation: true },
      async (request) => {
        const owner = signedIn(request)
        const id = importId(request.params)
        const body = request.body
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          throw new ApiError(400, 'The request body must be a JSON object', {
            on_duplicate: 'fieldRequired',
          })
        }
        const choices = body as Record<string, unknown>
        const onDuplicate = choices.on_duplicate
        if (!(ON_DUPLICATE as readonly unknown[]).includes(onDuplicate)) {
          throw new ApiError(400, 'on_duplicate must be skip, update or create', {
            on_duplicate: 'invalidValue',
          })
        }
        const progress = progressReporter(owner, choices.progress)
        return withRoom(owner.id, () =>
          commitImport(
            db,
            owner,
            id,
            { choices, on_duplicate: onDuplicate as OnDuplicate },
            new Date(),
            progress,
          ),
        )
      },
    )

    scope.get<{ Params: IdParams; Querystring: { lang?: string; format?: string } }>(
      '/api/imports/:id/report',
      { schema: importReportSchema },
      async (request, reply) => {
        const lang = language(request.query.lang)
        const { format = 'xlsx' } = request.query
        if (format !== 'xlsx' && format !== 'csv') {
          throw invalidValue('format', 'format must be xlsx or csv')
        }
        const report = await importReport(db, signedIn(request).id, importId(request.params))
        if (format === 'xlsx') {
          const stream = reportWorkbook(report, lang)
          stream.on('error', (error) => request.log.error({ err: error }, 'report failed'))
          return sendXlsx(reply, 'abal-import-refused-rows.xlsx', stream)
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="abal-import-refused-rows.csv"')
          .send(reportCsv(report, lang))
      },
    )
  })
}
