// Answers of the public health, database check and version calls (docs/operating.md).
import { answers, integer, PUBLIC, record, text } from '../../plugins/schemas'

export const healthSchema = {
  ...PUBLIC,
  summary: 'Liveness: the server answers',
  response: answers({
    200: record({ status: { type: 'string', enum: ['ok'] }, version: text, uptime_s: integer }),
  }),
} as const

export const testDbSchema = {
  ...PUBLIC,
  summary: 'Whether the database answers, and how fast (never any data)',
  response: answers({
    200: record({
      success: { type: 'boolean', enum: [true] },
      database: { type: 'string', enum: ['connected'] },
      dialect: { type: 'string', enum: ['sqlite', 'postgres'] },
      latency_ms: { type: 'number' },
    }),
  }),
} as const

export const versionSchema = {
  ...PUBLIC,
  summary: "The running build's version (the client compares it with its own)",
  response: answers({ 200: record({ version: text, build: text }) }),
} as const
