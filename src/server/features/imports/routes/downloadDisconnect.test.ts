// Issue 47: a download stops its work when the client goes away: after the connection closes,
// the member and history exports (both formats) read no further page. The queries are counted
// on the app's database. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { seedMembers } from '../../../cli/seedMembers'
import type { DatabaseHandle } from '../../../db/database'
import { recordEvents } from '../../history'
import { buildTestApp, createTestDatabase, signInOn } from '../../../testing/testApp'
import { insertUser } from '../../accounts/repository'
import { hashPassword } from '../../accounts/passwords'

jest.setTimeout(120_000)

const MEMBERS = 3_000
const EVENTS = 6_000

let database: DatabaseHandle
let app: FastifyInstance
let base: string
let auth: { authorization: string }
let reads = 0

beforeAll(async () => {
  database = await createTestDatabase()
  const counted = database.db.withPlugin({
    transformQuery: ({ node }) => {
      reads += 1
      return node
    },
    transformResult: async ({ result }) => result,
  })
  app = await buildTestApp(database, { db: counted })
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const admin = await insertUser(database.db, 'secretary', await hashPassword('correct horse'), {
    role: 'admin',
  })
  await seedMembers(database.db, {
    ownerId: admin.id,
    ownerName: 'secretary',
    count: MEMBERS,
    seed: 47,
  })
  await database.db.transaction().execute((trx) =>
    recordEvents(
      trx,
      Array.from({ length: EVENTS }, (_, i) => ({
        actor: { id: admin.id, username: 'secretary' },
        action: 'member_update' as const,
        memberId: (i % MEMBERS) + 1,
        details: { changes: { notes: { from: null, to: `note ${i}` } } },
      })),
    ),
  )
  auth = await signInOn(app, 'secretary', 'correct horse')
})

afterAll(async () => {
  await app.close()
  await database.destroy()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

/** Queries until the reads stop growing. */
async function readsUntilQuiet(before: number): Promise<number> {
  let last = -1
  while (reads !== last) {
    last = reads
    await settle()
  }
  return reads - before
}

/** Opens the download, closes the connection as soon as the answer starts, counts the reads. */
async function readsWhenAbandoned(url: string): Promise<number> {
  const before = reads
  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${base}${url}`, { headers: auth }, (response) => {
      expect(response.statusCode).toBe(200)
      request.destroy()
      resolve()
    })
    request.on('error', (error) => {
      if (!request.destroyed) reject(error)
    })
  })
  return readsUntilQuiet(before)
}

async function readsWhenRead(url: string): Promise<number> {
  const before = reads
  const res = await app.inject({ url, headers: auth })
  expect(res.statusCode).toBe(200)
  expect(res.rawPayload.length).toBeGreaterThan(100_000)
  return readsUntilQuiet(before)
}

describe.each([
  ['members', '/api/members/export?owner=all'],
  ['history', '/api/audit/export?tz=UTC'],
])('the %s export', (_name, path) => {
  it.each(['xlsx', 'csv'])(
    'as %s reads no further page once the client has gone',
    async (format) => {
      const url = `${path}&format=${format}`
      const whole = await readsWhenRead(url)
      const abandoned = await readsWhenAbandoned(url)
      // The whole export reads every page; an abandoned one stops within a page or two.
      expect(whole).toBeGreaterThan(10)
      expect(abandoned).toBeLessThan(whole / 2)
    },
  )
})
