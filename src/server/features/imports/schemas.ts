// Request and response shapes of the import calls and the member export (docs/api.md).
import { answers, fileAnswer, idParams, SPREADSHEET_TYPES } from '../../plugins/schemas'
import { DOWNLOAD_QUERY_PROPERTIES } from './spreadsheetDownload'

const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const

/**
 * An import's state as each step answers it (docs/api.md, "Imports"): its id, the columns and
 * how they were matched, counts and row verdicts. Open: every field the service sends is kept.
 */
const importAnswer = {
  type: 'object',
  description: "The import's state after this step (docs/api.md, Imports)",
  additionalProperties: true,
} as const

/** Bodies the routes check themselves (their own messages), so they attach the schema's verdict. */
const choices = (description: string, properties: Record<string, object>) =>
  ({ type: 'object', description, properties }) as const

export const importUploadSchema = {
  summary: 'Upload a CSV or XLSX file of members: nothing is written to members yet',
  body: {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            file: { type: 'string', format: 'binary', description: 'CSV or XLSX' },
            calendar: { type: 'string', description: 'gregorian (default) or ethiopian' },
            progress: { type: 'string', description: 'A token to follow progress by' },
          },
        },
      },
    },
  },
  response: answers({ 200: importAnswer }),
} as const

export const importProgressSchema = {
  summary: "A long step's progress, under the token the client chose",
  params: {
    type: 'object',
    required: ['token'],
    properties: { token: { type: 'string' } },
  },
  response: answers({
    200: { type: 'object', description: 'How far the step is', additionalProperties: true },
  }),
} as const

export const importTemplateSchema = {
  summary: 'The import template workbook',
  querystring: {
    type: 'object',
    properties: {
      lang: { type: 'string', description: 'en, am or om' },
      calendar: { type: 'string', description: 'gregorian or ethiopian' },
    },
  },
  response: answers({ 200: fileAnswer('The template', XLSX) }),
} as const

export const importPreviewSchema = {
  summary: 'Check the rows with the chosen column matches; nothing is written',
  params: idParams('id'),
  body: choices('Column matches and choices (docs/api.md)', {
    progress: { type: 'string' },
  }),
  response: answers({ 200: importAnswer }),
} as const

export const importCommitSchema = {
  summary: 'Write the checked rows as members',
  params: idParams('id'),
  body: choices('What to do with duplicates, and the choices of the preview', {
    on_duplicate: { description: 'skip, update or create' },
    progress: { type: 'string' },
  }),
  response: answers({ 200: importAnswer }),
} as const

export const importReportSchema = {
  summary: 'The refused rows of an import, as a workbook (or CSV with format=csv)',
  params: idParams('id'),
  querystring: {
    type: 'object',
    properties: { lang: { type: 'string' }, format: { type: 'string', maxLength: 10 } },
  },
  response: answers({ 200: fileAnswer('The refused rows', SPREADSHEET_TYPES) }),
} as const

export const memberExportSchema = {
  summary: 'The member list as it is shown, as CSV or XLSX',
  querystring: {
    type: 'object',
    properties: {
      ...DOWNLOAD_QUERY_PROPERTIES,
      q: { type: 'string', maxLength: 200 },
      status: { type: 'string', maxLength: 40 },
      owner: { type: 'string', maxLength: 20 },
    },
  },
  response: answers({ 200: fileAnswer('The members', SPREADSHEET_TYPES) }),
} as const
