import { type DBSchema, type IDBPDatabase, openDB } from 'idb'

/**
 * One IndexedDB database of this device (version 1), opened on first use and shared after.
 * `close` forgets the connection, for tests: fake-indexeddb is replaced between them.
 */
export function deviceDatabase<S extends DBSchema>(
  name: string,
  upgrade: (db: IDBPDatabase<S>) => void,
) {
  let opening: Promise<IDBPDatabase<S>> | null = null
  return {
    open: () => (opening ??= openDB<S>(name, 1, { upgrade })),
    async close() {
      const db = await opening
      db?.close()
      opening = null
    },
  }
}
