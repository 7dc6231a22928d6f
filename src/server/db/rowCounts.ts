import type { Database } from './tables'
import type { Db } from './tables'

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database & string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
