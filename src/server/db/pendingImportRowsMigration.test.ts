// Migration 2026_11_29_1201 on the engine the suite runs on: an import waiting for its commit
// when the server is upgraded moves into parts and can still be checked and committed.
import { insertUser } from '../features/accounts/repository'
import { previewImport } from '../features/imports/service'
import { createTestDatabase, migrateTestDatabaseToLatest } from '../testing/testApp'
import type { DatabaseHandle } from './database'

let database: DatabaseHandle
afterEach(() => database.destroy())

const COLUMNS = ['first_name', 'middle_name', 'last_name']

describe('migration 2026_11_29_1201_pending_import_rows', () => {
  it('moves a waiting import’s rows into parts and leaves a committed one without any', async () => {
    database = await createTestDatabase({ upTo: '2026_11_29_1101_household_search_fts' })
    const { db } = database
    const owner = await insertUser(db, 'before', 'x')
    const now = new Date()
    const expires = new Date(now.getTime() + 60 * 60_000).toISOString()
    const rows = Array.from({ length: 1001 }, (_, i) => [`Given${i}`, `Father${i}`, `G${i}`])
    rows[700][0] = ''
    const pending = (id: string, stored: unknown, committed: string | null) => ({
      id,
      owner_user_id: owner.id,
      calendar: 'gregorian',
      columns: JSON.stringify(COLUMNS),
      mapping: JSON.stringify({ first_name: 'first_name', middle_name: 'middle_name' }),
      rows: JSON.stringify(stored),
      created_at: now.toISOString(),
      expires_at: expires,
      committed_at: committed,
      report: committed ? '{}' : null,
    })
    const waiting = 'a'.repeat(32)
    const done = 'b'.repeat(32)
    const rowNumbers = rows.map((_, i) => i + 2)
    await db
      .insertInto('pending_imports')
      .values([
        pending(waiting, { rows, rowNumbers, columnCalendars: [null, null, null] }, null),
        pending(done, [], now.toISOString()),
      ] as never)
      .execute()

    await migrateTestDatabaseToLatest(database)

    const parts = await db
      .selectFrom('pending_import_rows')
      .select(['import_id', 'part'])
      .orderBy('import_id')
      .orderBy('part')
      .execute()
    expect(parts.map((p) => [p.import_id, Number(p.part)])).toEqual([
      [waiting, 0],
      [waiting, 1],
      [waiting, 2],
    ])
    const preview = await previewImport(db, owner.id, waiting, {}, now)
    expect(preview.rows).toBe(1001)
    expect(preview.errors.map((e) => [e.row, e.field])).toEqual([[702, 'first_name']])
    expect(preview.preview[0]).toMatchObject({ row: 2, first_name: 'Given0' })
  })
})
