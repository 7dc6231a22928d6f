// What the migrate-data tests share: one password, and apps and copies on the databases they
// move between.
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/database'
import { buildTestApp, sharingSchemaLock, signInOn } from './testApp'

export const PASSWORD = 'correct horse battery'

export const signIn = (app: FastifyInstance, username: string) => signInOn(app, username, PASSWORD)

/** The app over `database`, ready; the caller closes it. */
export async function appOn(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildTestApp(database)
  await app.ready()
  return app
}

/** A copy into or out of the test database: on PostgreSQL, under the test schemas' lock. */
export const lockedOnPostgres = <T>(database: DatabaseHandle, run: () => Promise<T>) =>
  database.dialect === 'postgres' ? sharingSchemaLock(database.db, run) : run()
