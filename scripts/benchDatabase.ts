// The database a benchmark runs on: a temporary SQLite file, or with BENCH_DATABASE_URL a
// temporary schema of that PostgreSQL database; migrated, and removed by `destroy`.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { createPostgresSchema, type DatabaseHandle, openDatabase } from '../src/server/db/database'
import { migrateToLatest } from '../src/server/db/migrate'

export async function benchDatabase(name: string): Promise<DatabaseHandle> {
  const url = process.env.BENCH_DATABASE_URL
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `abal-bench-${name}-`))
    const handle = openDatabase({ sqliteFile: path.join(dir, 'abal.sqlite') })
    await migrateToLatest(handle.db)
    return {
      ...handle,
      destroy: async () => {
        await handle.destroy()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const schema = `bench_${name}_${crypto.randomBytes(4).toString('hex')}`
  await createPostgresSchema(url, schema)
  const handle = openDatabase({ url, pgSchema: schema, poolSize: 10 })
  await migrateToLatest(handle.db, { schema })
  return {
    ...handle,
    destroy: async () => {
      await sql.raw(`drop schema "${schema}" cascade`).execute(handle.db)
      await handle.destroy()
    },
  }
}
