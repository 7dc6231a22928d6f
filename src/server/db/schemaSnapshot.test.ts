// The schema every migration builds, on the engine the suite runs on (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), against the snapshot committed beside the migrations (decision 0350).
// Migrations share helpers (migrations/shared.ts): an edit of one must not change what an old
// migration built on a church's database. After a NEW migration, write the snapshots again with
// UPDATE_SCHEMA_SNAPSHOT=1 on both engines and read the diff.
import fs from 'node:fs'
import path from 'node:path'
import { Migrator, NO_MIGRATIONS, sql } from 'kysely'
import type { DatabaseHandle } from './database'
import type { Db } from './tables'
import { migrations } from './migrations'
import { createTestDatabase, holdingSchemaLockAlone, sharingSchemaLock } from '../testing/testApp'

const pg = Boolean(process.env.TEST_DATABASE_URL)
const SNAPSHOT = path.join(__dirname, 'migrations', `schema.${pg ? 'postgres' : 'sqlite'}.txt`)

/** SQLite keeps each object's text as it was written: white space included. */
async function sqliteSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master order by type, name`.execute(db)
  return rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql ?? '(no text)'}\n`).join('\n')
}

/**
 * PostgreSQL: columns, constraints, indexes, triggers and functions of the current schema, as
 * the catalogue gives them back; the schema's random test name reads as SCHEMA.
 */
async function postgresSchema(db: Db): Promise<string> {
  const run = async (query: ReturnType<typeof sql>) =>
    ((await query.execute(db)).rows as Record<string, unknown>[]).map((row) =>
      Object.values(row)
        .map((v) => String(v))
        .join(' | '),
    )
  const parts = {
    columns: await run(sql`select table_name, column_name, data_type, character_maximum_length,
        column_default, is_nullable, is_identity, identity_generation
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`),
    constraints: await run(sql`select t.relname, c.conname, pg_get_constraintdef(c.oid)
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.connamespace = current_schema()::regnamespace
      order by t.relname, c.conname`),
    indexes: await run(sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() order by tablename, indexname`),
    triggers: await run(sql`select c.relname, t.tgname, pg_get_triggerdef(t.oid)
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
      order by c.relname, t.tgname`),
    functions: await run(sql`select p.proname, pg_get_function_identity_arguments(p.oid),
        pg_get_functiondef(p.oid)
      from pg_proc p
      where p.pronamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by p.proname, 2`),
  }
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db)
  const text = Object.entries(parts)
    .map(([part, lines]) => `-- ${part}\n${lines.join('\n')}\n`)
    .join('\n')
  return text.split(rows[0].s).join('SCHEMA')
}

const schemaOf = (db: Db) => (pg ? postgresSchema(db) : sqliteSchema(db))

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase({ ownSchema: true })
})
afterAll(() => database.destroy())

describe('the migrated schema', () => {
  it('is the one in the committed snapshot', async () => {
    const schema = await schemaOf(database.db)
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') fs.writeFileSync(SNAPSHOT, schema)
    expect(schema).toBe(fs.readFileSync(SNAPSHOT, 'utf8'))
  })

  it('is built again alike after every migration is undone', async () => {
    const { db } = database
    const before = await schemaOf(db)
    const schema = pg
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s
      : undefined
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
    })
    const down = await holdingSchemaLockAlone(db, () => migrator.migrateTo(NO_MIGRATIONS))
    expect(down.error).toBeUndefined()
    expect(down.results?.filter((r) => r.status !== 'Success')).toEqual([])
    // The migrator reads every schema's columns: on PostgreSQL it waits while another file's
    // `down` (which holds the lock alone) drops some.
    const up = pg
      ? await sharingSchemaLock(db, () => migrator.migrateToLatest())
      : await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await schemaOf(db)).toBe(before)
  })
})
