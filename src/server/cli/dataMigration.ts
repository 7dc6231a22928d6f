// npm run migrate-data: copies a whole Abal database from one engine to the other (SQLite ⇄
// PostgreSQL) through Kysely, keeping every id, the history's hash chain and the photos' bytes.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { migrations } from '../db/migrations'
import type { Database } from '../db/tables'
import { verifyChain } from '../features/history/service'

interface CopiedTable {
  /** The primary key's columns, in the order rows are read. */
  key: readonly string[]
  /** The column a PostgreSQL identity sequence fills, reset past the copied ids. */
  identity?: string
  /** Fewer rows per insert for tables whose rows carry photos or whole uploaded files. */
  maxRows?: number
}

/**
 * Every table of tables.ts, said copied or derived: a table added there does not compile here
 * until it is placed. Derived tables are filled on the target by the members triggers as the
 * members are inserted. Copied tables are listed so that each comes after those it references.
 */
const TABLES: Record<keyof Database, CopiedTable | 'derived'> = {
  users: { key: ['id'], identity: 'id' },
  members: { key: ['id'], identity: 'id' },
  photos: { key: ['id'], maxRows: 20 },
  sessions: { key: ['id'] },
  audit_events: { key: ['seq'] },
  deleted_members: { key: ['member_id'], maxRows: 20 },
  pending_imports: { key: ['id'], maxRows: 5 },
  member_create_keys: { key: ['user_id', 'key'] },
  member_counts: 'derived',
  member_ministry_counts: 'derived',
  members_fts: 'derived',
  members_fts_vocab: 'derived',
  members_name_fts: 'derived',
  members_name_vocab: 'derived',
  member_search: 'derived',
}

export const COPIED_TABLES = (Object.keys(TABLES) as (keyof Database)[]).filter(
  (name) => TABLES[name] !== 'derived',
)

// Bound parameters per insert: under SQLite's 32,766 and PostgreSQL's 65,535.
const MAX_PARAMETERS = 30_000
const MAX_ROWS_PER_INSERT = 500

export class DataMigrationRefused extends Error {}

export interface CopyOptions {
  /** Delete what the target holds (in the copy's transaction) instead of refusing it. */
  force?: boolean
  /** Rows per insert at most (tests make it small to cross batch bounds). */
  rowsPerInsert?: number
  log?: (line: string) => void
}

export interface CopyReport {
  counts: Record<string, number>
  historyEvents: number
  historyHead: string
}

/** Any table by name: the copy moves rows it does not look into. */
type Tables = Record<string, Record<string, unknown>>
type AnyDb = Kysely<Tables> | Transaction<Tables>
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<Tables>

async function currentSchema(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.dialect !== 'postgres') return undefined
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)
  return rows[0].s
}

/**
 * The names of this database's tables (in its current schema on PostgreSQL). PostgreSQL reads its
 * own schema's catalog: Kysely's introspection looks up every schema by name, and fails when one
 * is dropped while it runs.
 */
async function tableNames(handle: DatabaseHandle): Promise<Set<string>> {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
      join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(handle.db)
    return new Set(rows.map((row) => row.name))
  }
  const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true })
  return new Set(tables.map((t) => t.name))
}

/** The migrations a database has run, or none when it has no migration table yet. */
async function appliedMigrations(handle: DatabaseHandle): Promise<string[]> {
  if (!(await tableNames(handle)).has('kysely_migration')) return []
  const rows = await untyped(handle.db).selectFrom('kysely_migration').select('name').execute()
  return rows.map((r) => String(r.name))
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Rows of the copied tables the target already holds (tables it lacks count as empty). */
export async function targetContents(target: DatabaseHandle): Promise<Record<string, number>> {
  const existing = await tableNames(target)
  const counts: Record<string, number> = {}
  for (const table of COPIED_TABLES) {
    if (existing.has(table)) counts[table] = await countRows(untyped(target.db), table)
  }
  return counts
}

/** Reads a table a batch at a time in key order, by key range where the key is one column. */
async function* readBatches(
  db: AnyDb,
  table: string,
  plan: CopiedTable,
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const [first] = plan.key
  let last: unknown
  let offset = 0
  for (;;) {
    let query = db.selectFrom(table).selectAll().limit(size)
    for (const column of plan.key) query = query.orderBy(column)
    if (plan.key.length === 1) {
      if (last !== undefined) query = query.where(first, '>', last)
    } else {
      query = query.offset(offset)
    }
    const rows = (await query.execute()) as Record<string, unknown>[]
    if (rows.length > 0) yield rows
    if (rows.length < size) return
    last = rows[rows.length - 1][first]
    offset += rows.length
  }
}

/**
 * Copies every copied table from source to target in one target transaction, read from one
 * snapshot of the source. Both databases are brought to the latest schema first; a target that
 * holds rows is refused unless `force`. Verifies row counts and the history's chain at the end.
 */
export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const log = options.log ?? (() => undefined)
  const known = new Set(Object.keys(migrations))
  const newer = (await appliedMigrations(source)).filter((name) => !known.has(name))
  if (newer.length > 0) {
    throw new DataMigrationRefused(
      `The source comes from a newer Abal (migrations this version does not know: ${newer.join(', ')}). Upgrade Abal first.`,
    )
  }
  if ((await tableNames(source)).has('members') === false) {
    throw new DataMigrationRefused('The source is not an Abal database (it has no members table).')
  }
  const before = await targetContents(target)
  const filled = Object.entries(before).filter(([, n]) => n > 0)
  if (filled.length > 0 && !options.force) {
    const what = filled.map(([table, n]) => `${table}: ${n}`).join(', ')
    throw new DataMigrationRefused(
      `The target is not empty (${what}). Nothing was changed. Copy into an empty database, or pass --force to replace its contents.`,
    )
  }

  await migrateToLatest(source.db, { schema: await currentSchema(source) })
  await migrateToLatest(target.db, { schema: await currentSchema(target) })
  log('Both databases are at the latest schema.')

  const counts: Record<string, number> = {}
  const read = untyped(source.db).transaction()
  const snapshot =
    source.dialect === 'postgres'
      ? read.setIsolationLevel('repeatable read').setAccessMode('read only')
      : read
  await snapshot.execute(async (from) => {
    await untyped(target.db)
      .transaction()
      .execute(async (to) => {
        if (options.force) {
          for (const table of [...COPIED_TABLES].reverse()) {
            await to.deleteFrom(table).execute()
          }
        }
        for (const table of COPIED_TABLES) {
          const plan = TABLES[table] as CopiedTable
          counts[table] = await copyTable(from, to, table, plan, options.rowsPerInsert)
          log(`${table}: ${counts[table]} rows`)
        }
        if (target.dialect === 'postgres') {
          for (const table of COPIED_TABLES) {
            const column = (TABLES[table] as CopiedTable).identity
            if (!column) continue
            // Past the copied ids, so the next registration does not collide with one of them.
            await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
            (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)}), false)`.execute(
              to,
            )
          }
        }
      })
  })

  for (const table of COPIED_TABLES) {
    const copied = await countRows(untyped(target.db), table)
    if (copied !== counts[table]) {
      throw new Error(`${table}: the target has ${copied} rows, the source ${counts[table]}.`)
    }
  }
  const chain = await verifyChain(target.db)
  if (!chain.intact) {
    throw new Error(
      `The copied history does not verify: event ${chain.seq} ${chain.problem}. ` +
        'Run `npm run audit -- verify` on the source.',
    )
  }
  return { counts, historyEvents: chain.count, historyHead: chain.head }
}

async function copyTable(
  from: AnyDb,
  to: AnyDb,
  table: string,
  plan: CopiedTable,
  rowsPerInsert = MAX_ROWS_PER_INSERT,
): Promise<number> {
  let copied = 0
  let size = Math.min(rowsPerInsert, plan.maxRows ?? MAX_ROWS_PER_INSERT)
  let first = true
  for await (const rows of readBatches(from, table, plan, size)) {
    if (first) {
      // Once the column count is known: keep an insert's parameters under both engines' bound.
      const columns = Object.keys(rows[0]).length
      size = Math.max(1, Math.min(size, Math.floor(MAX_PARAMETERS / columns)))
      first = false
    }
    for (let i = 0; i < rows.length; i += size) {
      await to
        .insertInto(table)
        .values(rows.slice(i, i + size))
        .execute()
    }
    copied += rows.length
  }
  return copied
}
