// Test helpers for the import and export calls: workbooks and CSV built in memory, uploaded as a
// browser sends them.
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { HOUSEHOLD_DETAIL_FIELDS, type HouseholdDetailField } from '../../domain'
import { multipart } from './memberForms'
import { testAppPerTest } from './testApp'

type Auth = { authorization: string }

export async function xlsxOf(rows: unknown[][], sheets = 1): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Members')
  for (const row of rows) sheet.addRow(row)
  for (let i = 1; i < sheets; i += 1) workbook.addWorksheet(`Other ${i}`)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/**
 * A list as offices keep one: a title merged across A1:H1, a printed date in A2, then `rows`
 * from row `from` on.
 */
export async function titledXlsxOf(rows: ExcelJS.CellValue[][], from: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Members')
  sheet.getCell('A1').value = 'St Mary Church – member list 2017'
  sheet.mergeCells('A1:H1')
  sheet.getCell('A2').value = 'Printed 12/3/2017'
  rows.forEach((row, i) => {
    sheet.getRow(from + i).values = row
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export const csvOf = (rows: string[][], delimiter = ','): Buffer =>
  Buffer.from(rows.map((row) => row.join(delimiter)).join('\r\n'), 'utf8')

/**
 * A household of the signed-in account, made through the routes, with these members in these
 * roles and its own fields as given: the register an export is taken from.
 */
export async function householdWith(
  app: FastifyInstance,
  auth: Auth,
  household: { name: string; number?: string | null } & Partial<
    Record<HouseholdDetailField, string | null>
  >,
  members: readonly (readonly [member: number | { id: number }, role: string])[],
): Promise<number> {
  const details = HOUSEHOLD_DETAIL_FIELDS.filter((field) => household[field] != null).map(
    (field) => [field, household[field]],
  )
  const created = await app.inject({
    method: 'POST',
    url: '/api/households',
    headers: auth,
    payload: {
      name: household.name,
      ...(household.number && { number: household.number }),
      ...Object.fromEntries(details),
    },
  })
  expect(created.statusCode).toBe(201)
  const householdId = created.json<{ id: number }>().id
  for (const [member, role] of members) {
    const memberId = typeof member === 'number' ? member : member.id
    const joined = await app.inject({
      method: 'PUT',
      url: `/api/households/${householdId}/members/${memberId}`,
      headers: auth,
      payload: { role },
    })
    expect(joined.statusCode).toBe(200)
  }
  return householdId
}

export function importCalls(app: () => FastifyInstance) {
  /** A step on an uploaded import (preview, commit), its choices as the JSON body. */
  const step =
    (name: 'preview' | 'commit') => (auth: Auth, id: string, body: Record<string, unknown>) =>
      app().inject({
        method: 'POST',
        url: `/api/imports/${id}/${name}`,
        headers: auth,
        payload: body,
      })
  return {
    upload(
      auth: Auth,
      data: Buffer,
      filename = 'members.xlsx',
      fields: Record<string, string> = {},
      contentType = 'application/octet-stream',
    ) {
      return app().inject({
        method: 'POST',
        url: '/api/imports',
        ...multipart(fields, [{ field: 'file', filename, contentType, data }], auth),
      })
    },
    preview: step('preview'),
    commit: step('commit'),
    /** The member export with this query (format, lang, calendar, q, status, owner). */
    exportMembers(auth: Auth | undefined, query: Record<string, string>) {
      return app().inject({
        url: `/api/members/export?${new URLSearchParams(query).toString()}`,
        headers: auth,
      })
    },
  }
}

/** A fresh app for each test with one signed-in account (sara) that imports, and its calls. */
export function importerApp() {
  const {
    ctx,
    users: { owner },
  } = testAppPerTest({ owner: 'sara' })
  return { ctx, owner, calls: importCalls(() => ctx.app) }
}
