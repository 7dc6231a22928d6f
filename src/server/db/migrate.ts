import { type Kysely, Migrator } from 'kysely'
import { migrations } from './migrations'

export interface MigrateOptions {
  /**
   * PostgreSQL schema that holds this database's tables. Kysely looks for its own migration
   * tables in every schema unless told which one, so a second schema in the same database
   * (each test file has one) would find the first one's and never create its own.
   */
  schema?: string
  /** Stop after this migration (tests of a later migration's backfill start here). */
  upTo?: string
}

export async function migrateToLatest(
  db: Kysely<any>,
  options: MigrateOptions = {},
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: options.schema,
  })
  const { error, results } = options.upTo
    ? await migrator.migrateTo(options.upTo)
    : await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}
