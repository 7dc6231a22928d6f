// Bulk seeds on PostgreSQL: a table's secondary indexes built once from sorted rows at the end
// instead of kept up row by row (decisions 0290, 0320).
import { sql } from 'kysely'
import type { Db } from '../db/tables'

export interface BulkOptions {
  /** Tables of the current schema whose indexes are dropped, then created again. */
  tables: readonly string[]
  /** Indexes left in place. */
  kept?: readonly string[]
  /** Unique and foreign-key constraints too (primary keys always stay): checked once at the end. */
  constraints?: boolean
}

/**
 * Runs `work` in `trx` with the tables' secondary indexes (and, if asked, their unique and
 * foreign-key constraints) dropped, then creates each again from its stored definition. The
 * drop holds the tables locked until the commit: for a database the caller owns.
 */
export async function withIndexesRebuilt<T>(
  trx: Db,
  options: BulkOptions,
  work: () => Promise<T>,
): Promise<T> {
  // The btree builds sort millions of rows in memory rather than in temporary files.
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx)
  const kept = options.kept?.length ? options.kept : ['']
  const constraints = options.constraints
    ? (
        await sql<{ table: string; name: string; definition: string }>`
          select t.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
          from pg_constraint k
          join pg_class t on t.oid = k.conrelid
          where t.relnamespace = current_schema()::regnamespace
            and t.relname in (${sql.join(options.tables)}) and k.contype in ('u', 'f')
          order by k.contype desc, t.relname, k.conname`.execute(trx)
      ).rows
    : []
  const indexes = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where t.relnamespace = current_schema()::regnamespace
      and t.relname in (${sql.join(options.tables)})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      and c.relname not in (${sql.join(kept)})
    order by t.relname, c.relname`.execute(trx)
  for (const { table, name } of [...constraints].reverse()) {
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}`.execute(trx)
  }
  for (const { name } of indexes.rows) await sql`drop index ${sql.id(name)}`.execute(trx)
  const result = await work()
  // Unique constraints before the foreign keys that may lean on them.
  for (const { table, name, definition } of constraints) {
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(name)} ${sql.raw(definition)}`.execute(
      trx,
    )
  }
  for (const { definition } of indexes.rows) await sql.raw(definition).execute(trx)
  return result
}
