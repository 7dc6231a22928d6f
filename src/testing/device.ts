import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { closeDeviceDatabasesForTests } from '../shared/deviceDatabase'

/**
 * A device with nothing kept on it (the offline queue and its notices, offline sign-in, the
 * members read offline): each test that stores on the device starts from this.
 */
export async function emptyDevice(): Promise<void> {
  await closeDeviceDatabasesForTests()
  globalThis.indexedDB = new IDBFactory()
}
