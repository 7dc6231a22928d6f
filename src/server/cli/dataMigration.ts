// npm run migrate-data: copies a whole Abal database from one engine to the other (SQLite ⇄
// PostgreSQL) through Kysely, keeping every id, the history's hash chain and the photos' bytes.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { migrations } from '../db/migrations'
import type { Database } from '../db/tables'
import { verifyChain } from '../features/history'

interface CopiedTable {
  /** The primary key's columns, in the order rows are read. */
  key: readonly string[]
  /** The column an identity sequence (PostgreSQL) or AUTOINCREMENT (SQLite) fills. */
  identity?: string
  /**
   * Every other column that holds one of this table's ids. The copy's next id comes above the
   * largest of them and of the source's own counter, so an id in the restore bin, the history
   * or a removed row is never given again (docs/operating.md, "Ids are never reused").
   */
  referencedBy?: readonly (readonly [keyof Database, string])[]
  /** Fewer rows per insert for tables whose rows carry photos or whole uploaded files. */
  maxRows?: number
}

/**
 * Every table of tables.ts, said copied or derived: a table added there does not compile here
 * until it is placed. Derived tables are filled on the target by the members and households
 * triggers as their rows are inserted. Copied tables are listed so that each comes after those it references.
 */
const TABLES: Record<keyof Database, CopiedTable | 'derived'> = {
  users: {
    key: ['id'],
    identity: 'id',
    referencedBy: [
      ['members', 'owner_user_id'],
      ['households', 'owner_user_id'],
      ['sessions', 'user_id'],
      ['audit_events', 'actor_id'],
      ['audit_events', 'subject_user_id'],
      ['deleted_members', 'owner_user_id'],
      ['deleted_members', 'deleted_by_id'],
      ['pending_imports', 'owner_user_id'],
      ['member_create_keys', 'user_id'],
      ['account_create_keys', 'user_id'],
      ['account_create_keys', 'account_id'],
      ['payments', 'recorded_by'],
      ['payments', 'voided_by'],
      ['dues_waivers', 'created_by'],
      ['cash_days', 'recorded_by'],
      ['cash_days', 'closed_by'],
    ],
  },
  households: {
    key: ['id'],
    identity: 'id',
    // Money records outlive a removed household: receipts are kept.
    referencedBy: [
      ['members', 'household_id'],
      ['payments', 'household_id'],
      ['payment_allocations', 'household_id'],
      ['dues_waivers', 'household_id'],
    ],
  },
  members: {
    key: ['id'],
    identity: 'id',
    referencedBy: [
      ['photos', 'member_id'],
      ['audit_events', 'member_id'],
      ['deleted_members', 'member_id'],
      ['member_create_keys', 'member_id'],
      // Money records outlive a purged member: receipts are kept.
      ['payments', 'member_id'],
      ['payment_allocations', 'member_id'],
      ['dues_waivers', 'member_id'],
    ],
  },
  photos: { key: ['id'], maxRows: 20 },
  sessions: { key: ['id'] },
  audit_events: { key: ['seq'] },
  deleted_members: { key: ['member_id'], maxRows: 20 },
  pending_imports: { key: ['id'], maxRows: 5 },
  pending_import_rows: { key: ['import_id', 'part'], maxRows: 5 },
  member_create_keys: { key: ['user_id', 'key'] },
  account_create_keys: { key: ['user_id', 'key'] },
  church_profile: { key: ['id'], maxRows: 5 },
  funds: {
    key: ['id'],
    identity: 'id',
    referencedBy: [
      ['fund_rates', 'fund_id'],
      ['payments', 'fund_id'],
      ['payment_allocations', 'fund_id'],
      ['dues_waivers', 'fund_id'],
    ],
  },
  fund_rates: { key: ['id'], identity: 'id' },
  member_dues: { key: ['member_id'] },
  household_dues: { key: ['household_id'] },
  receipt_counters: { key: ['year'] },
  payments: { key: ['id'], identity: 'id', referencedBy: [['payment_allocations', 'payment_id']] },
  payment_allocations: { key: ['payment_id', 'month'] },
  dues_waivers: { key: ['id'], identity: 'id' },
  cash_days: { key: ['recorded_by', 'day'] },
  dues_standings: { key: ['fund_id', 'payer_id'] },
  dues_day_totals: { key: ['fund_id', 'received_on'] },
  // Filled on the target by its triggers as the payers are copied.
  dues_standing_stale: 'derived',
  households_fts: 'derived',
  households_fts_vocab: 'derived',
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
        for (const table of COPIED_TABLES) {
          const plan = TABLES[table] as CopiedTable
          if (!plan.identity) continue
          const used = Math.max(
            await counterOf(source, from, table),
            await largestId(to, table, plan),
          )
          await setCounter(target, to, table, plan.identity, used)
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

/** The last id a table's identity sequence (PostgreSQL) or AUTOINCREMENT (SQLite) gave, or 0. */
async function counterOf(handle: DatabaseHandle, db: AnyDb, table: string): Promise<number> {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string | null }>`select pg_get_serial_sequence(${table},
      'id') as name`.execute(db)
    const name = rows[0]?.name
    if (!name) return 0
    // The name comes from the catalog, already quoted and qualified.
    const state = await sql<{ last_value: string | number; is_called: boolean }>`select
      last_value, is_called from ${sql.raw(name)}`.execute(db)
    const { last_value, is_called } = state.rows[0]
    return is_called ? Number(last_value) : Number(last_value) - 1
  }
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence
    where name = ${table}`.execute(db)
  return rows.length > 0 ? Number(rows[0].seq) : 0
}

/** The largest id of `table` in it or in any column that refers to it, in the copy. */
async function largestId(db: AnyDb, table: string, plan: CopiedTable): Promise<number> {
  let largest = 0
  const columns: (readonly [string, string])[] = [
    [table, plan.identity as string],
    ...(plan.referencedBy ?? []),
  ]
  for (const [from, column] of columns) {
    const { rows } = await sql<{ n: number | string | null }>`select max(${sql.ref(column)}) as n
      from ${sql.table(from)}`.execute(db)
    largest = Math.max(largest, Number(rows[0]?.n ?? 0))
  }
  return largest
}

/** Sets the copy's counter so that its next id is `used` + 1. */
async function setCounter(
  target: DatabaseHandle,
  db: AnyDb,
  table: string,
  column: string,
  used: number,
): Promise<void> {
  if (target.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), ${used + 1},
      false)`.execute(db)
    return
  }
  // sqlite_sequence is AUTOINCREMENT's own record, documented as writable.
  await sql`delete from sqlite_sequence where name = ${table}`.execute(db)
  await sql`insert into sqlite_sequence (name, seq) values (${table}, ${used})`.execute(db)
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
