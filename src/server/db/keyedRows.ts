// What an earlier creating request made, found by its Idempotency-Key (see
// plugins/idempotency.ts): each keyed create stores the key beside the new id.
import type { SelectType } from 'kysely'
import type { Database, Db } from './tables'

/** The columns of `T` whose values are of type `V`. */
type ColumnOf<T extends keyof Database, V> = {
  [C in keyof Database[T]]: SelectType<Database[T][C]> extends V ? C : never
}[keyof Database[T]] &
  string

interface KeyColumns<T extends keyof Database> {
  /**
   * The account that sent the key, where the same key from another account is another request;
   * null where one key serves every account.
   */
  sender: ColumnOf<T, number> | null
  key: ColumnOf<T, string | null>
  /** The id of what the request created. */
  made: ColumnOf<T, number>
}

const KEYED = {
  account_create_keys: { sender: 'user_id', key: 'key', made: 'account_id' },
  member_create_keys: { sender: 'user_id', key: 'key', made: 'member_id' },
  households: { sender: 'owner_user_id', key: 'idempotency_key', made: 'id' },
  payments: { sender: 'recorded_by', key: 'idempotency_key', made: 'id' },
  // Funds are the church's, not an account's.
  funds: { sender: null, key: 'idempotency_key', made: 'id' },
} as const satisfies { [T in keyof Database]?: KeyColumns<T> }

type Keyed = typeof KEYED

/** The id an earlier request with this key created in `table` (sent by `senderId`), if any. */
export async function idMadeByKey<T extends keyof Keyed>(
  db: Db,
  table: T,
  senderId: Keyed[T]['sender'] extends null ? null : number,
  key: string,
): Promise<number | undefined> {
  const columns: Keyed[keyof Keyed] = KEYED[table]
  // Kysely types one table at a time; KEYED checks each table's columns and their types.
  let query = db
    .selectFrom(table as 'households')
    .select((eb) => eb.ref(columns.made as 'id').as('id'))
    .where(columns.key as 'idempotency_key', '=', key)
  if (columns.sender !== null && senderId !== null) {
    query = query.where(columns.sender as 'owner_user_id', '=', senderId)
  }
  const row = await query.executeTakeFirst()
  return row?.id
}
