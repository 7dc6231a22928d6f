import { type DBSchema, type IDBPDatabase, openDB } from 'idb'

/** Forgets each database's connection, for tests: fake-indexeddb is replaced between them. */
const closers: (() => Promise<void>)[] = []

/** One IndexedDB database of this device (version 1), opened on first use and shared after. */
export function deviceDatabase<S extends DBSchema>(
  name: string,
  upgrade: (db: IDBPDatabase<S>) => void,
) {
  let opening: Promise<IDBPDatabase<S>> | null = null
  closers.push(async () => {
    const db = await opening
    db?.close()
    opening = null
  })
  return { open: () => (opening ??= openDB<S>(name, 1, { upgrade })) }
}

/** Closes every device database opened so far (see src/testing/device.ts). */
export async function closeDeviceDatabasesForTests(): Promise<void> {
  await Promise.all(closers.map((close) => close()))
}
