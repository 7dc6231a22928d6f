// A whole demo register for `npm run bench`: several accounts' members, then each account's
// members grouped into households, written the fastest way each engine has and giving the rows
// that seedMembers and seedHouseholds give (decision 0290).
import { sql } from 'kysely'
import { isPostgres } from '../db/portable'
import type { Db } from '../db/tables'
import { withIndexesRebuilt } from './bulkIndexes'
import { householdPlanner, seedHouseholds, unlinkedMemberReads } from './seedHouseholds'
import { drawRowsInWorker, rowOptionsFor, type SeedOptions, seedMembers } from './seedMembers'

export interface RegisterOptions {
  /** In this order: the members' ids follow it, and then the households' ids. */
  accounts: readonly SeedOptions[]
  /** PostgreSQL: members per insert statement. */
  rowsPerInsert?: number
}

/** Seeds the register; returns how many households were made. */
export async function seedRegister(db: Db, options: RegisterOptions): Promise<number> {
  if (isPostgres(db)) return bulkSeedPostgres(db, options)
  for (const account of options.accounts) await seedMembers(db, account)
  let made = 0
  for (const { ownerId, ownerName } of options.accounts) {
    made += await seedHouseholds(db, { ownerId, ownerName })
  }
  return made
}

/** The tables whose secondary indexes a bulk seed builds once at its end. */
const REBUILT = ['members', 'member_search', 'households']
/**
 * Kept through the seed: with an index over household_id, linking members to households is
 * no HOT update. An index built in the transaction over HOT-updated rows serves no query until
 * every transaction older than it has ended (pg_index.indcheckxmin).
 */
const KEPT = ['members_household']

/**
 * PostgreSQL, in one transaction: the secondary indexes of the register's tables are dropped
 * (those behind a primary key or unique constraint stay, and KEPT), the members go in as 5,000-row
 * INSERT … SELECT FROM json_populate_recordset statements (drawn in a worker thread meanwhile),
 * the households as one insert and one update of their members per read of 5,000 members, and
 * each index is created again from its stored definition. The statement triggers (search copy,
 * counts, dues staleness) run on every statement as on any write. For a database the caller
 * owns: the drop holds members locked until the commit.
 */
async function bulkSeedPostgres(db: Db, options: RegisterOptions): Promise<number> {
  return db.transaction().execute((trx) =>
    withIndexesRebuilt(trx, { tables: REBUILT, kept: KEPT }, async () => {
      for (const account of options.accounts) {
        await insertMembers(trx, account, options.rowsPerInsert ?? 5000)
      }
      // Figures for the grouping's reads, so each takes its 5,000 members from the primary key
      // rather than reading every member and sorting them.
      await sql`analyze members`.execute(trx)
      let made = 0
      for (const { ownerId, ownerName } of options.accounts) {
        made += await insertHouseholds(trx, { ownerId, ownerName })
      }
      return made
    }),
  )
}

async function insertMembers(trx: Db, account: SeedOptions, batchSize: number): Promise<void> {
  const rowOptions = await rowOptionsFor(trx, account)
  const rows = drawRowsInWorker({ ...rowOptions, count: account.count, batchSize, json: true })
  try {
    let done = 0
    for await (const batch of rows.batches()) {
      const columns = sql.join(batch.columns.map((column) => sql.id(column)))
      await sql`insert into members (${columns}) select ${columns}
        from json_populate_recordset(null::members, ${batch.json}::json)`.execute(trx)
      done += batch.rows
      account.onProgress?.(done)
    }
  } finally {
    await rows.stop()
  }
}

/** seedHouseholds' households and roles, a read's worth of households per statement. */
async function insertHouseholds(
  trx: Db,
  options: { ownerId: number; ownerName: string },
): Promise<number> {
  const plan = householdPlanner(options)
  let made = 0
  for await (const members of unlinkedMemberReads(trx, options.ownerId)) {
    const planned = plan(members)
    if (planned.length === 0) continue
    // The ids the households would take one insert at a time: the identity's next values.
    const taken = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence('households', 'id'))::integer as id
      from generate_series(1, ${planned.length})`.execute(trx)
    const ids = taken.rows.map((row) => row.id).sort((a, b) => a - b)
    const households = planned.map(({ row }, k) => ({ ...row, id: ids[k] }))
    const columns = sql.join(Object.keys(households[0]).map((column) => sql.id(column)))
    await sql`insert into households (${columns}) select ${columns}
      from json_populate_recordset(null::households, ${JSON.stringify(households)}::json)`.execute(
      trx,
    )
    const links = planned.flatMap(({ byRole }, k) =>
      [...byRole].flatMap(([role, memberIds]) =>
        memberIds.map((id) => ({ id, household_id: ids[k], household_role: role })),
      ),
    )
    await sql`update members set household_id = l.household_id, household_role = l.household_role
      from json_to_recordset(${JSON.stringify(links)}::json)
        as l(id integer, household_id integer, household_role text)
      where members.id = l.id`.execute(trx)
    made += planned.length
  }
  return made
}
