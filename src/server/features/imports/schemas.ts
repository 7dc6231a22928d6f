// Request and response shapes of the import calls and the member export (docs/api.md).
import { answers, fileAnswer, idParams, SPREADSHEET_TYPES } from '../../plugins/schemas'
import { DOWNLOAD_QUERY_PROPERTIES } from './spreadsheetDownload'

const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const

const text = { type: 'string' } as const
const integer = { type: 'integer' } as const
const nullableText = { type: ['string', 'null'] } as const
const texts = { type: 'array', items: text } as const
/** A member field's value as the import read it: text, a list, a number, a yes/no or empty. */
const fieldValue = { anyOf: [texts, { type: ['string', 'number', 'boolean', 'null'] }] } as const
const closed = (properties: Record<string, object>, optional: readonly string[] = []) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  }) as const
const rowError = closed({ row: integer, field: text, message: text, value: text }, ['value'])

/**
 * An import's state after an upload or a preview (domain ImportPreview, docs/api.md "Imports"):
 * its id, the columns and how they were matched, counts and row verdicts.
 */
const importAnswer = {
  ...closed({
    id: text,
    columns: texts,
    mapping: { type: 'object', additionalProperties: nullableText },
    rows: integer,
    preview: {
      type: 'array',
      description: 'The first rows as read: their number and member fields',
      items: {
        type: 'object',
        required: ['row'],
        properties: { row: integer },
        additionalProperties: fieldValue,
      },
    },
    errors: { type: 'array', items: rowError },
    warnings: { type: 'array', items: rowError },
    duplicates: {
      type: 'array',
      items: closed(
        {
          row: integer,
          member_id: { type: ['integer', 'null'] },
          other_row: { type: ['integer', 'null'] },
          reason: text,
          refused: { type: 'boolean' },
        },
        ['refused'],
      ),
    },
    values: {
      type: 'array',
      items: closed({
        column: text,
        field: text,
        values: { type: 'array', items: closed({ value: text, count: integer }) },
        accepted: texts,
      }),
    },
    date_columns: {
      type: 'array',
      items: closed({
        column: text,
        field: text,
        calendar: text,
        confirmed: { type: 'boolean' },
        date_cells: integer,
        needs_choice: { type: 'boolean' },
        samples: {
          type: 'array',
          items: closed({ text, gregorian: nullableText, ethiopian: nullableText }),
        },
      }),
    },
    changes: {
      type: 'array',
      items: closed({
        row: integer,
        member_id: integer,
        field: text,
        old: fieldValue,
        new: fieldValue,
      }),
    },
    household_changes: {
      type: 'array',
      items: closed({
        household_id: integer,
        household: text,
        field: text,
        old: text,
        new: text,
      }),
    },
    notes_columns: texts,
    value_map: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: nullableText },
    },
    column_calendars: { type: 'object', additionalProperties: text },
    two_part_names: { type: 'boolean' },
    expires_at: text,
  }),
  description: "The import's state after this step (docs/api.md, Imports)",
} as const

/** A commit's answer (domain ImportResult): how many rows did what. */
const importResultAnswer = {
  ...closed({ created: integer, updated: integer, skipped: integer, refused: integer }),
  description: 'How many rows were created, updated, skipped and refused',
} as const

/**
 * A step on an uploaded import (preview, commit): its body of choices, which may name a progress
 * token, is checked by the route itself (its own messages), so it attaches the schema's verdict.
 */
const importStep = <A extends object>(
  summary: string,
  choices: { description: string; properties?: Record<string, object> },
  answer: A,
) =>
  ({
    summary,
    params: idParams('id'),
    body: {
      type: 'object',
      description: choices.description,
      properties: { ...choices.properties, progress: { type: 'string' } },
    },
    response: answers({ 200: answer }),
  }) as const

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
    200: {
      ...closed({
        phase: { type: 'string', enum: ['checking', 'storing'] },
        done: integer,
        total: integer,
      }),
      description: 'How far the step is',
    },
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

export const importPreviewSchema = importStep(
  'Check the rows with the chosen column matches; nothing is written',
  { description: 'Column matches and choices (docs/api.md)' },
  importAnswer,
)

export const importCommitSchema = importStep(
  'Write the checked rows as members',
  {
    description: 'What to do with duplicates, and the choices of the preview',
    properties: { on_duplicate: { description: 'skip, update or create' } },
  },
  importResultAnswer,
)

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
