// What an account's earlier creating request made, found by its Idempotency-Key (see
// plugins/idempotency.ts): each keyed create stores the key beside the sender and the new id.
import type { SelectType } from 'kysely'
import type { Database, Db } from './tables'

/** The columns of `T` whose values are of type `V`. */
type ColumnOf<T extends keyof Database, V> = {
  [C in keyof Database[T]]: SelectType<Database[T][C]> extends V ? C : never
}[keyof Database[T]] &
  string

interface KeyColumns<T extends keyof Database> {
  /** The account that sent the key; the same key from another account is another request. */
  sender: ColumnOf<T, number>
  key: ColumnOf<T, string | null>
  /** The id of what the request created. */
  made: ColumnOf<T, number>
}

const KEYED = {
  account_create_keys: { sender: 'user_id', key: 'key', made: 'account_id' },
  member_create_keys: { sender: 'user_id', key: 'key', made: 'member_id' },
  households: { sender: 'owner_user_id', key: 'idempotency_key', made: 'id' },
  payments: { sender: 'recorded_by', key: 'idempotency_key', made: 'id' },
} satisfies { [T in keyof Database]?: KeyColumns<T> }

/** The id a sender's earlier request with this key created in `table`, if any. */
export async function idMadeByKey(
  db: Db,
  table: keyof typeof KEYED,
  senderId: number,
  key: string,
): Promise<number | undefined> {
  const columns = KEYED[table]
  // Kysely types one table at a time; KEYED checks each table's columns and their types.
  const row = await db
    .selectFrom(table as 'households')
    .select((eb) => eb.ref(columns.made as 'id').as('id'))
    .where(columns.sender as 'owner_user_id', '=', senderId)
    .where(columns.key as 'idempotency_key', '=', key)
    .executeTakeFirst()
  return row?.id
}
