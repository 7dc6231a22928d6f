// Ids of the rows that name an owner or a household: what a bulk change walks, one by one.
import type { Db } from './tables'

/** The columns rows are looked up by, table by table. */
interface IdColumns {
  members: 'owner_user_id' | 'household_id'
  households: 'owner_user_id'
}

/** Ids of the `table` rows whose `column` is `value`, in id order. */
export async function idsWhere<T extends keyof IdColumns>(
  db: Db,
  table: T,
  column: IdColumns[T],
  value: number,
): Promise<number[]> {
  // Kysely types one table at a time; both have an integer id and an owner_user_id.
  const rows = await db
    .selectFrom(table as 'members')
    .select('id')
    .where(column as 'owner_user_id', '=', value)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}
